import { type ConnectionOptions, Queue } from 'bullmq';
import type { Logger } from '../../logger.js';
import { OUTBOX_CREATED_AT_HEADER } from '../../metrics.js';
import { injectTraceContext, inSpan, SpanKind } from '../../tracing/trace-context.js';
import type { AmqpClient } from '../amqp/client.js';
import { bullPrefix, createQueue, DEFAULT_JOB_OPTIONS } from '../bullmq.js';
import { REQUEST_ID_HEADER } from '../idempotent-consumer.js';

/** An outbox row as the relay claimed it. */
export interface ClaimedRow {
  id: string;
  destination: 'amqp' | 'bullmq';
  topic: string;
  name: string;
  payload: unknown;
  request_id: string | null;
  traceparent: string | null;
  attempts: number;
  created_at: Date;
}

export interface RowDeliveryOptions {
  schema: string;
  logger: Logger;
  amqp: AmqpClient | undefined;
  bullmq: { prefix: string; redisUrl?: string; connection?: ConnectionOptions } | undefined;
  /** Bound on one publish (broker confirm or BullMQ add). */
  publishTimeoutMs: number;
}

export interface RowDelivery {
  /** Publishes one row to its broker; rejects when it is not confirmed within the publish timeout. */
  deliver(row: ClaimedRow): Promise<void>;
  /** Closes the BullMQ queues opened for delivery. */
  close(): Promise<void>;
}

export function createRowDelivery(options: RowDeliveryOptions): RowDelivery {
  const { schema, logger, amqp, bullmq, publishTimeoutMs } = options;
  const queues = new Map<string, Queue>();

  function queueFor(name: string): Queue {
    const bull = bullmq;
    if (!bull) throw new Error(`outbox row for BullMQ queue "${name}" but the relay has no bullmq option`);
    let queue = queues.get(name);
    if (!queue) {
      if (bull.connection) {
        queue = new Queue(name, {
          connection: bull.connection,
          prefix: bullPrefix(bull.prefix),
          defaultJobOptions: DEFAULT_JOB_OPTIONS,
        });
        queue.on('error', (err) => logger.warn({ err, queue: name }, 'bullmq queue connection error'));
      } else {
        queue = createQueue(name, {
          redisUrl: bull.redisUrl ?? 'redis://127.0.0.1:6379',
          prefix: bull.prefix,
          logger,
        });
      }
      queues.set(name, queue);
    }
    return queue;
  }

  /** Publishes one row in a span that continues the trace of the request that wrote it. */
  function deliver(row: ClaimedRow): Promise<void> {
    const system = row.destination === 'amqp' ? 'rabbitmq' : 'bullmq';
    return inSpan(
      `publish ${row.topic}`,
      {
        kind: SpanKind.PRODUCER,
        parent: row.traceparent,
        attributes: {
          'messaging.system': system,
          'messaging.operation.type': 'send',
          'messaging.destination.name': row.topic,
          'messaging.message.id': row.id,
          'outbox.schema': schema,
          'outbox.attempt': row.attempts + 1,
        },
      },
      () => publishRow(row),
    );
  }

  async function publishRow(row: ClaimedRow): Promise<void> {
    if (row.destination === 'amqp') {
      if (!amqp) throw new Error(`outbox row for AMQP topic "${row.topic}" but the relay has no amqp client`);
      const headers: Record<string, unknown> = {};
      if (row.request_id) headers[REQUEST_ID_HEADER] = row.request_id;
      headers[OUTBOX_CREATED_AT_HEADER] = row.created_at.toISOString();
      injectTraceContext(headers);
      await amqp.publish(row.topic, row.payload, headers, { messageId: row.id, type: row.name });
    } else {
      const carrier: Record<string, string> = {};
      injectTraceContext(carrier);
      // The job id de-duplicates: a row re-sent after a crash between add and commit adds nothing. BullMQ's own
      // slot for propagation metadata carries the trace context to the worker.
      await queueFor(row.topic).add(row.name, row.payload, {
        jobId: row.id,
        ...(carrier.traceparent ? { telemetry: { metadata: carrier.traceparent } } : {}),
      });
    }
  }

  async function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`${what} not confirmed within ${publishTimeoutMs} ms`)),
        publishTimeoutMs,
      );
    });
    try {
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    deliver: (row) => withTimeout(deliver(row), `outbox row ${row.id}`),
    async close() {
      await Promise.allSettled([...queues.values()].map((q) => q.close()));
    },
  };
}
