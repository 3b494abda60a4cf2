-- Up Migration
-- The class dashboard's read model, kept by the classes-worker from game-result.recorded next to pupil_progress:
-- each read costs O(roster) (the class grid, the most-missed blocks) or O(one pupil) (the detail view), never
-- O(stored results). Rows go with the pupil (ON DELETE CASCADE from classes.pupils), so erasure stays one DELETE.

-- Per pupil and topic: every answer since the pupil joined (the grid's accuracy, the class's most-missed topics).
CREATE TABLE classes.pupil_topic_progress (
  user_id integer NOT NULL REFERENCES classes.pupils (user_id) ON DELETE CASCADE,
  game_type text NOT NULL,
  questions integer NOT NULL DEFAULT 0 CHECK (questions >= 0),
  correct integer NOT NULL DEFAULT 0 CHECK (correct >= 0),
  last_played_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, game_type)
);

-- Per pupil and mistake kind: how often the pupil made that slip (the class's most frequent mistakes).
CREATE TABLE classes.pupil_mistakes (
  user_id integer NOT NULL REFERENCES classes.pupils (user_id) ON DELETE CASCADE,
  mistake text NOT NULL,
  times integer NOT NULL CHECK (times > 0),
  PRIMARY KEY (user_id, mistake)
);

-- A pupil's recent games for the detail view: the worker keeps the newest 50 per pupil (the bound lives in
-- progress-repository.ts), so the table and each read stay bounded whatever the pupil has played.
CREATE TABLE classes.pupil_games (
  user_id integer NOT NULL REFERENCES classes.pupils (user_id) ON DELETE CASCADE,
  result_id integer NOT NULL,
  game_type text NOT NULL,
  difficulty text NOT NULL,
  questions_count integer NOT NULL CHECK (questions_count > 0),
  correct_answers integer NOT NULL CHECK (correct_answers >= 0),
  points integer NOT NULL CHECK (points >= 0),
  mistakes text[] NOT NULL DEFAULT '{}',
  played_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, result_id)
);
CREATE INDEX pupil_games_recent ON classes.pupil_games (user_id, played_at DESC, result_id DESC);

-- The classes service's role (1763900000401_classes-service-role.sql): rows only, no DDL. Its default privileges
-- already cover tables this migration role creates; granting by name keeps it true if another role migrates.
GRANT SELECT, INSERT, UPDATE, DELETE ON classes.pupil_topic_progress, classes.pupil_mistakes, classes.pupil_games
  TO mathgames_classes;

-- Down Migration
DROP TABLE IF EXISTS classes.pupil_games;
DROP TABLE IF EXISTS classes.pupil_mistakes;
DROP TABLE IF EXISTS classes.pupil_topic_progress;
