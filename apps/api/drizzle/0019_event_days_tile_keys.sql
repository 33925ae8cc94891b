-- The marker tiles by key (issue 23): a tile without text reads one contiguous range of an index on (day, tile key)
-- that holds every column of a marker. With event_days_markers_idx on (day, longitude, latitude) PostgreSQL guessed
-- a box's rows from longitude and latitude as if they were unrelated (17 rows for a Montréal tile of 190 at 100,000
-- events, 162 for 2,135 at 1,000,000) and, for the tiles it misjudged most, read event_days_bounds_idx and one heap
-- page per marker (2,182 pages cold) instead of the covering index (about 240): the uncached tiles' slowest answers.
-- A tile key is one column whose statistics follow where the events are, and the index scan's pages follow its rows.
--
-- evmap_tile_key: the tile of zoom 12 holding a point, as the web app and the API cut tiles (tilesCovering in
-- @evmap/contract/markers: column floor((lng + 180) / 360 * 4096), row from the Web Mercator latitude, the west and
-- north edges included), its column and row bits interleaved (Morton order: x in the even bits, y in the odd ones),
-- so that every tile of zoom 12 or less is one range of keys (tile-keys.ts computes the ranges).
CREATE OR REPLACE FUNCTION evmap_tile_key(longitude double precision, latitude double precision) RETURNS integer
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  lat double precision := least(85.05112878, greatest(-85.05112878, latitude));
  x integer := least(4095, greatest(0, floor((longitude + 180) / 360 * 4096)))::integer;
  y integer := least(4095, greatest(0, floor((1 - asinh(tan(lat * pi() / 180)) / pi()) / 2 * 4096)))::integer;
BEGIN
  x := (x | (x << 8)) & 16711935;
  x := (x | (x << 4)) & 252645135;
  x := (x | (x << 2)) & 858993459;
  x := (x | (x << 1)) & 1431655765;
  y := (y | (y << 8)) & 16711935;
  y := (y | (y << 4)) & 252645135;
  y := (y | (y << 2)) & 858993459;
  y := (y | (y << 1)) & 1431655765;
  RETURN x | (y << 1);
END;
$$;--> statement-breakpoint
-- Longitude and latitude are included: the answer shows them, and an index-only scan needs the columns of the
-- key's expression as well.
CREATE INDEX IF NOT EXISTS "event_days_tiles_idx" ON "event_days" ("day", evmap_tile_key("longitude", "latitude"))
  INCLUDE ("longitude", "latitude", "category_id", "event_id", "access", "start_minute", "handle", "image_path",
    "image_formats", "title_fr", "title_en");
-- event_days_markers_idx (migration 0018) is read only by the previous release, which may still be running during a
-- rolling upgrade (migrations-policy.test.ts): a later release drops it.
