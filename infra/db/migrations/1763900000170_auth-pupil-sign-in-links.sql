-- Up Migration
-- A pupil's personal sign-in link (the QR code on their card): sha256 of a long random secret, so a stolen table
-- signs nobody in. NULL when the teacher turned it off; a new one replaces the old.
ALTER TABLE auth.pupil_credentials ADD COLUMN sign_in_link_hash bytea;

-- Down Migration
ALTER TABLE auth.pupil_credentials DROP COLUMN IF EXISTS sign_in_link_hash;
