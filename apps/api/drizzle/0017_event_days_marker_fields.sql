-- What a map marker shows, copied into event_days (issue 24): the marker query then reads one table, instead of
-- looking up each matching row's event and cover image (two index lookups per marker: 15 of the 28 ms of a text that
-- matches most of a city's tile). Written by insertEventDays with the rest of the row, like search_document.
-- start_minute: the minute of the day (in the event's zone) of its earliest start touching the day, or -1 when it
-- started on an earlier day.
ALTER TABLE "event_days" ADD COLUMN "title_fr" text;--> statement-breakpoint
ALTER TABLE "event_days" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "event_days" ADD COLUMN "handle" text;--> statement-breakpoint
ALTER TABLE "event_days" ADD COLUMN "image_path" text;--> statement-breakpoint
ALTER TABLE "event_days" ADD COLUMN "image_formats" integer[];--> statement-breakpoint
ALTER TABLE "event_days" ADD COLUMN "start_minute" smallint;--> statement-breakpoint
-- The same fields for a row written without them (by an instance of the previous version during a rolling upgrade):
-- a trigger that runs only for such rows.
CREATE OR REPLACE FUNCTION public.evmap_event_days_marker_fields() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  SELECT e.title_fr, e.title_en, COALESCE(e.handle, e.uuid::text),
    (SELECT i.image_path FROM public.event_images i WHERE i.event_id = e.id ORDER BY i.order_idx LIMIT 1),
    (SELECT i.formats FROM public.event_images i WHERE i.event_id = e.id ORDER BY i.order_idx LIMIT 1),
    CASE WHEN NEW.starts_at IS NULL OR (NEW.starts_at AT TIME ZONE e.time_zone)::date < NEW.day THEN -1
      ELSE (extract(hour FROM NEW.starts_at AT TIME ZONE e.time_zone) * 60
        + extract(minute FROM NEW.starts_at AT TIME ZONE e.time_zone))::int
    END
  INTO NEW.title_fr, NEW.title_en, NEW.handle, NEW.image_path, NEW.image_formats, NEW.start_minute
  FROM public.events e WHERE e.id = NEW.event_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "event_days_marker_fields" BEFORE INSERT ON "event_days"
  FOR EACH ROW WHEN (NEW.handle IS NULL) EXECUTE FUNCTION public.evmap_event_days_marker_fields();--> statement-breakpoint
UPDATE "event_days" d SET "title_fr" = e."title_fr", "title_en" = e."title_en",
  "handle" = COALESCE(e."handle", e."uuid"::text), "image_path" = c."image_path", "image_formats" = c."formats",
  "start_minute" = CASE WHEN d."starts_at" IS NULL OR (d."starts_at" AT TIME ZONE e."time_zone")::date < d."day" THEN -1
    ELSE (extract(hour FROM d."starts_at" AT TIME ZONE e."time_zone") * 60
      + extract(minute FROM d."starts_at" AT TIME ZONE e."time_zone"))::int
  END
FROM "events" e
LEFT JOIN LATERAL (
  SELECT i."image_path", i."formats" FROM "event_images" i WHERE i."event_id" = e."id" ORDER BY i."order_idx" LIMIT 1
) c ON true
WHERE e."id" = d."event_id";
