-- Up Migration
-- Housekeeping purges processed-event records past the retention window.
CREATE INDEX processed_events_processed_at ON badges.processed_events (processed_at);

-- Down Migration
DROP INDEX IF EXISTS badges.processed_events_processed_at;
