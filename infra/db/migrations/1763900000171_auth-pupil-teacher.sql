-- Up Migration
-- The teacher who made the pupil (the caller of /internal/pupils): a teacher who deletes their own account takes
-- their pupils' accounts with them, without auth asking the classes service.
ALTER TABLE auth.pupil_credentials ADD COLUMN teacher_id integer;
CREATE INDEX pupil_credentials_teacher ON auth.pupil_credentials (teacher_id);

-- Down Migration
DROP INDEX IF EXISTS auth.pupil_credentials_teacher;
ALTER TABLE auth.pupil_credentials DROP COLUMN IF EXISTS teacher_id;
