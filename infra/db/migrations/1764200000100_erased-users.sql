-- Up Migration
-- The accounts each per-user read model erased, kept for the processed-events retention window (7 days; the
-- worker's housekeeping purges older rows): an event of that user still on its way (a backlog, an outage, a
-- retry) is then claimed and skipped instead of writing their rows again after the erasure. The idempotent
-- consumer reads it in the statement after the claim, once the user's advisory lock is held, so an erasure that
-- committed while the claim waited is seen. Only the id and the time: nothing else of the person.
CREATE TABLE results.erased_users (
  user_id integer PRIMARY KEY,
  erased_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX erased_users_erased_at ON results.erased_users (erased_at);
CREATE TABLE badges.erased_users (
  user_id integer PRIMARY KEY,
  erased_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX erased_users_erased_at ON badges.erased_users (erased_at);
CREATE TABLE classes.erased_users (
  user_id integer PRIMARY KEY,
  erased_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX erased_users_erased_at ON classes.erased_users (erased_at);

-- The services' roles (1763900000121_service-roles.sql, 1763900000401_classes-service-role.sql): rows only. Their
-- default privileges already cover tables this migration role creates; granting by name keeps it true if another
-- role migrates.
GRANT SELECT, INSERT, UPDATE, DELETE ON results.erased_users TO mathgames_results;
GRANT SELECT, INSERT, UPDATE, DELETE ON badges.erased_users TO mathgames_badges;
GRANT SELECT, INSERT, UPDATE, DELETE ON classes.erased_users TO mathgames_classes;

-- Down Migration
DROP TABLE IF EXISTS results.erased_users;
DROP TABLE IF EXISTS badges.erased_users;
DROP TABLE IF EXISTS classes.erased_users;
