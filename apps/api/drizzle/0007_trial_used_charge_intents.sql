CREATE TABLE "charge_intents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text NOT NULL,
	"payment_method_ref" text NOT NULL,
	"invoice_number" text NOT NULL,
	"description" text NOT NULL,
	"subtotal" integer NOT NULL,
	"tax" integer NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"lines" jsonb NOT NULL,
	"taxes" jsonb NOT NULL,
	"billing" jsonb NOT NULL,
	"payload" jsonb NOT NULL,
	"event_id" integer,
	"provider_ref" text,
	"hosted_pdf_url" text,
	"failure_code" text,
	"invoice_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "local_payments" (
	"idempotency_key" text NOT NULL,
	"ref" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"invoice_number" text NOT NULL,
	"decline_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_payments_idempotency_key_pk" PRIMARY KEY("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "trial_used" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "charge_intents" ADD CONSTRAINT "charge_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_intents" ADD CONSTRAINT "charge_intents_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charge_intents" ADD CONSTRAINT "charge_intents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charge_intents_pending_key" ON "charge_intents" USING btree ("user_id","subject") WHERE "charge_intents"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "charge_intents_pending_idx" ON "charge_intents" USING btree ("created_at") WHERE "charge_intents"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "charge_intents_event_idx" ON "charge_intents" USING btree ("event_id");--> statement-breakpoint
-- Existing accounts: any account that has had a plan or a trial end, or whose plan ever changed, has had its trial.
UPDATE "users" SET "trial_used" = true
WHERE "plan_type" IS NOT NULL OR "trial_ended_at" IS NOT NULL
  OR EXISTS (SELECT 1 FROM "plan_changes" p WHERE p."user_id" = "users"."id");
