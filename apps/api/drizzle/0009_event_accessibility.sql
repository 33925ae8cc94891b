ALTER TABLE "event_days" ADD COLUMN "access" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "access" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "access_note_fr" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "access_note_en" text;--> statement-breakpoint
CREATE INDEX "event_days_access_idx" ON "event_days" USING btree ("day","longitude","latitude","access","category_id","event_id") WHERE "event_days"."access" <> 0;