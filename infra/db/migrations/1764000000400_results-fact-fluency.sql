-- Up Migration
-- Fact fluency (docs/product-rules.md#fact-fluency): the last three tries of each basic fact per pupil (oldest first), kept by
-- statistics-worker from game-result.recorded events (their `facts`). The state (fluent, slow, wrong) is computed
-- when read, so the pupil's or teacher's chosen threshold (3 s or 6 s) applies to the same tries.
CREATE TABLE results.fact_fluency (
  user_id integer NOT NULL,
  fact text NOT NULL,
  correct boolean[] NOT NULL,
  ms integer[] NOT NULL,
  tries integer NOT NULL DEFAULT 0,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, fact)
);

-- Down Migration
DROP TABLE IF EXISTS results.fact_fluency;
