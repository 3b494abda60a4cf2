import { randomUUID } from 'node:crypto';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import amqplib from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withTransaction } from '../db/db.js';
import { createLogger } from '../logger.js';
import { type AmqpClient, createAmqpClient } from '../messaging/amqp/client.js';
import { startIdempotentConsumer } from '../messaging/idempotent-consumer.js';
import { writeOutbox } from '../messaging/outbox/outbox.js';
import { type OutboxRelay, startOutboxRelay } from '../messaging/outbox/outbox-relay.js';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment.js';
import { createMessagingTables } from '../testing/test-tables.js';
import { waitFor } from '../testing/wait-for.js';
import { scrubAttributes } from './scrub.js';
import { startTracing, type Tracing } from './start-tracing.js';
import { currentTraceId, currentTraceparent, inSpan, SpanKind } from './trace-context.js';

const SCHEMA = 'tracingtest';
const EVENT = 'game-result.recorded.v1';
const QUEUE = {
  name: 'tracing-test.events',
  event: { type: EVENT, schema: z.object({ id: z.uuid(), points: z.number().int() }) },
  worker: 'tracing-test',
};
/** A second consumer group of the same event: its copy is taken and dropped unacked, so the broker re-delivers it. */
const DROPPED_QUEUE = { ...QUEUE, name: 'tracing-test.dropped', worker: 'tracing-test-dropped' };
const logger = createLogger('tracing-test', 'silent');

function describeSpans(spans: readonly ReadableSpan[]): string {
  return spans
    .map((s) => {
      const outcome = s.attributes['mathgames.event.outcome'];
      const redelivered = s.attributes['messaging.rabbitmq.redelivered'] ? ', redelivered' : '';
      return `${String(s.resource.attributes['service.name'])}  ${s.name}${outcome ? ` [${outcome}${redelivered}]` : ''}`;
    })
    .join('\n');
}

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let environment: TestEnvironment;
let amqp: AmqpClient;
let relay: OutboxRelay;
let consumer: { stop(): Promise<void> };

/** Tracing into `exporter`, and an outbox relay and a consumer for the event, all traced. */
async function startTracedPipeline() {
  tracing = await startTracing('tracing-test', { exporter, env: {} });
  environment = await createTestEnvironment({ migrate: false });
  await createMessagingTables(environment.pool, SCHEMA);
  amqp = createAmqpClient({ url: environment.env.AMQP_URL!, logger, queues: [QUEUE, DROPPED_QUEUE] });
  await amqp.ready();
  relay = startOutboxRelay({
    pool: environment.pool,
    schema: SCHEMA,
    databaseUrl: environment.env.DATABASE_URL!,
    amqp,
    logger,
  });
  consumer = startIdempotentConsumer({
    amqp,
    pool: environment.pool,
    schema: SCHEMA,
    queue: QUEUE,
    consumer: 'tracing-test',
    logger,
    handle: async () => {},
  });
}

async function stopTracedPipeline() {
  await consumer?.stop();
  await relay?.stop();
  await amqp?.close();
  await environment?.cleanup();
  await tracing?.shutdown();
}

/** A game result saved in a request span: the outbox row of its event, written in that span's trace. */
function saveResultInRequestSpan(id: string, points: number): Promise<string> {
  return inSpan('POST /api/game-results', { kind: SpanKind.SERVER }, async () => {
    await withTransaction(environment.pool, (client) =>
      writeOutbox(client, SCHEMA, {
        destination: 'amqp',
        topic: EVENT,
        name: EVENT,
        payload: { id, points },
        id,
      }),
    );
    return currentTraceId()!;
  });
}

