-- Up Migration
-- Mastery per outcome for the teacher (docs/product-rules.md#mastery): a rostered pupil's rung on each outcome they have started and its
-- 7- and 30-day checks, kept by classes-worker from game-result.recorded events (their `skills`, the same
-- `masteryAfterSkills` as results.outcome_mastery), gone with the pupil (ON DELETE CASCADE).
CREATE TABLE classes.pupil_mastery (
  user_id integer NOT NULL REFERENCES classes.pupils (user_id) ON DELETE CASCADE,
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

-- The classes service's role (1763900000401_classes-service-role.sql): rows only, no DDL. Its default privileges
-- already cover tables this migration role creates; granting by name keeps it true if another role migrates.
GRANT SELECT, INSERT, UPDATE, DELETE ON classes.pupil_mastery TO mathgames_classes;

-- Down Migration
DROP TABLE IF EXISTS classes.pupil_mastery;
