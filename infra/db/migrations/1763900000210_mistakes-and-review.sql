-- Up Migration
-- "Mistakes I make most": explained wrong answers per kind, kept by statistics-worker from
-- game-result.recorded events (the kinds are derived on the server, contracts/mistakes.ts).
CREATE TABLE results.user_mistakes (
  user_id integer NOT NULL,
  mistake_kind text NOT NULL,
  count integer NOT NULL DEFAULT 0,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, mistake_kind)
);

-- "Practice my mistakes": one Leitner card per shape (topic, difficulty, slip) the pupil got wrong.
-- Written in the same transaction as the result (a wrong answer puts its shape in box 1) and by the
-- review endpoint (right → up a box, wrong → back to box 1); a right answer in the last box retires it.
CREATE TABLE results.review_cards (
  user_id integer NOT NULL,
  game_type text NOT NULL,
  difficulty text NOT NULL,
  mistake_kind text NOT NULL,
  box smallint NOT NULL CHECK (box BETWEEN 1 AND 4),
  due_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, game_type, difficulty, mistake_kind)
);
CREATE INDEX review_cards_due ON results.review_cards (user_id, due_at);

-- Down Migration
DROP TABLE IF EXISTS results.review_cards;
DROP TABLE IF EXISTS results.user_mistakes;
