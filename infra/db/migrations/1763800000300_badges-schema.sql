-- Up Migration
CREATE SCHEMA IF NOT EXISTS badges;

-- The catalogue is data (5 categories x 5 difficulties x 7 tiers), seeded from the contracts definition.
CREATE TABLE badges.badges (
  id text PRIMARY KEY,
  -- Game type as stored with results (e.g. 'çıkarma') and its ASCII filter key (e.g. 'cikarma').
  category text NOT NULL,
  category_key text NOT NULL,
  difficulty text NOT NULL,
  tier text NOT NULL,
  tier_index smallint NOT NULL,
  required_count integer NOT NULL CHECK (required_count > 0),
  requirement text NOT NULL,
  name_tr text NOT NULL,
  name_en text NOT NULL,
  description_tr text NOT NULL,
  description_en text NOT NULL,
  icon text NOT NULL,
  -- Display order of the contracts catalogue.
  position smallint NOT NULL UNIQUE,
  CONSTRAINT badges_tier UNIQUE (category, difficulty, tier)
);

-- A user's progress; a badge without a row reads as progress 0.
CREATE TABLE badges.user_badges (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id integer NOT NULL,
  badge_id text NOT NULL REFERENCES badges.badges (id),
  progress integer NOT NULL DEFAULT 0 CHECK (progress >= 0),
  completed boolean NOT NULL DEFAULT false,
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT user_badges_pair UNIQUE (user_id, badge_id)
);

CREATE TABLE badges.processed_events (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);

-- Down Migration
DROP SCHEMA IF EXISTS badges CASCADE;
