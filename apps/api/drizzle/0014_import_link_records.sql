-- Import links keep the record's event body and its hash (issue 25), so an administrator can split a link and
-- create the record as its own event at once.
ALTER TABLE "import_links" ADD COLUMN "event_body" jsonb;--> statement-breakpoint
ALTER TABLE "import_links" ADD COLUMN "import_hash" text;