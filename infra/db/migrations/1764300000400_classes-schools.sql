-- Up Migration
-- The school ladder: provinces (il) -> districts (ilçe) -> schools (okul) -> classes, and school scope enforced by
-- Postgres Row-Level Security below the application (docs/decisions/0060-school-scope-row-level-security.md).
-- The ladder lives in the classes schema: classes belong to schools, and the classes service is the one that
-- reads and writes both. Only ids and the places' own names are kept: no person's name or address.

CREATE TABLE classes.provinces (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (char_length(name) BETWEEN 1 AND 60),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE classes.districts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  province_id integer NOT NULL REFERENCES classes.provinces (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (province_id, name)
);

-- A school. district_id is NULL only for a teacher's own school (personal_teacher_id set): the school every
-- teacher who had classes before the ladder got, and that a teacher with no school gets with their first class.
-- An admin later moves it into a district or merges it into a real school.
CREATE TABLE classes.schools (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  district_id integer REFERENCES classes.districts (id),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  -- MEB kurum kodu (the ministry's institution code), when known.
  meb_code text UNIQUE CHECK (meb_code ~ '^[0-9]{6,8}$'),
  personal_teacher_id integer UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (district_id IS NOT NULL OR personal_teacher_id IS NOT NULL)
);
CREATE INDEX schools_district ON classes.schools (district_id);

-- Who works in which school, and as what: a teacher works in one or more schools; a school admin runs one; a coach
-- (rehber öğretmen) reads one. District and province admins come with the admin tables of a later migration.
CREATE TABLE classes.school_members (
  school_id integer NOT NULL REFERENCES classes.schools (id) ON DELETE CASCADE,
  user_id integer NOT NULL,
  role text NOT NULL CHECK (role IN ('teacher', 'school_admin', 'coach')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (school_id, user_id, role)
);
CREATE INDEX school_members_user ON classes.school_members (user_id);

-- Every class belongs to one school. Existing classes: one school per teacher, named after the teacher's id.
ALTER TABLE classes.classes ADD COLUMN school_id integer REFERENCES classes.schools (id);
INSERT INTO classes.schools (name, personal_teacher_id)
  SELECT 'teacher-' || teacher_id, teacher_id FROM (SELECT DISTINCT teacher_id FROM classes.classes) t
   ORDER BY teacher_id;
INSERT INTO classes.school_members (school_id, user_id, role)
  SELECT id, personal_teacher_id, 'teacher' FROM classes.schools WHERE personal_teacher_id IS NOT NULL;
UPDATE classes.classes c SET school_id = s.id FROM classes.schools s WHERE s.personal_teacher_id = c.teacher_id;
ALTER TABLE classes.classes ALTER COLUMN school_id SET NOT NULL;
CREATE INDEX classes_school ON classes.classes (school_id);

-- The school a teacher's new class goes into: their first school as a teacher or, with none, a school of their own
-- (made here, with their membership). One rule for the service and for any direct insert that names no school
-- (the trigger below): nobody's class is ever without a school.
CREATE FUNCTION classes.school_for_new_class(uid integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  sid integer;
BEGIN
  SELECT min(school_id) INTO sid FROM classes.school_members WHERE user_id = uid AND role = 'teacher';
  IF sid IS NOT NULL THEN
    RETURN sid;
  END IF;
  INSERT INTO classes.schools (name, personal_teacher_id) VALUES ('teacher-' || uid, uid)
    ON CONFLICT (personal_teacher_id) DO NOTHING RETURNING id INTO sid;
  IF sid IS NULL THEN
    SELECT id INTO sid FROM classes.schools WHERE personal_teacher_id = uid;
  END IF;
  INSERT INTO classes.school_members (school_id, user_id, role) VALUES (sid, uid, 'teacher') ON CONFLICT DO NOTHING;
  RETURN sid;
END
$$;
CREATE FUNCTION classes.classes_default_school() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.school_id IS NULL THEN
    NEW.school_id := classes.school_for_new_class(NEW.teacher_id);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER classes_default_school BEFORE INSERT ON classes.classes
  FOR EACH ROW EXECUTE FUNCTION classes.classes_default_school();

-- The request's school set: a transaction-local setting the service's database helper writes from the signed
-- identity (platform `schoolScopeStatement`). Unset, empty or after the transaction: no school at all.
-- `app.all_schools = 'on'` is the explicit scope of the consumers, whose events span schools.
CREATE FUNCTION classes.all_schools() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('app.all_schools', true), '') = 'on'
$$;
CREATE FUNCTION classes.school_in_scope(school integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT classes.all_schools()
      OR school = ANY (coalesce(nullif(current_setting('app.school_ids', true), ''), '{}')::integer[])
$$;

-- The schools a signed-in user's requests may see: the schools they are a member of, and a pupil's class's school.
-- It reads the roster across schools (the scope is not known yet), so it takes the consumers' scope for its own
-- statement and gives the setting back before it returns; it answers school ids, nothing else. (A function's SET
-- clause would be simpler, but only a superuser may create one naming a custom setting.)
CREATE FUNCTION classes.school_ids_of_user(uid integer) RETURNS integer[] LANGUAGE plpgsql AS $$
DECLARE
  prior text := coalesce(current_setting('app.all_schools', true), '');
  ids integer[];
BEGIN
  PERFORM set_config('app.all_schools', 'on', true);
  SELECT coalesce(array_agg(school_id ORDER BY school_id), '{}') INTO ids FROM (
    SELECT school_id FROM classes.school_members WHERE user_id = uid
    UNION
    SELECT c.school_id FROM classes.pupils p JOIN classes.classes c ON c.id = p.class_id WHERE p.user_id = uid
  ) s;
  PERFORM set_config('app.all_schools', prior, true);
  RETURN ids;
END
$$;

REVOKE ALL ON FUNCTION classes.all_schools(), classes.school_in_scope(integer), classes.school_ids_of_user(integer),
  classes.school_for_new_class(integer), classes.classes_default_school() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION classes.all_schools(), classes.school_in_scope(integer),
  classes.school_ids_of_user(integer), classes.school_for_new_class(integer), classes.classes_default_school()
  TO mathgames_classes;

-- Row-Level Security on every table holding a class's or a pupil's data. The service role is not the tables' owner
-- and has no BYPASSRLS, so the policies bind it (the owner, the migration role, is not bound: it runs data
-- migrations and backups run as the database admin). Each child table's policy reads its parent, whose own policy
-- applies inside, so a row is visible exactly when its class's school is in scope. Foreign-key checks and
-- ON DELETE CASCADE bypass row security by design, so erasure and class deletion still take every row.
ALTER TABLE classes.classes ENABLE ROW LEVEL SECURITY;
CREATE POLICY school_scope ON classes.classes
  USING (classes.school_in_scope(school_id)) WITH CHECK (classes.school_in_scope(school_id));

ALTER TABLE classes.pupils ENABLE ROW LEVEL SECURITY;
CREATE POLICY school_scope ON classes.pupils USING (
  classes.all_schools() OR EXISTS (SELECT 1 FROM classes.classes c WHERE c.id = pupils.class_id));

ALTER TABLE classes.assignments ENABLE ROW LEVEL SECURITY;
CREATE POLICY school_scope ON classes.assignments USING (
  classes.all_schools() OR EXISTS (SELECT 1 FROM classes.classes c WHERE c.id = assignments.class_id));

ALTER TABLE classes.assignment_pupils ENABLE ROW LEVEL SECURITY;
CREATE POLICY school_scope ON classes.assignment_pupils USING (
  classes.all_schools() OR EXISTS (SELECT 1 FROM classes.assignments a WHERE a.id = assignment_pupils.assignment_id));

ALTER TABLE classes.assignment_completions ENABLE ROW LEVEL SECURITY;
CREATE POLICY school_scope ON classes.assignment_completions USING (
  classes.all_schools()
  OR EXISTS (SELECT 1 FROM classes.assignments a WHERE a.id = assignment_completions.assignment_id));

-- The per-pupil read models (kept by the classes-worker, read by the teacher's dashboard).
ALTER TABLE classes.pupil_progress ENABLE ROW LEVEL SECURITY;
CREATE POLICY school_scope ON classes.pupil_progress USING (
  classes.all_schools() OR EXISTS (SELECT 1 FROM classes.pupils p WHERE p.user_id = pupil_progress.user_id));
ALTER TABLE classes.pupil_topic_progress ENABLE ROW LEVEL SECURITY;
CREATE POLICY school_scope ON classes.pupil_topic_progress USING (
  classes.all_schools() OR EXISTS (SELECT 1 FROM classes.pupils p WHERE p.user_id = pupil_topic_progress.user_id));
ALTER TABLE classes.pupil_mistakes ENABLE ROW LEVEL SECURITY;
CREATE POLICY school_scope ON classes.pupil_mistakes USING (
  classes.all_schools() OR EXISTS (SELECT 1 FROM classes.pupils p WHERE p.user_id = pupil_mistakes.user_id));
ALTER TABLE classes.pupil_games ENABLE ROW LEVEL SECURITY;
CREATE POLICY school_scope ON classes.pupil_games USING (
  classes.all_schools() OR EXISTS (SELECT 1 FROM classes.pupils p WHERE p.user_id = pupil_games.user_id));
ALTER TABLE classes.pupil_facts ENABLE ROW LEVEL SECURITY;
CREATE POLICY school_scope ON classes.pupil_facts USING (
  classes.all_schools() OR EXISTS (SELECT 1 FROM classes.pupils p WHERE p.user_id = pupil_facts.user_id));
ALTER TABLE classes.pupil_mastery ENABLE ROW LEVEL SECURITY;
CREATE POLICY school_scope ON classes.pupil_mastery USING (
  classes.all_schools() OR EXISTS (SELECT 1 FROM classes.pupils p WHERE p.user_id = pupil_mastery.user_id));

-- The classes service's role (1763900000401_classes-service-role.sql): rows only. Its default privileges already
-- cover tables this migration role creates; granting by name keeps it true if another role migrates.
GRANT SELECT, INSERT, UPDATE, DELETE ON classes.provinces, classes.districts, classes.schools, classes.school_members
  TO mathgames_classes;

-- Down Migration
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['classes', 'pupils', 'assignments', 'assignment_pupils', 'assignment_completions',
                           'pupil_progress', 'pupil_topic_progress', 'pupil_mistakes', 'pupil_games', 'pupil_facts',
                           'pupil_mastery'] LOOP
    EXECUTE format('DROP POLICY IF EXISTS school_scope ON classes.%I', t);
    EXECUTE format('ALTER TABLE classes.%I DISABLE ROW LEVEL SECURITY', t);
  END LOOP;
END
$$;
DROP TRIGGER IF EXISTS classes_default_school ON classes.classes;
DROP FUNCTION IF EXISTS classes.classes_default_school();
DROP FUNCTION IF EXISTS classes.school_for_new_class(integer);
DROP FUNCTION IF EXISTS classes.school_ids_of_user(integer);
DROP FUNCTION IF EXISTS classes.school_in_scope(integer);
DROP FUNCTION IF EXISTS classes.all_schools();
ALTER TABLE classes.classes DROP COLUMN IF EXISTS school_id;
DROP TABLE IF EXISTS classes.school_members;
DROP TABLE IF EXISTS classes.schools;
DROP TABLE IF EXISTS classes.districts;
DROP TABLE IF EXISTS classes.provinces;
