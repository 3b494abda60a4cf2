-- Up Migration
-- The classes domain: a teacher's classes, their rosters and the class progress read model. Users are auth's;
-- only their ids are kept here (no foreign key across schemas: each domain owns its own tables).
CREATE SCHEMA IF NOT EXISTS classes;

CREATE TABLE classes.classes (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  teacher_id integer NOT NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  grade smallint NOT NULL CHECK (grade BETWEEN 1 AND 4),
  join_code text NOT NULL CHECK (join_code ~ '^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$'),
  joining_open boolean NOT NULL DEFAULT true,
  archived_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A code names one class, open or closed, so a printed card never leads into another class.
CREATE UNIQUE INDEX classes_join_code ON classes.classes (join_code);
CREATE INDEX classes_teacher ON classes.classes (teacher_id, created_at);

-- A pupil belongs to one class; the user id is auth's.
CREATE TABLE classes.pupils (
  user_id integer PRIMARY KEY,
  class_id integer NOT NULL REFERENCES classes.classes (id) ON DELETE CASCADE,
  display_name text NOT NULL CHECK (char_length(display_name) BETWEEN 1 AND 40),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pupils_class ON classes.pupils (class_id);

-- Kept by the classes-worker from game-result.recorded, one row per pupil: the dashboard reads it in O(1) of
-- the stored results. The week counters belong to the Monday-first week starting at week_start.
CREATE TABLE classes.pupil_progress (
  user_id integer PRIMARY KEY REFERENCES classes.pupils (user_id) ON DELETE CASCADE,
  week_start date NOT NULL,
  questions_week integer NOT NULL DEFAULT 0,
  correct_week integer NOT NULL DEFAULT 0,
  questions_total integer NOT NULL DEFAULT 0,
  correct_total integer NOT NULL DEFAULT 0,
  points_total integer NOT NULL DEFAULT 0,
  last_played_at timestamptz
);

CREATE TABLE classes.processed_events (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);
-- Housekeeping purges processed-event records past the retention window.
CREATE INDEX processed_events_processed_at ON classes.processed_events (processed_at);

-- Down Migration
DROP SCHEMA IF EXISTS classes CASCADE;
