-- Up Migration
-- Assignments: practice a teacher gives a class (or chosen pupils of it), and each pupil's finishing result, kept by
-- the classes-worker from game-result.recorded. Topic, difficulty and count take the values of contracts'
-- GAME_TYPES, DIFFICULTIES and QUESTION_COUNTS (the service validates them; the checks keep stray writes out).
CREATE TABLE classes.assignments (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  class_id integer NOT NULL REFERENCES classes.classes (id) ON DELETE CASCADE,
  teacher_id integer NOT NULL,
  game_type text NOT NULL CHECK (game_type IN ('toplama', 'çıkarma', 'çarpma', 'bölme', 'kesirler')),
  difficulty text NOT NULL CHECK (difficulty IN ('çok kolay', 'kolay', 'orta', 'zor', 'çok zor')),
  questions_count smallint NOT NULL CHECK (questions_count IN (5, 10, 15, 20)),
  due_at timestamptz NOT NULL,
  -- true: every pupil of the class, those who join later too; false: the pupils in assignment_pupils.
  whole_class boolean NOT NULL,
  closed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assignments_class ON classes.assignments (class_id, created_at);
-- The worker looks up a pupil's open assignments on every game.
CREATE INDEX assignments_open ON classes.assignments (class_id, game_type, difficulty, questions_count)
  WHERE closed_at IS NULL;

-- The chosen pupils of an assignment that is not for the whole class. A pupil's rows go with them.
CREATE TABLE classes.assignment_pupils (
  assignment_id integer NOT NULL REFERENCES classes.assignments (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES classes.pupils (user_id) ON DELETE CASCADE,
  PRIMARY KEY (assignment_id, user_id)
);
CREATE INDEX assignment_pupils_user ON classes.assignment_pupils (user_id);

-- One row per pupil who finished an assignment: the first finish decides when and whether it was late; the
-- score is the best of the matching games.
CREATE TABLE classes.assignment_completions (
  assignment_id integer NOT NULL REFERENCES classes.assignments (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES classes.pupils (user_id) ON DELETE CASCADE,
  correct_answers smallint NOT NULL CHECK (correct_answers >= 0),
  questions_count smallint NOT NULL CHECK (questions_count > 0),
  points integer NOT NULL CHECK (points >= 0),
  finished_at timestamptz NOT NULL,
  late boolean NOT NULL,
  PRIMARY KEY (assignment_id, user_id)
);
CREATE INDEX assignment_completions_user ON classes.assignment_completions (user_id);

-- Down Migration
DROP TABLE IF EXISTS classes.assignment_completions;
DROP TABLE IF EXISTS classes.assignment_pupils;
DROP TABLE IF EXISTS classes.assignments;
