import type pg from 'pg';
import { quoteIdent } from '../db/db.js';

/**
 * Creates `<schema>.outbox`, `<schema>.processed_events` and `<schema>.erased_users` exactly as docs/conventions.md
 * defines them, for platform's own tests (services get theirs from migrations).
 */
export async function createMessagingTables(pool: pg.Pool, schema: string): Promise<void> {
  const s = quoteIdent(schema);
  await pool.query(`
    CREATE SCHEMA IF NOT EXISTS ${s};
    CREATE TABLE IF NOT EXISTS ${s}.outbox (
      id uuid PRIMARY KEY,
      destination text NOT NULL CHECK (destination IN ('amqp', 'bullmq')),
      topic text NOT NULL,
      name text NOT NULL,
      payload jsonb NOT NULL,
      request_id text,
      traceparent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      claimed_until timestamptz
    );
    CREATE INDEX IF NOT EXISTS outbox_unpublished ON ${s}.outbox (created_at) WHERE published_at IS NULL;
    CREATE TABLE IF NOT EXISTS ${s}.processed_events (
      consumer text NOT NULL,
      event_id uuid NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    );
    CREATE TABLE IF NOT EXISTS ${s}.erased_users (
      user_id integer PRIMARY KEY,
      erased_at timestamptz NOT NULL DEFAULT now()
    );
  `);
}
