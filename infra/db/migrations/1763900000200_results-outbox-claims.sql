-- Up Migration
-- The relay claims rows for a lease, commits, publishes, then marks them published in a second transaction:
-- no transaction stays open while the broker confirms, and a crashed relay's rows return when the lease ends.
ALTER TABLE results.outbox ADD COLUMN claimed_until timestamptz;
-- Housekeeping purges published rows and processed-event records past the retention window.
CREATE INDEX outbox_published ON results.outbox (published_at) WHERE published_at IS NOT NULL;
CREATE INDEX processed_events_processed_at ON results.processed_events (processed_at);

-- Down Migration
DROP INDEX IF EXISTS results.processed_events_processed_at;
DROP INDEX IF EXISTS results.outbox_published;
ALTER TABLE results.outbox DROP COLUMN IF EXISTS claimed_until;