function eventTraceTests() {
  it("continues a request's trace through the outbox row, the relay and the consumer, and shows a re-delivery in it", async () => {
    const id = randomUUID();
    const traceId = await saveResultInRequestSpan(id, 3);
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const { rows } = await environment.pool.query(`SELECT traceparent FROM ${SCHEMA}.outbox WHERE id = $1`, [
      id,
    ]);
    expect(rows[0].traceparent).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));

    const inTrace = () => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    const processed = (outcome: string) =>
      inTrace().find(
        (s) => s.name === `process ${QUEUE.name}` && s.attributes['mathgames.event.outcome'] === outcome,
      );
    await waitFor(() => processed('applied'), {
      timeoutMs: 30_000,
      message: 'the consumer span in the trace',
    });

    // The relay published the row once and marked it; a relay that crashed before marking publishes it again.
    await waitFor(async () => {
      const marked = await environment.pool.query(`SELECT published_at FROM ${SCHEMA}.outbox WHERE id = $1`, [
        id,
      ]);
      return marked.rows[0].published_at !== null;
    });
    await environment.pool.query(`UPDATE ${SCHEMA}.outbox SET published_at = NULL WHERE id = $1`, [id]);
    await relay.drain();
    await waitFor(() => processed('duplicate'), {
      timeoutMs: 30_000,
      message: 'the duplicate in the same trace',
    });

    const spans = inTrace();
    console.log(`trace ${traceId}:\n${describeSpans(spans)}`);
    const request = spans.find((s) => s.name === 'POST /api/game-results')!;
    const publishes = spans.filter((s) => s.name === `publish ${EVENT}`);
    expect(publishes).toHaveLength(2);
    for (const publish of publishes) {
      expect(publish.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
      expect(publish.attributes['messaging.message.id']).toBe(id);
    }
    const consumed = spans.filter((s) => s.name === `process ${QUEUE.name}`);
    expect(consumed.map((s) => s.attributes['mathgames.event.outcome']).sort()).toEqual([
      'applied',
      'duplicate',
    ]);
    for (const span of consumed) {
      expect(publishes.map((p) => p.spanContext().spanId)).toContain(span.parentSpanContext?.spanId);
      expect(span.attributes['messaging.message.id']).toBe(id);
    }
  });

  it('keeps the trace of an event the broker re-delivers after a consumer dropped it unacked', async () => {
    const url = environment.env.AMQP_URL!;
    const connection = await amqplib.connect(url);
    const channel = await connection.createChannel();
    await channel.purgeQueue(DROPPED_QUEUE.name);
    const id = randomUUID();
    const traceId = await saveResultInRequestSpan(id, 5);
    await relay.drain();
    // A consumer takes the message and dies before its ack: the broker hands it out again, marked redelivered.
    const taken = await waitFor(
      async () => (await channel.get(DROPPED_QUEUE.name, { noAck: false })) || null,
      {
        timeoutMs: 30_000,
      },
    );
    expect(taken.properties.messageId).toBe(id);
    await connection.close();

    const dropped = startIdempotentConsumer({
      amqp,
      pool: environment.pool,
      schema: SCHEMA,
      queue: DROPPED_QUEUE,
      consumer: DROPPED_QUEUE.worker,
      logger,
      handle: async () => {},
    });
    try {
      const span = await waitFor(
        () =>
          exporter
            .getFinishedSpans()
            .find((s) => s.name === `process ${DROPPED_QUEUE.name}` && s.spanContext().traceId === traceId),
        { timeoutMs: 30_000, message: 'the re-delivered event processed in its trace' },
      );
      const publish = exporter
        .getFinishedSpans()
        .find((s) => s.name === `publish ${EVENT}` && s.spanContext().traceId === traceId)!;
      console.log(`re-delivered by the broker, trace ${traceId}:\n${describeSpans([publish, span])}`);
      expect(span.attributes['messaging.rabbitmq.redelivered']).toBe(true);
      expect(span.attributes['mathgames.event.outcome']).toBe('applied');
      expect(span.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
    } finally {
      await dropped.stop();
    }
  });
}

function logAndAttributeTests() {
  it('puts the trace id on every log line written inside a sampled span', async () => {
    const lines: string[] = [];
    const log = createLogger('trace-log-test', 'info', { write: (line: string) => void lines.push(line) });
    const traceId = await inSpan('work', { kind: SpanKind.INTERNAL }, async () => {
      log.info('inside');
      return currentTraceId();
    });
    log.info('outside');
    expect(JSON.parse(lines[0]!).traceId).toBe(traceId);
    expect(JSON.parse(lines[1]!).traceId).toBeUndefined();
  });

  it('writes no trace context on the row when no span is active', async () => {
    expect(currentTraceparent()).toBeNull();
  });

  it('drops what could identify a pupil or open an account from span attributes', () => {
    const attributes: Record<string, unknown> = {
      'http.request.method': 'GET',
      'url.full': 'http://gateway/api/auth/verify-email?token=abc123secret&email=ayse%40example.com',
      'url.path': '/api/class-codes/K7M2QX',
      'http.target': '/api/profile/photos/3f9a1c2e4b5d6f7a8b9c0d1e2f3a4b5c.webp',
      'url.query': 'token=abc123secret',
      'client.address': '10.20.0.7',
      'user_agent.original': 'Mozilla/5.0 (iPad)',
      'http.request.header.cookie': 'mg.sid=s%3Aabc',
      'db.query.parameter.0': 'ayse@example.com',
      'db.query.text': 'SELECT id FROM auth.users WHERE email = $1',
      'server.address': '127.0.0.1',
    };
    scrubAttributes(attributes);
    expect(attributes).toEqual({
      'http.request.method': 'GET',
      'url.full': 'http://gateway/api/auth/verify-email',
      'url.path': '/api/class-codes/:redacted',
      'http.target': '/api/profile/photos/:redacted',
      'db.query.text': 'SELECT id FROM auth.users WHERE email = $1',
      'server.address': '127.0.0.1',
    });
  });
}

// The hooks stay in this describe, not at file level: tracing must be shut down before 'tracing switched off'.
describe('tracing with the in-memory exporter', () => {
  beforeAll(startTracedPipeline);
  afterAll(stopTracedPipeline);

  describe('of an event through the outbox and the broker', eventTraceTests);
  describe('in logs and span attributes', logAndAttributeTests);
});

describe('tracing switched off', () => {
  it('is off without an endpoint: nothing is started and spans only run their work', async () => {
    const tracing = await startTracing('off-test', { env: {} });
    expect(tracing.enabled).toBe(false);
    const value = await inSpan('work', { kind: SpanKind.INTERNAL }, async (span) => {
      expect(span.isRecording()).toBe(false);
      return currentTraceparent();
    });
    expect(value).toBeNull();
  });
});
