import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { PermanentError } from '../failures.js';
import { consumerMessagesTotal, consumerRetriesTotal } from '../metrics.js';
import { drainQueue, queueDepth } from '../testing/amqp-inspect.js';
import { waitFor } from '../testing/wait-for.js';
import { deadLetterQueue } from './amqp/topology.js';
import { startIdempotentConsumer } from './idempotent-consumer.js';
import { replayDeadLetters } from './replay-dead-letters.js';
import {
  amqp,
  EVENT,
  environment,
  type eventSchema,
  insertPoints,
  pointsConsumer,
  pointsOf,
  QUEUE,
  SCHEMA,
  stopsAfterTest,
  usePointsConsumers,
} from './test-support/points-consumer.js';

usePointsConsumers();

async function outcomeCount(outcome: string): Promise<number> {
  const { values } = await consumerMessagesTotal.get();
  return values.find((v) => v.labels.queue === QUEUE.name && v.labels.outcome === outcome)?.value ?? 0;
}

async function retryCount(): Promise<number> {
  const { values } = await consumerRetriesTotal.get();
  return values.filter((v) => v.labels.queue === QUEUE.name).reduce((sum, v) => sum + v.value, 0);
}

const attempts = new Map<string, number>();

/** `fail` may throw to make the handler fail after its write (which must then roll back). */
function start(fail: (event: z.infer<typeof eventSchema>) => void = () => {}) {
  const consumer = startIdempotentConsumer({
    ...pointsConsumer(),
    retry: { baseDelayMs: 5, maxDelayMs: 40 },
    async handle(event, client) {
      attempts.set(event.id, (attempts.get(event.id) ?? 0) + 1);
      await insertPoints(client, event);
      fail(event);
    },
  });
  stopsAfterTest(consumer);
}

describe('an idempotent consumer', () => {
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
      const messages = await drainQueue(environment.env.AMQP_URL!, deadLetterQueue(QUEUE.name));
      return messages.length > 0 ? messages : null;
    });
    expect(dead.map((m) => m.body)).toEqual([{ id: 'not-a-uuid', points: 'many' }]);
  });

  it('retries a handler that fails transiently 30 times in a row until it succeeds, never dead-lettering it', async () => {
    const event = { id: randomUUID(), points: 7 };
    const retriesBefore = await retryCount();
    start((e) => {
      if (e.id === event.id && (attempts.get(e.id) ?? 0) <= 30) {
        // What pg raises while its server is unreachable.
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      }
    });
    await amqp.publish(EVENT, event, {}, { messageId: event.id });
    await waitFor(async () => (await pointsOf(event.id)).length > 0, {
      timeoutMs: 30_000,
      message: 'event never applied',
    });
    expect(attempts.get(event.id)).toBe(31);
    expect(await pointsOf(event.id)).toEqual([7]);
    expect((await retryCount()) - retriesBefore).toBe(30);
    expect(await queueDepth(environment.env.AMQP_URL!, deadLetterQueue(QUEUE.name))).toBe(0);
  });

  it('dead-letters a permanent failure at once, and replaying after the fix applies it exactly once', async () => {
    const parked = { id: randomUUID(), points: 11 };
    let fixed = false;
    start((e) => {
      if (e.id === parked.id && !fixed) throw new PermanentError('points rule rejects this event');
    });
    await amqp.publish(EVENT, parked, {}, { messageId: parked.id });
    await waitFor(
      async () => (await queueDepth(environment.env.AMQP_URL!, deadLetterQueue(QUEUE.name))) === 1,
      {
        message: 'permanent failure not dead-lettered',
      },
    );
    // One attempt only, and its write rolled back with its transaction.
    expect(attempts.get(parked.id)).toBe(1);
    expect(await pointsOf(parked.id)).toEqual([]);

    fixed = true;
    const moved = await replayDeadLetters({ url: environment.env.AMQP_URL!, queues: [QUEUE.name] });
    expect(moved).toEqual({ [QUEUE.name]: 1 });
    await waitFor(async () => (await pointsOf(parked.id)).length > 0, {
      message: 'replayed event not applied',
    });
    // The same event arriving again (a replay run twice, a message moved twice) changes nothing.
    const duplicatesBefore = await outcomeCount('duplicate');
    await amqp.publish(EVENT, parked, {}, { messageId: parked.id });
    await waitFor(async () => (await outcomeCount('duplicate')) > duplicatesBefore);
    expect(await pointsOf(parked.id)).toEqual([11]);
    expect(await queueDepth(environment.env.AMQP_URL!, deadLetterQueue(QUEUE.name))).toBe(0);

    const healthy = { id: randomUUID(), points: 5 };
    await amqp.publish(EVENT, healthy, {}, { messageId: healthy.id });
    await waitFor(async () => (await pointsOf(healthy.id)).length > 0, {
      message: 'consumer stopped working',
    });
    expect(await pointsOf(healthy.id)).toEqual([5]);
  });
});
