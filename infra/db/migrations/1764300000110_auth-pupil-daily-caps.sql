-- Up Migration
-- Daily caps on wrong picture tries (docs/decisions/0042-picture-password-daily-caps.md). Per pupil: wrong tries in
-- the day that began with the first of them; the child's own sign-in does not clear them, the teacher's unlock does.
-- Per class: wrong tries from places outside the school in the day, all places together; reached, outside places
-- wait until the day ends and the teacher's sign-in trouble panel says so.
ALTER TABLE auth.pupil_credentials
  ADD COLUMN day_failures integer NOT NULL DEFAULT 0,
  ADD COLUMN day_started_at timestamptz;
CREATE TABLE auth.class_sign_in_days (
  class_id integer PRIMARY KEY,
  day_started_at timestamptz NOT NULL DEFAULT now(),
  outside_failures integer NOT NULL DEFAULT 0
);

-- Down Migration
DROP TABLE IF EXISTS auth.class_sign_in_days;
ALTER TABLE auth.pupil_credentials DROP COLUMN IF EXISTS day_failures, DROP COLUMN IF EXISTS day_started_at;
