-- Up Migration
-- A pupil's QR sign-in link ends with the school year (docs/decisions/0048-qr-cards-end-with-the-school-year.md):
-- at the first 1 September (00:00, Europe/Istanbul, the product's time zone) after it was made. A card found
-- after that is refused with its own message, and the teacher prints a new one. Links made before this
-- migration get the same end, counted from now.
CREATE FUNCTION auth.school_year_end(made timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE AS $$
  SELECT make_timestamptz(
    extract(year FROM made AT TIME ZONE 'Europe/Istanbul')::int
      + CASE WHEN extract(month FROM made AT TIME ZONE 'Europe/Istanbul') >= 9 THEN 1 ELSE 0 END,
    9, 1, 0, 0, 0, 'Europe/Istanbul')
$$;
ALTER TABLE auth.pupil_credentials ADD COLUMN sign_in_link_expires_at timestamptz;
UPDATE auth.pupil_credentials
   SET sign_in_link_expires_at = auth.school_year_end(now())
 WHERE sign_in_link_hash IS NOT NULL;

-- Down Migration
ALTER TABLE auth.pupil_credentials DROP COLUMN IF EXISTS sign_in_link_expires_at;
DROP FUNCTION IF EXISTS auth.school_year_end(timestamptz);
