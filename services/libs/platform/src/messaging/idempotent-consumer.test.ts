import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPool } from '../db/db.js';
import { PermanentError } from '../failures.js';
import { createLogger } from '../logger.js';
import { consumerMessagesTotal, consumerRetriesTotal } from '../metrics.js';
import { drainQueue, queueDepth } from '../testing/amqp-inspect.js';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment.js';
import { createMessagingTables } from '../testing/test-tables.js';
import { waitFor } from '../testing/wait-for.js';
import { type AmqpClient, createAmqpClient } from './amqp/client.js';
import { deadLetterQueue } from './amqp/topology.js';
import { startIdempotentConsumer } from './idempotent-consumer.js';
import { replayDeadLetters } from './replay-dead-letters.js';

const SCHEMA = 'consumertest';
const EVENT = 'game-result.recorded.v1';
const logger = createLogger('consumer-test', 'silent');
const eventSchema = z.object({ id: z.uuid(), points: z.number().int() });
const QUEUE = {
  name: 'points-test.events',
  event: { type: EVENT, schema: eventSchema },
  worker: 'points-test',
};

async function outcomeCount(outcome: string): Promise<number> {
  const { values } = await consumerMessagesTotal.get();
  return values.find((v) => v.labels.queue === QUEUE.name && v.labels.outcome === outcome)?.value ?? 0;
}

async function retryCount(): Promise<number> {
  const { values } = await consumerRetriesTotal.get();
  return values.filter((v) => v.labels.queue === QUEUE.name).reduce((sum, v) => sum + v.value, 0);
}

let environment: TestEnvironment;
let amqp: AmqpClient;
let stopConsumer: (() => Promise<void>) | undefined;
const attempts = new Map<string, number>();

