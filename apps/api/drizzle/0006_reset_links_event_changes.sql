CREATE TABLE "event_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version" bigint,
	"event_id" integer NOT NULL,
	"days" text[] DEFAULT '{}' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "account_stamp" text;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD COLUMN "email" text;--> statement-breakpoint
CREATE INDEX "event_changes_version_idx" ON "event_changes" USING btree ("version");--> statement-breakpoint
CREATE INDEX "event_changes_created_idx" ON "event_changes" USING btree ("created_at");