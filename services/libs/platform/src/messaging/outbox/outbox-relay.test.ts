import { randomUUID } from 'node:crypto';
import { ALL_EVENT_QUEUES } from '@mathgames/contracts';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type PoolClient, withTransaction } from '../../db/db.js';
import { createLogger, runWithRequestId } from '../../logger.js';
import { drainQueue } from '../../testing/amqp-inspect.js';
import { createTestEnvironment, type TestEnvironment } from '../../testing/test-environment.js';
import { createMessagingTables } from '../../testing/test-tables.js';
import { waitFor } from '../../testing/wait-for.js';
import { type AmqpClient, createAmqpClient } from '../amqp/client.js';
import { bullPrefix, DEFAULT_JOB_OPTIONS, RETRY_BACKOFF_TYPE } from '../bullmq.js';
import { writeOutbox } from './outbox.js';
import { startOutboxRelay } from './outbox-relay.js';

const SCHEMA = 'relaytest';
const EVENT = 'game-result.recorded.v1';
// Every queue that consumes this event (others, e.g. the erasure queues, consume other events).
const QUEUES = ALL_EVENT_QUEUES.filter((queue) => queue.event.type === EVENT).map((queue) => queue.name);
const logger = createLogger('outbox-relay-test', 'silent');

let environment: TestEnvironment;
let amqp: AmqpClient;

beforeAll(async () => {
  environment = await createTestEnvironment({ migrate: false });
  await createMessagingTables(environment.pool, SCHEMA);
  amqp = createAmqpClient({ url: environment.env.AMQP_URL!, logger, queues: ALL_EVENT_QUEUES });
  await amqp.ready();
});

afterAll(async () => {
  await amqp?.close();
  await environment?.cleanup();
});

async function unpublished(): Promise<number> {
  const { rows } = await environment.pool.query(
    `SELECT count(*)::int AS n FROM ${SCHEMA}.outbox WHERE published_at IS NULL`,
  );
  return rows[0].n;
}

/** The relay's options for this file's outbox, without a destination. */
const relayOptions = () => ({
  pool: environment.pool,
  schema: SCHEMA,
  databaseUrl: environment.env.DATABASE_URL!,
  logger,
});

/** Writes one `EVENT` row for the AMQP destination in the caller's transaction. */
const writeEvent = (client: PoolClient, payload: Record<string, unknown>, id?: string) =>
  writeOutbox(client, SCHEMA, {
    destination: 'amqp',
    topic: EVENT,
    name: EVENT,
    payload,
    ...(id ? { id } : {}),
  });

/** Every consumer queue holds exactly these message ids, in this order (drained). */
async function expectEveryQueueToHold(ids: string[]) {
  for (const queue of QUEUES) {
    expect((await drainQueue(environment.env.AMQP_URL!, queue)).map((m) => m.messageId)).toEqual(ids);
  }
}

