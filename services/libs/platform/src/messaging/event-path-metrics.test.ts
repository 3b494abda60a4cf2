import { randomUUID } from 'node:crypto';
import amqplib from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logger.js';
import { amqpQueueMessages, consumerEventLag, OUTBOX_CREATED_AT_HEADER } from '../metrics.js';
import { drainQueue } from '../testing/amqp-inspect.js';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment.js';
import { createMessagingTables } from '../testing/test-tables.js';
import { waitFor } from '../testing/wait-for.js';
import { type AmqpClient, createAmqpClient } from './amqp/client.js';
import { deadLetterQueue } from './amqp/topology.js';
import { startIdempotentConsumer } from './idempotent-consumer.js';
import { writeOutbox } from './outbox/outbox.js';
import { startOutboxRelay } from './outbox/outbox-relay.js';
import { sampleQueueDepths } from './worker.js';

// The event path's metrics behind the alerts and dashboards (docs/operations/runbooks.md, "Service levels, alerts and
// runbooks"): the relay stamps each message with its outbox row's creation time, consumers turn it into
// `consumer_event_lag_seconds`, and workers sample their queues' depth into `amqp_queue_messages`.
const SCHEMA = 'lagtest';
const EVENT = 'game-result.recorded.v1';
const logger = createLogger('event-path-metrics-test', 'silent');
const QUEUE = {
  name: 'lag-test.events',
  event: { type: EVENT, schema: z.object({ id: z.uuid() }) },
  worker: 'lag-test',
};

async function lagOf(queue: string): Promise<{ count: number; sum: number }> {
  const { values } = await consumerEventLag.get();
  const pick = (name: string) =>
    values.find((v) => v.metricName === name && v.labels.queue === queue)?.value ?? 0;
  return { count: pick('consumer_event_lag_seconds_count'), sum: pick('consumer_event_lag_seconds_sum') };
}

async function depthOf(queue: string): Promise<number | undefined> {
  const { values } = await amqpQueueMessages.get();
  return values.find((v) => v.labels.queue === queue)?.value;
}

describe('the event path metrics', () => {
  let environment: TestEnvironment;
  let amqp: AmqpClient;

  beforeAll(async () => {
    environment = await createTestEnvironment({ migrate: false });
    await createMessagingTables(environment.pool, SCHEMA);
    amqp = createAmqpClient({ url: environment.env.AMQP_URL!, logger, queues: [QUEUE] });
    await amqp.ready();
  });

  afterAll(async () => {
    await amqp?.close();
    await environment?.cleanup();
  });

  it('carries the outbox row creation time to the consumer, which reports the lag from it', async () => {
    const id = randomUUID();
    // A row written 7 s ago (an outage of the relay, say): its event is at least 7 s late when handled.
    const client = await environment.pool.connect();
    try {
      await client.query('BEGIN');
      await writeOutbox(client, SCHEMA, {
        destination: 'amqp',
        topic: EVENT,
        name: EVENT,
        payload: { id },
        id,
      });
      await client.query(`UPDATE ${SCHEMA}.outbox SET created_at = now() - interval '7 seconds'`);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const { rows } = await environment.pool.query(`SELECT created_at FROM ${SCHEMA}.outbox`);
    const relay = startOutboxRelay({
      pool: environment.pool,
      schema: SCHEMA,
      databaseUrl: environment.env.DATABASE_URL!,
      logger,
      amqp,
    });
    await relay.drain();
    await relay.stop();
    const [message] = await drainQueue(environment.env.AMQP_URL!, QUEUE.name);
    expect(message?.headers[OUTBOX_CREATED_AT_HEADER]).toBe((rows[0].created_at as Date).toISOString());

    // Back on the queue, as the relay sent it, for a consumer.
    await amqp.publish(EVENT, { id }, message!.headers, { messageId: id });
    const before = await lagOf(QUEUE.name);
    const consumer = startIdempotentConsumer({
      amqp,
      pool: environment.pool,
      schema: SCHEMA,
      queue: QUEUE,
      consumer: 'lag-test',
      logger,
      async handle() {},
    });
    try {
      await waitFor(async () => (await lagOf(QUEUE.name)).count === before.count + 1, {
        message: 'the lag observed',
      });
      const after = await lagOf(QUEUE.name);
      expect(after.sum - before.sum).toBeGreaterThanOrEqual(7);
    } finally {
      await consumer.stop();
    }
  });

  it('samples the depth of each queue and its dead-letter queue', async () => {
    // Two events waiting and one parked, with no consumer.
    await amqp.publish(EVENT, { id: randomUUID() });
    await amqp.publish(EVENT, { id: randomUUID() });
    const connection = await amqplib.connect(environment.env.AMQP_URL!);
    try {
      const channel = await connection.createConfirmChannel();
      channel.sendToQueue(deadLetterQueue(QUEUE.name), Buffer.from(JSON.stringify({ id: randomUUID() })));
      await channel.waitForConfirms();
      await channel.close();
    } finally {
      await connection.close();
    }
    const sampler = sampleQueueDepths(amqp, logger, 50);
    try {
      await waitFor(
        async () => (await depthOf(QUEUE.name)) === 2 && (await depthOf(deadLetterQueue(QUEUE.name))) === 1,
        { message: 'the sampled depths' },
      );
    } finally {
      sampler.stop();
    }
    await drainQueue(environment.env.AMQP_URL!, QUEUE.name);
    await drainQueue(environment.env.AMQP_URL!, deadLetterQueue(QUEUE.name));
  });
});
