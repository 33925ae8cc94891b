-- Text search of the map (issue 24): PostgreSQL full-text search in French and English over accent-free text.
-- unaccent ships with PostgreSQL's contrib (the embedded server has it). Its function is only STABLE (its dictionary
-- could change): the wrapper below is declared IMMUTABLE so that generated columns and indexes may use it, with the
-- dictionary named in full (and every name schema-qualified) so that it means the same whatever the search_path.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.evmap_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
-- One text as lexemes of both languages (French and English stemming, each over the accent-free text), weighted.
CREATE OR REPLACE FUNCTION public.evmap_search_vector(body text, weight "char") RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(to_tsvector('pg_catalog.french'::regconfig, public.evmap_unaccent(COALESCE(body, ''))), weight)
    || setweight(to_tsvector('pg_catalog.english'::regconfig, public.evmap_unaccent(COALESCE(body, ''))), weight) $$;--> statement-breakpoint
-- The event's own texts: titles (A), descriptions (B), place (C). Generated, so every write keeps it true.
ALTER TABLE "events" ADD COLUMN "search_document" tsvector GENERATED ALWAYS AS (
  public.evmap_search_vector(COALESCE("title_fr", '') || ' ' || COALESCE("title_en", ''), 'A')
  || public.evmap_search_vector(COALESCE("description_fr", '') || ' ' || COALESCE("description_en", ''), 'B')
  || public.evmap_search_vector(COALESCE("address", '') || ' ' || COALESCE("city", '') || ' ' || COALESCE("zipcode", ''), 'C')
) STORED;--> statement-breakpoint
-- A copy in event_days (the search's own table, rewritten with every event write by refreshEventDays), with a GIN
-- index: PostgreSQL ANDs the text's bitmap with the day-and-bounds one (event_days_bounds_idx) instead of reading each
-- candidate event. Rows written by a previous version during a rolling upgrade stay NULL until their event's next write.
-- Also, for "now", the instants of the earliest start and latest end (or start) among the event's dates touching the
-- day: a cheap first test on the row before the exact one on the event's dates.
ALTER TABLE "event_days" ADD COLUMN "search_document" tsvector;--> statement-breakpoint
ALTER TABLE "event_days" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_days" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
UPDATE "event_days" d SET "search_document" = s."search_document", "starts_at" = s."starts_at", "ends_at" = s."ends_at"
FROM (
  SELECT g.day::date AS day, e.id, e.search_document,
    min(t.start_date AT TIME ZONE e.time_zone) AS starts_at,
    max(COALESCE(t.end_date, t.start_date) AT TIME ZONE e.time_zone) AS ends_at
  FROM "events" e
  JOIN "event_dates" t ON t.event_id = e.id
  CROSS JOIN LATERAL generate_series(
    t.start_date::date,
    GREATEST(t.start_date::date, (COALESCE(t.end_date, t.start_date) - interval '1 second')::date),
    interval '1 day'
  ) AS g(day)
  GROUP BY g.day::date, e.id
) s
WHERE s.day = d.day AND s.id = d.event_id;--> statement-breakpoint
-- The organiser's business name (weight C), matched at query time through events.creator_id: a new name rewrites no event.
ALTER TABLE "users" ADD COLUMN "name_document" tsvector GENERATED ALWAYS AS (public.evmap_search_vector("name", 'C')) STORED;--> statement-breakpoint
CREATE INDEX "event_days_search_document_idx" ON "event_days" USING gin ("search_document");--> statement-breakpoint
CREATE INDEX "users_name_document_idx" ON "users" USING gin ("name_document");--> statement-breakpoint
-- A new business name changes which events a text finds: raise the events version (as an event write does) so that every
-- instance's search and marker caches drop what they kept. No event_changes rows: the caches then empty whole
-- (organisers with events seldom change their name).
CREATE OR REPLACE FUNCTION public.evmap_organiser_renamed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM public.events WHERE creator_id = NEW.id) THEN
    INSERT INTO public.app_meta (key, value) VALUES ('events_version', '1')
    ON CONFLICT (key) DO UPDATE SET value = (public.app_meta.value::bigint + 1)::text, updated_at = now();
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_name_changed" AFTER UPDATE OF "name" ON "users"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name") EXECUTE FUNCTION public.evmap_organiser_renamed();
