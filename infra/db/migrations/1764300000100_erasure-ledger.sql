-- Up Migration
-- The erasure ledger (docs/decisions/0045-erasure-ledger.md): one row per account ever erased, the id and the
-- time only, nothing else of the person. Never purged: unlike the outbox and `erased_users` (kept 1 to 7 days),
-- it is what a restore from a backup taken before an erasure replays (the restore exports it from the newest
-- source, restores the dump, then erases again every account the restored ledger does not list yet).
-- Written by a trigger on every deletion from auth.users, whichever path deletes (own account, a teacher's
-- pupil, a teacher's pupils with them), in that deletion's transaction.
CREATE TABLE auth.erasure_ledger (
  user_id integer PRIMARY KEY,
  erased_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION auth.record_erasure() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
  INSERT INTO auth.erasure_ledger (user_id) VALUES (OLD.id) ON CONFLICT (user_id) DO NOTHING;
  RETURN OLD;
END
$$;

CREATE TRIGGER users_erasure_ledger AFTER DELETE ON auth.users
  FOR EACH ROW EXECUTE FUNCTION auth.record_erasure();

-- The auth service reads the ledger and writes it only through the trigger (owned by the migration role): a
-- compromised service cannot take an erasure out of it. The default privileges granted it all rows; take back
-- the writes.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON auth.erasure_ledger FROM mathgames_auth;
GRANT SELECT ON auth.erasure_ledger TO mathgames_auth;
REVOKE ALL ON FUNCTION auth.record_erasure() FROM PUBLIC;

-- Down Migration
DROP TRIGGER IF EXISTS users_erasure_ledger ON auth.users;
DROP FUNCTION IF EXISTS auth.record_erasure();
DROP TABLE IF EXISTS auth.erasure_ledger;
