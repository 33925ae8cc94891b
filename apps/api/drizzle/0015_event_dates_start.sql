-- Imports (issue 25): the duplicate check of each new record looks for events with a date starting within 30 minutes
-- of the record's; without an index on start_date alone that is a scan of every event date (about 0.2 s a record at
-- 100,000 events, minutes for a file of 10,000 records).
CREATE INDEX IF NOT EXISTS "event_dates_start_idx" ON "event_dates" USING btree ("start_date");
