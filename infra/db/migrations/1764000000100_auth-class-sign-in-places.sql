-- Up Migration
-- Wrong pictures are budgeted per (class, place): a place is a keyed hash of the client's address bucket (no address
-- is stored). A place where a pupil of the class has signed in is "inside" (the school) and gets a class's budget;
-- any other place a small one, so one outside address cannot pause a school's sign-in. The totals are what the
-- teacher's sign-in trouble panel shows. Tickets issued before `tickets_valid_after` (code rotated, joining closed,
-- trouble reset) no longer sign anyone in.
DROP TABLE IF EXISTS auth.class_sign_in_guard;
CREATE TABLE auth.class_sign_in_places (
  class_id integer NOT NULL,
  place text NOT NULL,
  inside boolean NOT NULL DEFAULT false,
  window_start timestamptz NOT NULL DEFAULT now(),
  failures integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  total_failures integer NOT NULL DEFAULT 0,
  last_failure_at timestamptz,
  PRIMARY KEY (class_id, place)
);
CREATE TABLE auth.class_ticket_epochs (
  class_id integer PRIMARY KEY,
  tickets_valid_after timestamptz NOT NULL
);

-- Down Migration
DROP TABLE IF EXISTS auth.class_ticket_epochs;
DROP TABLE IF EXISTS auth.class_sign_in_places;
CREATE TABLE auth.class_sign_in_guard (
  class_id integer PRIMARY KEY,
  window_start timestamptz NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  locked_until timestamptz
);
