import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withTransaction } from '../db/db.js';
import { createLogger } from '../logger.js';
import { closeVhostConnections } from '../testing/rabbitmq-vhost.js';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment.js';
import { createMessagingTables } from '../testing/test-tables.js';
import { waitFor } from '../testing/wait-for.js';
import { createAmqpClient } from './amqp/client.js';
import { startIdempotentConsumer } from './idempotent-consumer.js';
import { writeOutbox } from './outbox/outbox.js';
import { startOutboxRelay } from './outbox/outbox-relay.js';

const SCHEMA = 'reconnecttest';
const EVENT = 'game-result.recorded.v1';
const logger = createLogger('reconnect-test', 'silent');
const QUEUE = {
  name: 'reconnect-test.events',
  event: { type: EVENT, schema: z.object({ id: z.uuid(), n: z.number() }) },
  worker: 'reconnect-test',
};

describe('when RabbitMQ closes every connection while events flow', () => {
  let environment: TestEnvironment;

  beforeAll(async () => {
    environment = await createTestEnvironment({ migrate: false });
    await createMessagingTables(environment.pool, SCHEMA);
    await environment.pool.query(`CREATE TABLE ${SCHEMA}.applied (event_id uuid NOT NULL)`);
  });

  afterAll(() => environment?.cleanup());

  it('publishers and consumers reconnect and every committed event is applied exactly once', async () => {
    const { env, pool } = environment;
    const publisherAmqp = createAmqpClient({
      url: env.AMQP_URL!,
      logger,
      connectionName: 'relay',
      queues: [QUEUE],
    });
    const consumerAmqp = createAmqpClient({
      url: env.AMQP_URL!,
      logger,
      connectionName: 'consumer',
      queues: [QUEUE],
    });
    await Promise.all([publisherAmqp.ready(), consumerAmqp.ready()]);
    const relay = startOutboxRelay({
      pool,
      schema: SCHEMA,
      databaseUrl: env.DATABASE_URL!,
      amqp: publisherAmqp,
      logger,
    });
    const consumer = startIdempotentConsumer({
      amqp: consumerAmqp,
      pool,
      schema: SCHEMA,
      queue: QUEUE,
      consumer: 'reconnect-test',
      logger,
      prefetch: 10,
      async handle(event, client) {
        await client.query(`INSERT INTO ${SCHEMA}.applied (event_id) VALUES ($1)`, [event.id]);
      },
    });

    const total = 300;
    const written: string[] = [];
    const closed: number[] = [];
    const writer = (async () => {
      for (let n = 0; n < total; n++) {
        const id = randomUUID();
        await withTransaction(pool, (client) =>
          writeOutbox(client, SCHEMA, {
            destination: 'amqp',
            topic: EVENT,
            name: EVENT,
            payload: { id, n },
            id,
          }),
        );
        written.push(id);
        // Pace the writer so the connection drops land in the middle of the flow.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const chaos = (async () => {
      for (const after of [total / 4, total / 2]) {
        await waitFor(() => written.length >= after, { timeoutMs: 30_000 });
        closed.push(await closeVhostConnections(environment.vhost!));
      }
    })();
    await Promise.all([writer, chaos]);

    const applied = async () =>
      (
        await pool.query(
          `SELECT count(*)::int AS n, count(DISTINCT event_id)::int AS d FROM ${SCHEMA}.applied`,
        )
      ).rows[0];
    await waitFor(async () => (await applied()).n >= total, {
      timeoutMs: 60_000,
      message: 'not every event applied',
    });
    await relay.stop();
    await consumer.stop();
    await Promise.all([publisherAmqp.close(), consumerAmqp.close()]);

    // Both connections (relay and consumer) were cut each time.
    expect(closed).toEqual([2, 2]);
    expect(await applied()).toEqual({ n: total, d: total });
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM ${SCHEMA}.outbox WHERE published_at IS NULL`,
    );
    expect(rows[0].n).toBe(0);
  });
});
