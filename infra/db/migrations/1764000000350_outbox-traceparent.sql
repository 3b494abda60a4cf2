-- Up Migration
-- The W3C trace context of the transaction that wrote each row, so the relay's publish (and every consumer after
-- it) joins the trace of the request that caused it. NULL when tracing is off or the row's trace was not sampled.
ALTER TABLE auth.outbox ADD COLUMN traceparent text;
ALTER TABLE results.outbox ADD COLUMN traceparent text;

-- Down Migration
ALTER TABLE results.outbox DROP COLUMN IF EXISTS traceparent;
ALTER TABLE auth.outbox DROP COLUMN IF EXISTS traceparent;
