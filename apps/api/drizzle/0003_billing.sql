CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billing" jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "subscription_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "idempotency_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trial_notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_idempotency_key" ON "invoices" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_provider_ref_key" ON "payment_methods" USING btree ("provider","provider_ref") WHERE "payment_methods"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_live_user_key" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" IN ('active', 'past_due');