describe('the outbox relay publishing to RabbitMQ', () => {
  it('publishes a committed row exactly once to every consumer queue and never a rolled-back one', async () => {
    const committedId = await runWithRequestId('req-committed', () =>
      withTransaction(environment.pool, (client) => writeEvent(client, { score: 10 })),
    );
    const rolledBackId = randomUUID();
    await expect(
      withTransaction(environment.pool, async (client) => {
        await writeEvent(client, { score: 99 }, rolledBackId);
        throw new Error('the use-case failed after writing');
      }),
    ).rejects.toThrow('the use-case failed');

    const relay = startOutboxRelay({ ...relayOptions(), amqp });
    await waitFor(async () => (await unpublished()) === 0, { message: 'outbox not drained' });
    await relay.drain();
    await relay.stop();

    for (const queue of QUEUES) {
      const messages = await drainQueue(environment.env.AMQP_URL!, queue);
      expect(messages.map((m) => m.messageId)).toEqual([committedId]);
      expect(messages[0]).toMatchObject({
        routingKey: EVENT,
        body: { score: 10 },
        headers: { 'x-request-id': 'req-committed' },
      });
    }
    const { rows } = await environment.pool.query(`SELECT id, attempts FROM ${SCHEMA}.outbox`);
    expect(rows).toEqual([{ id: committedId, attempts: 0 }]);
  });

  it('wakes on the commit notification, long before its backstop poll', async () => {
    const relay = startOutboxRelay({ ...relayOptions(), amqp, pollIntervalMs: 3_600_000 });
    await relay.drain();
    const id = await withTransaction(environment.pool, (client) => writeEvent(client, { n: 1 }));
    await waitFor(async () => (await unpublished()) === 0, {
      timeoutMs: 10_000,
      message: 'NOTIFY did not wake the relay',
    });
    await relay.stop();
    await expectEveryQueueToHold([id]);
  });

  it('lingers after a wake-up, so rows committed a few milliseconds apart share one pass', async () => {
    const relay = startOutboxRelay({ ...relayOptions(), amqp, pollIntervalMs: 3_600_000, lingerMs: 400 });
    await relay.drain();
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) {
      ids.push(await withTransaction(environment.pool, (client) => writeEvent(client, { n })));
      void relay.drain(); // as a writer announces its commit
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await waitFor(async () => (await unpublished()) === 0, { message: 'outbox not drained' });
    await relay.stop();
    // One pass claimed, published and marked all three: one marking statement, one published_at.
    const { rows } = await environment.pool.query(
      `SELECT DISTINCT published_at FROM ${SCHEMA}.outbox WHERE id = ANY($1)`,
      [ids],
    );
    expect(rows).toHaveLength(1);
    await expectEveryQueueToHold(ids);
  });

  it('lets two relays share one outbox so that every row is published once', async () => {
    const total = 300;
    const ids = await withTransaction(environment.pool, async (client) => {
      const written: string[] = [];
      for (let i = 0; i < total; i++) {
        written.push(await writeEvent(client, { i }));
      }
      return written;
    });
    const counted = (client: AmqpClient) => {
      let published = 0;
      const wrapper: AmqpClient = {
        ...client,
        publish: async (...args) => {
          await client.publish(...args);
          published++;
        },
      };
      return { wrapper, published: () => published };
    };
    const secondAmqp = createAmqpClient({ url: environment.env.AMQP_URL!, logger, queues: ALL_EVENT_QUEUES });
    const first = counted(amqp);
    const second = counted(secondAmqp);
    const options = { ...relayOptions(), batchSize: 10 };
    const relays = [
      startOutboxRelay({ ...options, amqp: first.wrapper }),
      startOutboxRelay({ ...options, amqp: second.wrapper }),
    ];
    await waitFor(async () => (await unpublished()) === 0, {
      timeoutMs: 30_000,
      message: 'outbox not drained',
    });
    await Promise.all(relays.map((relay) => relay.stop()));
    await secondAmqp.close();

    console.info(`two relays split ${total} rows: ${first.published()} + ${second.published()}`);
    expect(first.published() + second.published()).toBe(total);
    for (const queue of QUEUES) {
      const received = (await drainQueue(environment.env.AMQP_URL!, queue)).map((m) => m.messageId);
      expect(received).toHaveLength(total);
      expect(new Set(received)).toEqual(new Set(ids));
    }
  });
});

describe('the outbox relay publishing to BullMQ', () => {
  it('adds BullMQ jobs with the outbox id as job id', async () => {
    const prefix = environment.env.REDIS_PREFIX!;
    const id = await withTransaction(environment.pool, (client) =>
      writeOutbox(client, SCHEMA, {
        destination: 'bullmq',
        topic: 'mail',
        name: 'verify-email',
        payload: { to: 'a@b.c' },
      }),
    );
    const relay = startOutboxRelay({
      ...relayOptions(),
      bullmq: { redisUrl: environment.env.REDIS_URL!, prefix },
    });
    await waitFor(async () => (await unpublished()) === 0, { message: 'bullmq row not relayed' });
    await relay.stop();

    const queue = new Queue('mail', {
      connection: { url: environment.env.REDIS_URL! },
      prefix: bullPrefix(prefix),
    });
    const jobs = await queue.getJobs(['waiting', 'delayed', 'prioritized']);
    expect(jobs.map((job) => ({ id: job.id, name: job.name, data: job.data }))).toEqual([
      { id, name: 'verify-email', data: { to: 'a@b.c' } },
    ]);
    // Retries are bounded by time in the worker (DEFAULT_JOB_RETRY_POLICY), with its capped backoff.
    expect(jobs[0]!.opts.attempts).toBe(DEFAULT_JOB_OPTIONS.attempts);
    expect(jobs[0]!.opts.backoff).toEqual({ type: RETRY_BACKOFF_TYPE });
    await queue.close();
  });

  it('keeps a row it could not publish, counts the attempt and publishes it once the destination works', async () => {
    const id = await withTransaction(environment.pool, (client) =>
      writeOutbox(client, SCHEMA, {
        destination: 'bullmq',
        topic: 'mail',
        name: 'reset-password',
        payload: {},
      }),
    );
    // No bullmq destination configured: the publish fails and the row must stay pending.
    const broken = startOutboxRelay(relayOptions());
    await waitFor(async () => {
      const { rows } = await environment.pool.query(
        `SELECT attempts, last_error FROM ${SCHEMA}.outbox WHERE id = $1`,
        [id],
      );
      return rows[0].attempts > 0 ? rows[0] : null;
    });
    await broken.stop();
    expect(await unpublished()).toBe(1);

    const fixed = startOutboxRelay({
      ...relayOptions(),
      bullmq: { redisUrl: environment.env.REDIS_URL!, prefix: environment.env.REDIS_PREFIX! },
    });
    await waitFor(async () => (await unpublished()) === 0, { message: 'row not retried' });
    await fixed.stop();
    const { rows } = await environment.pool.query(`SELECT last_error FROM ${SCHEMA}.outbox WHERE id = $1`, [
      id,
    ]);
    expect(rows[0].last_error).toMatch(/no bullmq option/);
  });
});

