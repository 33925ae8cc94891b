-- Feeds (issue 26): a revision counter per event, raised by every write that changes what the event shows or
-- whether it is shown (iCalendar SEQUENCE). A trigger, so that every write path, and the running older version
-- during a rolling upgrade, raise it; view and report counters (which do not touch updated_at) leave it alone.
ALTER TABLE "events" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "events_raise_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.updated_at IS DISTINCT FROM OLD.updated_at OR NEW.active IS DISTINCT FROM OLD.active
    OR NEW.deleted_at IS DISTINCT FROM OLD.deleted_at THEN
    NEW.revision := OLD.revision + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "events_revision" BEFORE UPDATE ON "events" FOR EACH ROW EXECUTE FUNCTION "events_raise_revision"();
--> statement-breakpoint
-- The feeds' cancelled events: deactivated or deleted lately.
CREATE INDEX "events_withdrawn_idx" ON "events" ("updated_at") WHERE NOT "active" OR "deleted_at" IS NOT NULL;
