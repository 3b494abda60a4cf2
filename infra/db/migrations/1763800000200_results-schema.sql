-- Up Migration
CREATE SCHEMA IF NOT EXISTS results;

-- The write model: one row per finished game, exactly as the pupil played it.
CREATE TABLE results.game_results (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL,
  -- Idempotency-Key of the post (offline clients re-send); unique per user so a re-sent result counts once.
  client_result_id text,
  game_type text NOT NULL,
  difficulty text NOT NULL,
  questions_count smallint NOT NULL CHECK (questions_count IN (5, 10, 15, 20)),
  correct_answers smallint NOT NULL CHECK (correct_answers BETWEEN 0 AND questions_count),
  total_time integer NOT NULL CHECK (total_time >= 0),
  points integer NOT NULL CHECK (points >= 0),
  questions jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT game_results_client_result_id UNIQUE (user_id, client_result_id)
);
-- History is read newest first with keyset pagination on (created_at, id).
CREATE INDEX game_results_history ON results.game_results (user_id, created_at DESC, id DESC);

-- History page totals without counting every row of a long history (kept in the write transaction).
CREATE TABLE results.user_result_counts (
  user_id integer PRIMARY KEY,
  results integer NOT NULL DEFAULT 0
);

-- Read model kept by statistics-worker: statistics read these and never scan game_results.
CREATE TABLE results.user_totals (
  user_id integer PRIMARY KEY,
  games integer NOT NULL DEFAULT 0,
  questions integer NOT NULL DEFAULT 0,
  correct integer NOT NULL DEFAULT 0,
  points integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE results.user_type_totals (
  user_id integer NOT NULL,
  game_type text NOT NULL,
  games integer NOT NULL DEFAULT 0,
  questions integer NOT NULL DEFAULT 0,
  correct integer NOT NULL DEFAULT 0,
  points integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, game_type)
);

-- Per local day (TIME_ZONE) counts: weekly progress is derived from these, so the Monday reset is a no-op.
CREATE TABLE results.user_daily (
  user_id integer NOT NULL,
  day date NOT NULL,
  questions integer NOT NULL DEFAULT 0,
  correct integer NOT NULL DEFAULT 0,
  points integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, day)
);

CREATE TABLE results.outbox (
  id uuid PRIMARY KEY,
  destination text NOT NULL CHECK (destination IN ('amqp', 'bullmq')),
  topic text NOT NULL,
  name text NOT NULL,
  payload jsonb NOT NULL,
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX outbox_unpublished ON results.outbox (created_at) WHERE published_at IS NULL;

CREATE TABLE results.processed_events (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);

-- Down Migration
DROP SCHEMA IF EXISTS results CASCADE;
