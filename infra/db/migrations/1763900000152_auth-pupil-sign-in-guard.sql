-- Up Migration
-- Wrong pictures across one class: past a limit the class's picture sign-in pauses for a few minutes, so nobody can
-- walk the roster trying 72 passwords per pupil. Keyed by class, never by address: a school shares one address.
CREATE TABLE auth.class_sign_in_guard (
  class_id integer PRIMARY KEY,
  window_start timestamptz NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  locked_until timestamptz
);

-- Down Migration
DROP TABLE IF EXISTS auth.class_sign_in_guard;
