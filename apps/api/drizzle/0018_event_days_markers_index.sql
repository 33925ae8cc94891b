-- A covering index for the marker query without text (issue 23): every column a marker shows is in the index, so a
-- tile is an index-only scan of a few dozen adjacent pages instead of one heap page per marker (a day's events of a
-- city are spread over the whole table, in the order they were written). At 100,000 events the Montréal tile of
-- zoom 9 (2,209 markers) went from 2,075 pages and 5.4 ms to 89 pages and 1.8 ms in PostgreSQL. Titles are at most
-- 200 characters (the event schemas), so a row stays far below the B-tree's limit (about 2,700 bytes).
-- The text search still reads the heap (GIN gives row addresses): it uses event_days_bounds_idx as before.
CREATE INDEX IF NOT EXISTS "event_days_markers_idx" ON "event_days" ("day", "longitude", "latitude")
  INCLUDE ("category_id", "event_id", "access", "start_minute", "handle", "image_path", "image_formats", "title_fr", "title_en");
