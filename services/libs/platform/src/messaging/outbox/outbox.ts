import { randomUUID } from 'node:crypto';
import type { EventDefinition } from '@mathgames/contracts';
import type pg from 'pg';
import { quoteIdent } from '../../db/db.js';
import { currentRequestId } from '../../logger.js';
import { currentTraceparent } from '../../tracing/trace-context.js';

export type OutboxDestination = 'amqp' | 'bullmq';

export interface OutboxMessage {
  destination: OutboxDestination;
  /** Routing key (amqp) or queue name (bullmq). */
  topic: string;
  /** Event type (amqp) or job name (bullmq). */
  name: string;
  payload: unknown;
  /** Defaults to a fresh uuid; pass the event's own id so consumers de-duplicate on it. */
  id?: string;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

export function assertSchemaName(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  return quoteIdent(schema);
}

export function outboxChannel(schema: string): string {
  return `${schema}_outbox`;
}

/**
 * Adds a message to `<schema>.outbox` inside the caller's transaction: it is published if and only if the
 * transaction commits. The NOTIFY is delivered on commit too, waking the relay without waiting for its poll.
 */
export async function writeOutbox(
  client: pg.ClientBase,
  schema: string,
  message: OutboxMessage,
): Promise<string> {
  const table = `${assertSchemaName(schema)}.outbox`;
  const id = message.id ?? randomUUID();
  // Insert and NOTIFY in one statement: one round trip less per announcement.
  await client.query(
    `WITH written AS (
       INSERT INTO ${table} (id, destination, topic, name, payload, request_id, traceparent)
       VALUES ($1, $2, $3, $4, $5, $6, $8)
       RETURNING id
     )
     SELECT pg_notify($7, id::text) FROM written`,
    [
      id,
      message.destination,
      message.topic,
      message.name,
      JSON.stringify(message.payload),
      currentRequestId() ?? null,
      outboxChannel(schema),
      currentTraceparent(),
    ],
  );
  return id;
}

/** An outbox row ready to be written by a statement of the caller's own (see `outbox(schema).row`). */
export interface OutboxRow {
  /** The quoted `<schema>.outbox` table. */
  table: string;
  /** The channel the relay LISTENs on: `pg_notify(channel, id)` in the same transaction wakes it. */
  channel: string;
  id: string;
  destination: OutboxDestination;
  topic: string;
  name: string;
  /** JSON text of the payload. */
  payload: string;
  requestId: string | null;
  /** The writing request's trace context: the relay's publish continues that trace. */
  traceparent: string | null;
}

/**
 * The typed way to announce something: `outbox(schema).publish(tx, GAME_RESULT_RECORDED, event)` checks the event
 * against its contract and queues it in the caller's transaction; `enqueue` does the same for a job (e.g. mail).
 * Which broker carries it is the platform's business.
 */
export function outbox(schema: string) {
  assertSchemaName(schema);
  return {
    /**
     * The row `publish` would write, for a statement that stores data and announces it in one round trip (the
     * caller inserts into `table` and calls `pg_notify(channel, id)` in that statement). The event is checked
     * against its contract here, like `publish` does.
     */
    row<Event extends { id: string }>(definition: EventDefinition<Event>, event: Event): OutboxRow {
      const checked = definition.schema.parse(event);
      return {
        table: `${assertSchemaName(schema)}.outbox`,
        channel: outboxChannel(schema),
        id: checked.id,
        destination: 'amqp',
        topic: definition.type,
        name: definition.type,
        payload: JSON.stringify(checked),
        requestId: currentRequestId() ?? null,
        traceparent: currentTraceparent(),
      };
    },
    publish<Event extends { id: string }>(
      client: pg.ClientBase,
      definition: EventDefinition<Event>,
      event: Event,
    ): Promise<string> {
      const checked = definition.schema.parse(event);
      return writeOutbox(client, schema, {
        destination: 'amqp',
        topic: definition.type,
        name: definition.type,
        payload: checked,
        id: checked.id,
      });
    },
    enqueue(client: pg.ClientBase, queue: string, name: string, payload: { id: string }): Promise<string> {
      // The payload id doubles as job id: a relay retry can never queue the same job twice.
      return writeOutbox(client, schema, {
        destination: 'bullmq',
        topic: queue,
        name,
        payload,
        id: payload.id,
      });
    },
  };
}
