-- Up Migration
-- Admins' second factor (docs/decisions/0062-admin-second-factor-totp.md): a TOTP secret per admin, sealed
-- (AES-256-GCM) so a copy of the database yields no codes, and their one-time recovery codes, kept as SHA-256.

CREATE TABLE classes.admin_totp (
  user_id integer PRIMARY KEY,
  secret_sealed text NOT NULL,
  -- NULL until the admin typed a first right code from their app: an unconfirmed secret guards nothing yet.
  confirmed_at timestamptz,
  -- The time step of the last code accepted: a code is never accepted twice, nor an older one.
  last_step bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE classes.admin_recovery_codes (
  user_id integer NOT NULL REFERENCES classes.admin_totp (user_id) ON DELETE CASCADE,
  code_hash bytea NOT NULL CHECK (octet_length(code_hash) = 32),
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

GRANT SELECT, INSERT, UPDATE, DELETE ON classes.admin_totp, classes.admin_recovery_codes TO mathgames_classes;

-- Down Migration
DROP TABLE IF EXISTS classes.admin_recovery_codes;
DROP TABLE IF EXISTS classes.admin_totp;
