-- Up Migration
-- One database role per service, limited to its own schema (tables: read/write rows; no DDL, no other
-- schema), so a compromised service cannot read another's data or change the schema. The migration role
-- (whoever runs this: `mathgames_migrate` in compose and Kubernetes) owns the schemas and keeps DDL.
-- Roles are cluster-wide: created here only when missing, without a password; operators set the passwords
-- (docs/operations/deploy.md "Database roles"); compose creates them with passwords before the first migration.
DO $$
DECLARE
  role_name text;
BEGIN
  FOREACH role_name IN ARRAY ARRAY['mathgames_auth', 'mathgames_results', 'mathgames_badges'] LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = role_name) THEN
      BEGIN
        EXECUTE format('CREATE ROLE %I LOGIN', role_name);
      EXCEPTION WHEN duplicate_object OR unique_violation THEN
        NULL; -- another database of the cluster migrating at the same moment created it
      END;
    END IF;
  END LOOP;
END
$$;

DO $$
DECLARE
  pair text[];
BEGIN
  FOREACH pair SLICE 1 IN ARRAY ARRAY[
    ['auth', 'mathgames_auth'], ['results', 'mathgames_results'], ['badges', 'mathgames_badges']
  ] LOOP
    EXECUTE format('REVOKE ALL ON SCHEMA %I FROM PUBLIC', pair[1]);
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I', pair[1], pair[2]);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO %I', pair[1], pair[2]);
    EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO %I', pair[1], pair[2]);
    -- Tables and sequences later migrations create (as this same migration role) get the same grants.
    EXECUTE format(
      'ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I', pair[1], pair[2]);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT USAGE, SELECT ON SEQUENCES TO %I', pair[1], pair[2]);
  END LOOP;
END
$$;

-- Down Migration
DO $$
DECLARE
  pair text[];
BEGIN
  FOREACH pair SLICE 1 IN ARRAY ARRAY[
    ['auth', 'mathgames_auth'], ['results', 'mathgames_results'], ['badges', 'mathgames_badges']
  ] LOOP
    EXECUTE format(
      'ALTER DEFAULT PRIVILEGES IN SCHEMA %I REVOKE SELECT, INSERT, UPDATE, DELETE ON TABLES FROM %I', pair[1], pair[2]);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I REVOKE USAGE, SELECT ON SEQUENCES FROM %I', pair[1], pair[2]);
    EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA %I FROM %I', pair[1], pair[2]);
    EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA %I FROM %I', pair[1], pair[2]);
    EXECUTE format('REVOKE ALL ON SCHEMA %I FROM %I', pair[1], pair[2]);
  END LOOP;
END
$$;
