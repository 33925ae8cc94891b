-- Organisation pages (issue 26): each organisation (event-manager) gets a readable, unique, stable handle for its
-- public page, /organisations/{handle}: its name without accents, lower-cased, words joined by hyphens
-- ("Salle du Plateau" -> salle-du-plateau), then -2, -3... on a clash. A trigger, so that every write path (signup,
-- the admin's user form, a viewer becoming an organisation, the demo data) sets it, and never changes it after.
ALTER TABLE "users" ADD COLUMN "handle" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_handle_key" ON "users" USING btree ("handle");--> statement-breakpoint
-- The folded name, at most 80 characters (as the events' slugs), or "organisation" when nothing is left of it.
CREATE OR REPLACE FUNCTION public.evmap_handle_base(name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT COALESCE(NULLIF(rtrim(left(btrim(regexp_replace(lower(public.evmap_unaccent(COALESCE(name, ''))),
    '[^a-z0-9]+', '-', 'g'), '-'), 80), '-'), ''), 'organisation') $$;--> statement-breakpoint
-- The first free handle of a name for the account `self`. Concurrent signups of one name wait for each other (a lock
-- per base held to the end of the transaction) rather than one failing on the unique index.
CREATE OR REPLACE FUNCTION public.evmap_free_handle(name text, self integer) RETURNS text
  LANGUAGE plpgsql
  AS $$
DECLARE
  base text := public.evmap_handle_base(name);
  candidate text := base;
  n integer := 1;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('users.handle:' || base));
  WHILE EXISTS (SELECT 1 FROM public.users WHERE handle = candidate AND id IS DISTINCT FROM self) LOOP
    n := n + 1;
    candidate := base || '-' || n;
  END LOOP;
  RETURN candidate;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.evmap_organisation_handle() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.handle IS NULL AND NEW.type = 'event-manager' AND NULLIF(btrim(NEW.name), '') IS NOT NULL THEN
    NEW.handle := public.evmap_free_handle(NEW.name, NEW.id);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_organisation_handle" BEFORE INSERT OR UPDATE OF "type", "name", "handle" ON "users"
  FOR EACH ROW EXECUTE FUNCTION public.evmap_organisation_handle();--> statement-breakpoint
-- The organisations already there, oldest first (so the oldest keeps the plain handle), one statement each so that
-- each sees the handles given before it.
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT id, name FROM public.users
    WHERE type = 'event-manager' AND handle IS NULL AND NULLIF(btrim(name), '') IS NOT NULL ORDER BY id
  LOOP
    UPDATE public.users SET handle = public.evmap_free_handle(r.name, r.id) WHERE id = r.id;
  END LOOP;
END $$;
