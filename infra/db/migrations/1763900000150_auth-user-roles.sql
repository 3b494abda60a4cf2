-- Up Migration
-- Teachers (registered with "I am a teacher") create classes; every role plays the same games.
ALTER TABLE auth.users ADD CONSTRAINT users_role CHECK (role IN ('user', 'teacher'));

-- Down Migration
ALTER TABLE auth.users DROP CONSTRAINT IF EXISTS users_role;
