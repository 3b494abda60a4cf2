-- Up Migration
-- Users whose cached badge counts (the summary the gateway polls, in Redis) must be rewritten or removed: a row is
-- written in the transaction that completed one of their badges or erased them, and deleted once Redis holds the
-- committed state. What is left (a refresh that failed, a worker stopped between the commit and the refresh) the
-- badge worker retries, so the cache can keep counts for days and still be stale only until Redis is reachable.
-- `version` grows with each change, so a refresh deletes the row only if no later change came meanwhile.
CREATE TABLE badges.summary_refreshes (
  user_id integer PRIMARY KEY,
  version bigint NOT NULL DEFAULT 1,
  requested_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE IF EXISTS badges.summary_refreshes;
