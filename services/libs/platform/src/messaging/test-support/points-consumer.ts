import type pg from 'pg';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../../logger.js';
import { createTestEnvironment, type TestEnvironment } from '../../testing/test-environment.js';
import { createMessagingTables } from '../../testing/test-tables.js';
import { type AmqpClient, createAmqpClient } from '../amqp/client.js';

/** What the idempotent consumer's test files share: a points table, its queue, and the file's own services. */
export const SCHEMA = 'consumertest';
export const EVENT = 'game-result.recorded.v1';
export const eventSchema = z.object({ id: z.uuid(), points: z.number().int() });
export const QUEUE = {
  name: 'points-test.events',
  event: { type: EVENT, schema: eventSchema },
  worker: 'points-test',
};
const logger = createLogger('consumer-test', 'silent');

export let environment: TestEnvironment;
export let amqp: AmqpClient;
let stopConsumer: (() => Promise<void>) | undefined;

/** Sets up the file's database (the points and processed-events tables) and vhost; stops its test's consumer. */
export function usePointsConsumers(): void {
  beforeAll(async () => {
    environment = await createTestEnvironment({ migrate: false });
    await createMessagingTables(environment.pool, SCHEMA);
    await environment.pool.query(
      `CREATE TABLE ${SCHEMA}.points (event_id uuid NOT NULL, points int NOT NULL)`,
    );
    amqp = createAmqpClient({ url: environment.env.AMQP_URL!, logger, queues: [QUEUE] });
    await amqp.ready();
  });
  afterEach(stopTestConsumer);
  afterAll(async () => {
    await amqp?.close();
    await environment?.cleanup();
  });
}

/** The running test's consumer, stopped after the test (or by stopTestConsumer). */
export function stopsAfterTest(consumer: { stop(): Promise<void> }): void {
  stopConsumer = () => consumer.stop();
}

export async function stopTestConsumer(): Promise<void> {
  await stopConsumer?.();
  stopConsumer = undefined;
}

/** What every consumer of these files shares: the points table's schema, queue and name. */
export const pointsConsumer = () => ({
  amqp,
  pool: environment.pool,
  schema: SCHEMA,
  queue: QUEUE,
  consumer: 'points-test',
  logger,
});

export async function pointsOf(id: string): Promise<number[]> {
  const { rows } = await environment.pool.query(`SELECT points FROM ${SCHEMA}.points WHERE event_id = $1`, [
    id,
  ]);
  return rows.map((r) => r.points);
}

/** A handler's write: the event's points, in its transaction. */
export async function insertPoints(
  client: pg.PoolClient,
  event: { id: string; points: number },
): Promise<void> {
  await client.query(`INSERT INTO ${SCHEMA}.points (event_id, points) VALUES ($1, $2)`, [
    event.id,
    event.points,
  ]);
}
