import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPool } from '../db/db.js';
import { PermanentError } from '../failures.js';
import { drainQueue, queueDepth } from '../testing/amqp-inspect.js';
import { lockForTransaction, lockWaits } from '../testing/interleaved-transactions.js';
import { waitFor } from '../testing/wait-for.js';
import { deadLetterQueue } from './amqp/topology.js';
import { markUserErased } from './claim.js';
import { startIdempotentConsumer } from './idempotent-consumer.js';
import {
  amqp,
  EVENT,
  environment,
  insertPoints,
  pointsConsumer,
  pointsOf,
  QUEUE,
  SCHEMA,
  stopsAfterTest,
  stopTestConsumer,
  usePointsConsumers,
} from './test-support/points-consumer.js';

usePointsConsumers();

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
        lock: { namespace: 'points-test', key: (event) => event.points },
        async handle(event, client) {
          await insertPoints(client, event);
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
      lock: { namespace: 'points-test', key: (event) => event.points },
      batchLingerMs: 500,
      async handle(event, client) {
        await insertPoints(client, event);
        const { rows } = await client.query<{ tx: string }>('SELECT txid_current()::text AS tx');
        transactionOf.set(event.id, rows[0]!.tx);
      },
    });
    stopsAfterTest(consumer);
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
    await stopTestConsumer();
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
      lock: { namespace: 'points-test', key: (event) => event.points },
      retry: { baseDelayMs: 5, maxDelayMs: 40 },
      async handle(event, client) {
        await insertPoints(client, event);
        if (event.id === bad.id) throw new PermanentError('negative points');
        const { rows } = await client.query<{ tx: string }>('SELECT txid_current()::text AS tx');
        transactionOf.set(event.id, rows[0]!.tx);
      },
    });
    stopsAfterTest(consumer);
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
    await stopTestConsumer();
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
      lock: { namespace: 'points-test', key: (event) => event.points % 4 },
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
    stopsAfterTest(consumer);
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

describe("an idempotent consumer with its keys' lock", () => {
  it("takes the event's key lock with the claim, in its batch and again when the event is retried alone", async () => {
    const key = 424_242;
    const event = { id: randomUUID(), points: key };
    // Another transaction taking that key's lock: an erasure of the user, another replica's transaction.
    const holder = await environment.pool.connect();
    let holderLocked: Promise<void> | undefined;
    let tries = 0;
    const consumer = startIdempotentConsumer({
      ...pointsConsumer(),
      lock: { namespace: 'points-test', key: (e) => e.points },
      retry: { baseDelayMs: 5, maxDelayMs: 40 },
      async handle(e, client) {
        await insertPoints(client, e);
        tries += 1;
        if (tries > 1) return;
        // The batch holds the key's lock before its handler runs: the other transaction waits for it.
        await holder.query('BEGIN');
        holderLocked = lockForTransaction(holder, 'points-test', key);
        await waitFor(async () => (await lockWaits(environment.pool, 'advisory')) === 1, {
          message: "the batch's claim did not take the key's lock",
        });
        throw new Error('failed once: the event is retried alone');
      },
    });
    stopsAfterTest(consumer);
    try {
      await amqp.publish(EVENT, event, {}, { messageId: event.id });
      // The batch rolled back and the other transaction took the lock; the event retried alone waits for it.
      await waitFor(() => holderLocked !== undefined, { message: 'the event never reached its handler' });
      await holderLocked;
      await waitFor(async () => (await lockWaits(environment.pool, 'advisory')) === 1, {
        message: "the event retried alone did not wait for its key's lock",
      });
      expect(tries).toBe(1);
      expect(await pointsOf(event.id)).toEqual([]);
      await holder.query('COMMIT');
      await waitFor(async () => (await pointsOf(event.id)).length > 0, { message: 'event never applied' });
      expect(await pointsOf(event.id)).toEqual([key]);
      expect(tries).toBe(2);
    } finally {
      holder.release(true);
    }
  });
});

describe("an idempotent consumer with its keys' lock, for a user erased meanwhile", () => {
  it('claims and skips an event whose user was erased, even when the erasure committed while the claim waited', async () => {
    const key = 535_353;
    const event = { id: randomUUID(), points: key };
    // The erasure: holds the user's lock, records them as erased, and commits only once the claim waits for it.
    const erasure = await environment.pool.connect();
    try {
      await erasure.query('BEGIN');
      await lockForTransaction(erasure, 'points-test', key);
      await markUserErased(erasure, SCHEMA, key);
      let handled = 0;
      const consumer = startIdempotentConsumer({
        ...pointsConsumer(),
        lock: { namespace: 'points-test', key: (e) => e.points },
        async handle(e, client) {
          handled += 1;
          await insertPoints(client, e);
        },
      });
      stopsAfterTest(consumer);
      await amqp.publish(EVENT, event, {}, { messageId: event.id });
      await waitFor(async () => (await lockWaits(environment.pool, 'advisory')) === 1, {
        message: "the claim did not wait for the user's lock",
      });
      await erasure.query('COMMIT');
      // Claimed (a redelivery is a duplicate), never handled: nothing of the user is written again.
      await waitFor(
        async () =>
          (
            await environment.pool.query(`SELECT 1 FROM ${SCHEMA}.processed_events WHERE event_id = $1`, [
              event.id,
            ])
          ).rowCount === 1,
        { message: 'the event was never claimed' },
      );
      expect(handled).toBe(0);
      expect(await pointsOf(event.id)).toEqual([]);
    } finally {
      erasure.release(true);
    }
  });
});
