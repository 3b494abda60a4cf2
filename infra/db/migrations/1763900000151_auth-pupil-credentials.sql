-- Up Migration
-- Pupils are accounts a teacher makes: no e-mail, no typed password; they sign in with two pictures in order.
ALTER TABLE auth.users DROP CONSTRAINT users_role;
ALTER TABLE auth.users ADD CONSTRAINT users_role CHECK (role IN ('user', 'teacher', 'pupil'));

CREATE TABLE auth.pupil_credentials (
  user_id integer PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
  -- argon2id of the two picture names in order ("sun:star"): never readable again, only checked.
  picture_hash text NOT NULL,
  -- The class the pupil signs in through (classes' id): the per-class guessing limit is keyed by it.
  class_id integer NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pupil_credentials_class ON auth.pupil_credentials (class_id);

-- Down Migration
DROP TABLE IF EXISTS auth.pupil_credentials;
ALTER TABLE auth.users DROP CONSTRAINT users_role;
ALTER TABLE auth.users ADD CONSTRAINT users_role CHECK (role IN ('user', 'teacher'));