describe('the outbox relay when Postgres ends its connections', () => {
  it('re-listens after its LISTEN connection is killed and still wakes on commit', async () => {
    const relay = startOutboxRelay({ ...relayOptions(), amqp, pollIntervalMs: 3_600_000 });
    const listeners = async () =>
      (
        await environment.pool.query(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
        )
      ).rows.map((r) => r.pid as number);
    const [pid] = await waitFor(async () => ((await listeners()).length === 1 ? listeners() : null));
    await environment.pool.query('SELECT pg_terminate_backend($1)', [pid]);
    await waitFor(
      async () => {
        const now = await listeners();
        return now.length === 1 && now[0] !== pid;
      },
      { message: 'relay did not LISTEN again' },
    );

    const id = await withTransaction(environment.pool, (client) =>
      writeEvent(client, { after: 'reconnect' }),
    );
    await waitFor(async () => (await unpublished()) === 0, {
      message: 'relay did not wake after re-listening',
    });
    await relay.stop();
    await expectEveryQueueToHold([id]);
  });

  it('survives Postgres ending its connections mid-publish, without exiting, and publishes everything', async () => {
    const total = 400;
    const ids: string[] = [];
    await withTransaction(environment.pool, async (client) => {
      for (let n = 0; n < total; n++) {
        ids.push(await writeEvent(client, { n }));
      }
    });
    // The relay's own pool and LISTEN connection, recognisable in pg_stat_activity by their application name.
    const url = new URL(environment.env.DATABASE_URL!);
    url.searchParams.set('application_name', 'relay-under-fire');
    const relayPool = createPool(url.toString(), { logger, max: 4 });
    // A slow broker confirm keeps each batch in flight long enough for the kills to land mid-publish.
    const slowAmqp: AmqpClient = {
      ...amqp,
      async publish(...args) {
        await new Promise((resolve) => setTimeout(resolve, 2));
        return amqp.publish(...args);
      },
    };
    const relay = startOutboxRelay({
      pool: relayPool,
      schema: SCHEMA,
      databaseUrl: url.toString(),
      amqp: slowAmqp,
      logger,
      batchSize: 50,
      pollIntervalMs: 100,
    });
    let kills = 0;
    const killing = setInterval(() => {
      environment.pool
        .query(
          `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
            WHERE application_name = 'relay-under-fire'`,
        )
        .then(({ rows }) => {
          kills += rows[0].n;
        })
        .catch(() => {});
    }, 25);
    try {
      await waitFor(async () => (await unpublished()) === 0 || kills >= 20, { timeoutMs: 30_000 });
    } finally {
      clearInterval(killing);
    }
    await waitFor(async () => (await unpublished()) === 0, {
      timeoutMs: 60_000,
      message: 'relay did not publish everything after the kills',
    });
    await relay.stop();
    await relayPool.end();
    console.log(`relay under pg_terminate_backend: rows ${total}, backends killed ${kills}`);
    expect(kills).toBeGreaterThan(0);
    for (const queue of QUEUES) {
      const received = new Set((await drainQueue(environment.env.AMQP_URL!, queue)).map((m) => m.messageId));
      // Publishing twice is allowed (consumers de-duplicate); missing one is not.
      expect(ids.filter((id) => !received.has(id))).toEqual([]);
    }
  });
});
