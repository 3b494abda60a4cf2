-- Up Migration
-- Mastery per outcome (docs/product-rules.md#mastery): the pupil's rung on each Maarif outcome they have started (practising, familiar,
-- proficient, mastered) and its 7- and 30-day checks, kept by statistics-worker from game-result.recorded events
-- (their `skills`, contracts `masteryAfterSkills`). Outcomes never asked have no row (not started).
CREATE TABLE results.outcome_mastery (
  user_id integer NOT NULL,
  outcome text NOT NULL,
  level text NOT NULL CHECK (level IN ('practising', 'familiar', 'proficient', 'mastered')),
  games integer NOT NULL DEFAULT 0,
  mastered_at timestamptz,
  checks_passed smallint NOT NULL DEFAULT 0 CHECK (checks_passed BETWEEN 0 AND 2),
  check_due_at timestamptz,
  retained boolean,
  needs_help boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, outcome)
);

-- The results service's role (1763900000121_service-roles.sql): rows only, no DDL. Its default privileges already
-- cover tables this migration role creates; granting by name keeps it true if another role migrates.
GRANT SELECT, INSERT, UPDATE, DELETE ON results.outcome_mastery TO mathgames_results;

-- Down Migration
DROP TABLE IF EXISTS results.outcome_mastery;