beforeAll(async () => {
  environment = await createTestEnvironment({ migrate: false });
  await createMessagingTables(environment.pool, SCHEMA);
  await environment.pool.query(`CREATE TABLE ${SCHEMA}.points (event_id uuid NOT NULL, points int NOT NULL)`);
  amqp = createAmqpClient({ url: environment.env.AMQP_URL!, logger, queues: [QUEUE] });
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

/** What every consumer of this file shares: the points table's schema, queue and name. */
const pointsConsumer = () => ({
  amqp,
  pool: environment.pool,
  schema: SCHEMA,
  queue: QUEUE,
  consumer: 'points-test',
  logger,
});

/** `fail` may throw to make the handler fail after its write (which must then roll back). */
function start(fail: (event: z.infer<typeof eventSchema>) => void = () => {}) {
  const consumer = startIdempotentConsumer({
    ...pointsConsumer(),
    retry: { baseDelayMs: 5, maxDelayMs: 40 },
    async handle(event, client) {
      attempts.set(event.id, (attempts.get(event.id) ?? 0) + 1);
      await client.query(`INSERT INTO ${SCHEMA}.points (event_id, points) VALUES ($1, $2)`, [
        event.id,
        event.points,
      ]);
      fail(event);
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

describe('consumers of one process sharing a pool', () => {
  it('each claim their events on the same connection, the claim sent with BEGIN in one round trip', async () => {
    // One connection for two consumers of one schema: the claim prepared on it by one serves the other.
    const pool = createPool(environment.env.DATABASE_URL!, { max: 1 });
    const transactionsOpenedWith: string[] = [];
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        if (typeof args[0] === 'string' && args[0].startsWith('BEGIN')) transactionsOpenedWith.push(args[0]);
        return query(...args);
      }) as typeof client.query;
    });
    const consumers = ['points-test-a', 'points-test-b'].map((consumer) =>
      startIdempotentConsumer({
        ...pointsConsumer(),
        pool,
        consumer,
        batchOrder: (event) => event.id,
        async handle(event, client) {
          await client.query(`INSERT INTO ${SCHEMA}.points (event_id, points) VALUES ($1, $2)`, [
            event.id,
            event.points,
          ]);
        },
      }),
    );
    try {
      const events = Array.from({ length: 20 }, (_, i) => ({ id: randomUUID(), points: i }));
      for (const event of events) await amqp.publish(EVENT, event, {}, { messageId: event.id });
      const claimedBy = await waitFor(async () => {
        const { rows } = await environment.pool.query<{ event_id: string; consumer: string }>(
          `SELECT event_id, consumer FROM ${SCHEMA}.processed_events WHERE event_id = ANY($1)`,
          [events.map((e) => e.id)],
        );
        return rows.length === events.length ? rows : null;
      });
      // The queue hands its deliveries to both consumers; each event is applied once, by one of them.
      expect(new Set(claimedBy.map((r) => r.consumer))).toEqual(new Set(['points-test-a', 'points-test-b']));
      for (const event of events) expect(await pointsOf(event.id)).toEqual([event.points]);
      expect(transactionsOpenedWith.length).toBeGreaterThan(0);
      for (const text of transactionsOpenedWith)
        expect(text).toMatch(/^BEGIN; EXECUTE claim_events_consumertest /);
    } finally {
      await Promise.all(consumers.map((c) => c.stop()));
      await pool.end();
    }
  });
});

describe('an idempotent consumer with events arriving one by one', () => {
  it('lets a batch wait batchLingerMs for more, so events a few milliseconds apart share a transaction', async () => {
    const transactionOf = new Map<string, string>();
    const consumer = startIdempotentConsumer({
      ...pointsConsumer(),
      batchOrder: (event) => event.id,
      batchLingerMs: 500,
      async handle(event, client) {
        await client.query(`INSERT INTO ${SCHEMA}.points (event_id, points) VALUES ($1, $2)`, [
          event.id,
          event.points,
        ]);
        const { rows } = await client.query<{ tx: string }>('SELECT txid_current()::text AS tx');
        transactionOf.set(event.id, rows[0]!.tx);
      },
    });
    stopConsumer = () => consumer.stop();
    const events = Array.from({ length: 5 }, (_, i) => ({ id: randomUUID(), points: i }));
    for (const event of events) {
      await amqp.publish(EVENT, event, {}, { messageId: event.id });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    // Waits for the batch's commit: `handle` notes its transaction before the consumer commits it, so the rows are
    // read only once another connection sees every one of them.
    await waitFor(
      async () => (await Promise.all(events.map((e) => pointsOf(e.id)))).every((points) => points.length > 0),
      { message: 'events not applied' },
    );
    expect(transactionOf.size).toBe(events.length);
    expect(new Set(transactionOf.values()).size).toBe(1);
    for (const event of events) expect(await pointsOf(event.id)).toEqual([event.points]);
  });
});

describe('an idempotent consumer with a backlog', () => {
  it('applies a backlog in shared transactions, each event once, while a bad event in it is dead-lettered alone', async () => {
    await stopConsumer?.();
    stopConsumer = undefined;
    const healthy = Array.from({ length: 60 }, (_, i) => ({ id: randomUUID(), points: i }));
    const bad = { id: randomUUID(), points: -1 };
    const deadBefore = await queueDepth(environment.env.AMQP_URL!, deadLetterQueue(QUEUE.name));
    // A backlog waits in the queue before the consumer starts, as after a worker restart under load.
    for (const event of [...healthy.slice(0, 30), bad, healthy[3]!, ...healthy.slice(30)])
      await amqp.publish(EVENT, event, {}, { messageId: event.id });
    const transactionOf = new Map<string, string>();
    const consumer = startIdempotentConsumer({
      ...pointsConsumer(),
      prefetch: 64,
      batchOrder: (event) => event.id,
      retry: { baseDelayMs: 5, maxDelayMs: 40 },
      async handle(event, client) {
        await client.query(`INSERT INTO ${SCHEMA}.points (event_id, points) VALUES ($1, $2)`, [
          event.id,
          event.points,
        ]);
        if (event.id === bad.id) throw new PermanentError('negative points');
        const { rows } = await client.query<{ tx: string }>('SELECT txid_current()::text AS tx');
        transactionOf.set(event.id, rows[0]!.tx);
      },
    });
    stopConsumer = () => consumer.stop();
    await waitFor(
      async () => {
        const { rows } = await environment.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${SCHEMA}.points WHERE event_id = ANY($1)`,
          [healthy.map((e) => e.id)],
        );
        return rows[0]!.n >= healthy.length;
      },
      { message: 'backlog not applied' },
    );
    await waitFor(
      async () =>
        (await queueDepth(environment.env.AMQP_URL!, deadLetterQueue(QUEUE.name))) === deadBefore + 1,
      { message: 'bad event not dead-lettered' },
    );
    // Every healthy event exactly once (the duplicate delivery of one of them changed nothing), the bad one never.
    const { rows } = await environment.pool.query<{ event_id: string; n: number }>(
      `SELECT event_id, count(*)::int AS n FROM ${SCHEMA}.points WHERE event_id = ANY($1) GROUP BY event_id`,
      [[...healthy, bad].map((e) => e.id)],
    );
    expect(rows).toHaveLength(healthy.length);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(await pointsOf(bad.id)).toEqual([]);
    // Batching happened: some transaction applied several events.
    const perTransaction = new Map<string, number>();
    for (const tx of transactionOf.values()) perTransaction.set(tx, (perTransaction.get(tx) ?? 0) + 1);
    expect(Math.max(...perTransaction.values())).toBeGreaterThan(1);
    await drainQueue(environment.env.AMQP_URL!, deadLetterQueue(QUEUE.name));
  });
});

describe('an idempotent consumer batching several users on a pipelined connection', () => {
  it("sends every user's first statement before the first answer, and applies each user's events in turn", async () => {
    await stopConsumer?.();
    stopConsumer = undefined;
    await environment.pool.query(
      `CREATE TABLE ${SCHEMA}.tallies (user_id int PRIMARY KEY, n int NOT NULL, seen int[] NOT NULL)`,
    );
    // Four users, three events each (an event's user is its points mod 4), waiting before the consumer starts.
    const events = Array.from({ length: 12 }, (_, i) => ({ id: randomUUID(), points: i }));
    for (const event of events) await amqp.publish(EVENT, event, {}, { messageId: event.id });
    const log: string[] = [];
    const consumer = startIdempotentConsumer({
      ...pointsConsumer(),
      prefetch: 64,
      batchOrder: (event) => event.points % 4,
      batchLingerMs: 500,
      async handle(event, client) {
        const user = event.points % 4;
        log.push(`sent ${user}`);
        // A read, then a write from what was read in JS, as the mastery handlers do: two events of one user
        // applied side by side would both read the same tally and one update would be lost.
        const { rows } = await client.query<{ n: number; seen: number[] }>(
          `INSERT INTO ${SCHEMA}.tallies AS t (user_id, n, seen) VALUES ($1, 0, '{}')
           ON CONFLICT (user_id) DO UPDATE SET n = t.n RETURNING n, seen`,
          [user],
        );
        log.push(`answered ${user}`);
        await client.query(`UPDATE ${SCHEMA}.tallies SET n = $2, seen = $3 WHERE user_id = $1`, [
          user,
          rows[0]!.n + 1,
          [...rows[0]!.seen, event.points],
        ]);
      },
    });
    stopConsumer = () => consumer.stop();
    const tallies = await waitFor(async () => {
      const { rows } = await environment.pool.query<{ user_id: number; n: number; seen: number[] }>(
        `SELECT user_id, n, seen FROM ${SCHEMA}.tallies ORDER BY user_id`,
      );
      return rows.reduce((sum, r) => sum + r.n, 0) === events.length ? rows : null;
    });
    // Each user's events applied in turn, in delivery order, none lost.
    expect(tallies).toEqual(
      [0, 1, 2, 3].map((user) => ({ user_id: user, n: 3, seen: [user, user + 4, user + 8] })),
    );
    // The four users' first statements went out together, before any answer came back.
    expect(log.slice(0, 4)).toEqual(['sent 0', 'sent 1', 'sent 2', 'sent 3']);
  });
});
