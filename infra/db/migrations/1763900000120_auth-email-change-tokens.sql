-- Up Migration
-- An e-mail change is a pending request until the new address opens its link (change_email, email = the new
-- address); the old address then gets a link that puts it back (revert_email, email = the old address).
ALTER TABLE auth.tokens DROP CONSTRAINT tokens_purpose_check;
ALTER TABLE auth.tokens ADD CONSTRAINT tokens_purpose_check
  CHECK (purpose IN ('verify_email', 'reset_password', 'change_email', 'revert_email'));

-- Down Migration
DELETE FROM auth.tokens WHERE purpose IN ('change_email', 'revert_email');
ALTER TABLE auth.tokens DROP CONSTRAINT tokens_purpose_check;
ALTER TABLE auth.tokens ADD CONSTRAINT tokens_purpose_check CHECK (purpose IN ('verify_email', 'reset_password'));
