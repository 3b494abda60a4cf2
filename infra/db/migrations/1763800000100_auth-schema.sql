-- Up Migration
CREATE SCHEMA IF NOT EXISTS auth;

CREATE TABLE auth.users (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL CHECK (char_length(username) BETWEEN 1 AND 100),
  -- Nullable: class accounts (pupils without an address) will sign in another way.
  email text CHECK (email IS NULL OR char_length(email) BETWEEN 3 AND 320),
  password_hash text NOT NULL,
  display_name text,
  about text,
  receive_notifications boolean NOT NULL DEFAULT true,
  avatar_color text,
  role text NOT NULL DEFAULT 'user',
  is_verified boolean NOT NULL DEFAULT false,
  lang text NOT NULL DEFAULT 'tr' CHECK (lang IN ('tr', 'en')),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login timestamptz
);
-- Uniqueness ignores case ("Ada" and "ada" are one name); NULL e-mails never collide.
CREATE UNIQUE INDEX users_username_lower ON auth.users (lower(username));
CREATE UNIQUE INDEX users_email_lower ON auth.users (lower(email));

-- Only SHA-256 hashes of the 32-byte tokens are kept: a database leak reveals no usable link.
CREATE TABLE auth.tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  purpose text NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  user_id integer NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  -- The address the link was sent to: a verification link for an old address never verifies a new one.
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX tokens_user_purpose ON auth.tokens (user_id, purpose) WHERE used_at IS NULL;

-- Photos live in Postgres so pods keep a read-only filesystem; `version` is a content hash used in the URL.
CREATE TABLE auth.photos (
  user_id integer PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE,
  content bytea NOT NULL,
  version text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE auth.outbox (
  id uuid PRIMARY KEY,
  destination text NOT NULL CHECK (destination IN ('amqp', 'bullmq')),
  topic text NOT NULL,            -- routing key (amqp) or queue name (bullmq)
  name text NOT NULL,             -- event type (amqp) or job name (bullmq)
  payload jsonb NOT NULL,
  request_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  published_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX outbox_unpublished ON auth.outbox (created_at) WHERE published_at IS NULL;

CREATE TABLE auth.processed_events (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);

-- Down Migration
DROP SCHEMA IF EXISTS auth CASCADE;
