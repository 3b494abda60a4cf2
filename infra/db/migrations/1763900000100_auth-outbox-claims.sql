-- Up Migration
-- The relay claims rows for a lease, commits, publishes, then marks them published in a second transaction:
-- no transaction stays open while the broker confirms, and a crashed relay's rows return when the lease ends.
ALTER TABLE auth.outbox ADD COLUMN claimed_until timestamptz;
-- Housekeeping purges published rows and processed-event records past the retention window.
CREATE INDEX outbox_published ON auth.outbox (published_at) WHERE published_at IS NOT NULL;
CREATE INDEX processed_events_processed_at ON auth.processed_events (processed_at);

-- Down Migration
DROP INDEX IF EXISTS auth.processed_events_processed_at;
DROP INDEX IF EXISTS auth.outbox_published;
ALTER TABLE auth.outbox DROP COLUMN IF EXISTS claimed_until;
