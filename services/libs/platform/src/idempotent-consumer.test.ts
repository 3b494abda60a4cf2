import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type AmqpClient, createAmqpClient, deadLetterQueue, TOPOLOGY } from './amqp.js';
import { startIdempotentConsumer } from './idempotent-consumer.js';
import { createLogger } from './logger.js';
import { consumerMessagesTotal } from './metrics.js';
import { drainQueue } from './testing/amqp-inspect.js';
import { createTestEnvironment, type TestEnvironment } from './testing/test-environment.js';
import { createMessagingTables } from './testing/test-tables.js';
import { waitFor } from './testing/wait-for.js';

const SCHEMA = 'consumertest';
const EVENT = 'game-result.recorded.v1';
const QUEUE = 'badges.game-result-recorded';
const logger = createLogger('consumer-test', 'silent');
const eventSchema = z.object({ id: z.uuid(), points: z.number().int() });

async function outcomeCount(outcome: string): Promise<number> {
  const { values } = await consumerMessagesTotal.get();
  return values.find((v) => v.labels.queue === QUEUE && v.labels.outcome === outcome)?.value ?? 0;
}

describe('an idempotent consumer', () => {
  let environment: TestEnvironment;
  let amqp: AmqpClient;
  let stopConsumer: (() => Promise<void>) | undefined;
  const attempts = new Map<string, number>();

  beforeAll(async () => {
    environment = await createTestEnvironment({ migrate: false });
    await createMessagingTables(environment.pool, SCHEMA);
    await environment.pool.query(
      `CREATE TABLE ${SCHEMA}.points (event_id uuid NOT NULL, points int NOT NULL)`,
    );
    amqp = createAmqpClient({ url: environment.env.AMQP_URL!, logger });
    await amqp.ready();
  });

  afterEach(async () => {
    await stopConsumer?.();
    stopConsumer = undefined;
  });

  afterAll(async () => {
    await amqp?.close();
    await environment?.cleanup();
  });

  function start(fail: (event: z.infer<typeof eventSchema>) => boolean = () => false) {
    const consumer = startIdempotentConsumer({
      amqp,
      pool: environment.pool,
      schema: SCHEMA,
      queue: QUEUE,
      consumer: 'points-test',
      eventSchema,
      logger,
      retryBaseDelayMs: 10,
      async handle(event, client) {
        attempts.set(event.id, (attempts.get(event.id) ?? 0) + 1);
        await client.query(`INSERT INTO ${SCHEMA}.points (event_id, points) VALUES ($1, $2)`, [
          event.id,
          event.points,
        ]);
        if (fail(event)) throw new Error('this event can never be applied');
      },
    });
    stopConsumer = () => consumer.stop();
  }

  async function pointsOf(id: string): Promise<number[]> {
    const { rows } = await environment.pool.query(`SELECT points FROM ${SCHEMA}.points WHERE event_id = $1`, [
      id,
    ]);
    return rows.map((r) => r.points);
  }

  it('applies an event it receives twice only once', async () => {
    start();
    const event = { id: randomUUID(), points: 30 };
    const duplicatesBefore = await outcomeCount('duplicate');
    await amqp.publish(EVENT, event, {}, { messageId: event.id });
    await amqp.publish(EVENT, event, {}, { messageId: event.id });

    await waitFor(async () => (await outcomeCount('duplicate')) > duplicatesBefore, {
      message: 'second delivery not seen',
    });
    expect(await pointsOf(event.id)).toEqual([30]);
    const { rows } = await environment.pool.query(
      `SELECT consumer FROM ${SCHEMA}.processed_events WHERE event_id = $1`,
      [event.id],
    );
    expect(rows).toEqual([{ consumer: 'points-test' }]);
  });

  it('dead-letters a message whose payload breaks the schema at once', async () => {
    start();
    const invalidBefore = await outcomeCount('invalid');
    await amqp.publish(EVENT, { id: 'not-a-uuid', points: 'many' }, {}, { messageId: randomUUID() });
    await waitFor(async () => (await outcomeCount('invalid')) > invalidBefore);
    const dead = await waitFor(async () => {
      const messages = await drainQueue(environment.env.AMQP_URL!, deadLetterQueue(QUEUE));
      return messages.length > 0 ? messages : null;
    });
    expect(dead.map((m) => m.body)).toEqual([{ id: 'not-a-uuid', points: 'many' }]);
  });

  it('dead-letters a poison message after the delivery limit, rolls back its writes and keeps working', async () => {
    const poison = { id: randomUUID(), points: -1 };
    start((event) => event.id === poison.id);
    await amqp.publish(EVENT, poison, {}, { messageId: poison.id });

    const dead = await waitFor(
      async () => {
        const messages = await drainQueue(environment.env.AMQP_URL!, deadLetterQueue(QUEUE));
        return messages.length > 0 ? messages : null;
      },
      { timeoutMs: 30_000, message: 'poison message not dead-lettered' },
    );
    expect(dead.map((m) => m.messageId)).toEqual([poison.id]);
    // Each attempt's writes were rolled back with its transaction, and no processed_events row claims it.
    expect(await pointsOf(poison.id)).toEqual([]);
    // The first delivery plus `deliveryLimit` redeliveries, then the quorum queue dead-letters it.
    expect(attempts.get(poison.id)).toBe(TOPOLOGY.deliveryLimit + 1);

    const healthy = { id: randomUUID(), points: 5 };
    await amqp.publish(EVENT, healthy, {}, { messageId: healthy.id });
    await waitFor(async () => (await pointsOf(healthy.id)).length > 0, {
      message: 'consumer stopped working',
    });
    expect(await pointsOf(healthy.id)).toEqual([5]);
  });
});
