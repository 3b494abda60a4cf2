-- Up Migration
-- The ladder's admins, the operator's one-time invitations of a province's or district's first admin, and the
-- append-only audit log of admin actions (docs/decisions/0061-admin-invitations-and-audit-log.md). Ids only: no
-- person's name, e-mail or address is kept here.

-- District and province admins (school admins and coaches are school_members rows).
CREATE TABLE classes.ladder_admins (
  user_id integer NOT NULL,
  province_id integer REFERENCES classes.provinces (id),
  district_id integer REFERENCES classes.districts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- One of the two: a province admin has its province, a district admin its district.
  CHECK ((province_id IS NULL) <> (district_id IS NULL)),
  UNIQUE NULLS NOT DISTINCT (user_id, province_id, district_id)
);
CREATE INDEX ladder_admins_user ON classes.ladder_admins (user_id);

-- An invitation to become an admin of one place. The token is shown once (the operator's command prints it); only
-- its SHA-256 is kept, so a copy of the database opens no invitation. Used once, before it expires.
CREATE TABLE classes.admin_invitations (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  role text NOT NULL CHECK (role IN ('province_admin', 'district_admin', 'school_admin')),
  province_id integer REFERENCES classes.provinces (id),
  district_id integer REFERENCES classes.districts (id),
  school_id integer REFERENCES classes.schools (id),
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (
    (role = 'province_admin' AND province_id IS NOT NULL AND district_id IS NULL AND school_id IS NULL)
    OR (role = 'district_admin' AND district_id IS NOT NULL AND province_id IS NULL AND school_id IS NULL)
    OR (role = 'school_admin' AND school_id IS NOT NULL AND province_id IS NULL AND district_id IS NULL)
  ),
  CHECK ((accepted_at IS NULL) = (accepted_by IS NULL))
);

-- Every admin action, appended: who (a user id; NULL for the operator's command), what (an action name), where (the
-- ladder's ids) and on whom or what (ids). Never names. The service role may only add rows and read them.
CREATE TABLE classes.audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id integer,
  action text NOT NULL CHECK (action ~ '^[a-z_]+\.[a-z_]+$'),
  province_id integer,
  district_id integer,
  school_id integer,
  class_id integer,
  subject_user_id integer,
  invitation_id integer,
  request_id text CHECK (char_length(request_id) <= 100)
);
CREATE INDEX audit_log_at ON classes.audit_log (at);

-- Append-only: the service role adds and reads rows, never changes or removes one (its default privileges gave it
-- UPDATE and DELETE on every new table of the schema), and a trigger refuses UPDATE and DELETE from every role, the
-- owner's too: a retention rule, once decided, is a migration of its own.
REVOKE UPDATE, DELETE, TRUNCATE ON classes.audit_log FROM mathgames_classes;
GRANT SELECT, INSERT ON classes.audit_log TO mathgames_classes;
GRANT SELECT, INSERT, UPDATE, DELETE ON classes.ladder_admins, classes.admin_invitations TO mathgames_classes;
CREATE FUNCTION classes.audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'classes.audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON classes.audit_log
  FOR EACH ROW EXECUTE FUNCTION classes.audit_log_append_only();

-- A district admin's requests see the schools of their district, a province admin's those of their province.
CREATE OR REPLACE FUNCTION classes.school_ids_of_user(uid integer) RETURNS integer[] LANGUAGE plpgsql AS $$
DECLARE
  prior text := coalesce(current_setting('app.all_schools', true), '');
  ids integer[];
BEGIN
  PERFORM set_config('app.all_schools', 'on', true);
  SELECT coalesce(array_agg(school_id ORDER BY school_id), '{}') INTO ids FROM (
    SELECT school_id FROM classes.school_members WHERE user_id = uid
    UNION
    SELECT c.school_id FROM classes.pupils p JOIN classes.classes c ON c.id = p.class_id WHERE p.user_id = uid
    UNION
    SELECT s.id FROM classes.ladder_admins a
      JOIN classes.districts d ON d.id = a.district_id OR d.province_id = a.province_id
      JOIN classes.schools s ON s.district_id = d.id
     WHERE a.user_id = uid
  ) s;
  PERFORM set_config('app.all_schools', prior, true);
  RETURN ids;
END
$$;

-- Down Migration
CREATE OR REPLACE FUNCTION classes.school_ids_of_user(uid integer) RETURNS integer[] LANGUAGE plpgsql AS $$
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
DROP TABLE IF EXISTS classes.audit_log;
DROP FUNCTION IF EXISTS classes.audit_log_append_only();
DROP TABLE IF EXISTS classes.admin_invitations;
DROP TABLE IF EXISTS classes.ladder_admins;
