-- event_days_markers_idx (migration 0018) has not been read since the release of migration 0019, whose marker query
-- reads a tile as a range of event_days_tiles_idx (and a text search through event_days_bounds_idx). That release
-- is the one running while this migration runs (migrations-policy.test.ts), so nothing reads the index any more;
-- every write of an event still paid for it. At 100,000 events it held 31 MB, and rewriting 6,738 rows of
-- event_days took about 20% longer with it (about 420 ms against 350 ms).
DROP INDEX IF EXISTS "event_days_markers_idx";
