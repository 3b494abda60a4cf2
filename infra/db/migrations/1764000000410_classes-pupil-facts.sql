-- Up Migration
-- Fact fluency for the teacher (docs/product-rules.md#fact-fluency): a rostered pupil's last three tries per basic fact, kept by
-- classes-worker from game-result.recorded events (their `facts`), gone with the pupil (ON DELETE CASCADE).
CREATE TABLE classes.pupil_facts (
  user_id integer NOT NULL REFERENCES classes.pupils (user_id) ON DELETE CASCADE,
  fact text NOT NULL,
  correct boolean[] NOT NULL,
  ms integer[] NOT NULL,
  tries integer NOT NULL DEFAULT 0,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, fact)
);

-- Down Migration
DROP TABLE IF EXISTS classes.pupil_facts;
