-- Up Migration
-- The classes service's own database role, like the roles of 1763900000121_service-roles.sql (which ran before
-- this schema existed): rows of the classes schema only, no DDL, no other schema. Tables and sequences later
-- migrations create (as the same migration role) get the same grants by default.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'mathgames_classes') THEN
    BEGIN
      CREATE ROLE mathgames_classes LOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL; -- another database of the cluster migrating at the same moment created it
    END;
  END IF;
END
$$;

REVOKE ALL ON SCHEMA classes FROM PUBLIC;
GRANT USAGE ON SCHEMA classes TO mathgames_classes;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA classes TO mathgames_classes;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA classes TO mathgames_classes;
ALTER DEFAULT PRIVILEGES IN SCHEMA classes GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO mathgames_classes;
ALTER DEFAULT PRIVILEGES IN SCHEMA classes GRANT USAGE, SELECT ON SEQUENCES TO mathgames_classes;

-- Down Migration
ALTER DEFAULT PRIVILEGES IN SCHEMA classes REVOKE SELECT, INSERT, UPDATE, DELETE ON TABLES FROM mathgames_classes;
ALTER DEFAULT PRIVILEGES IN SCHEMA classes REVOKE USAGE, SELECT ON SEQUENCES FROM mathgames_classes;
REVOKE ALL ON ALL TABLES IN SCHEMA classes FROM mathgames_classes;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA classes FROM mathgames_classes;
REVOKE ALL ON SCHEMA classes FROM mathgames_classes;
