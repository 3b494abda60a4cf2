import type pg from 'pg';
import type { z } from 'zod';
import type { AmqpClient } from './amqp.js';
import { backoffDelay, sleep } from './backoff.js';
import { withTransaction } from './db.js';
import { type Logger, runWithRequestId } from './logger.js';
import { consumerInFlight, consumerMessagesTotal } from './metrics.js';
import { assertSchemaName } from './outbox.js';

export const REQUEST_ID_HEADER = 'x-request-id';

export interface IdempotentConsumerOptions<Event> {
  amqp: AmqpClient;
  pool: pg.Pool;
  /** Schema holding this consumer's `processed_events` table. */
  schema: string;
  queue: string;
  /** Name recorded with each processed event id; stable across releases. */
  consumer: string;
  eventSchema: z.ZodType<Event>;
  prefetch?: number;
  logger: Logger;
  /** Pause before a failed message goes back to the queue, growing with its delivery count. */
  retryBaseDelayMs?: number;
  handle: (event: Event, client: pg.PoolClient) => Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function eventIdOf(event: unknown, messageId: unknown): string | null {
  const own = (event as { id?: unknown } | null)?.id;
  if (typeof own === 'string' && UUID.test(own)) return own;
  if (typeof messageId === 'string' && UUID.test(messageId)) return messageId;
  return null;
}

/**
 * Applies each event once: the handler's writes and the (consumer, event id) row commit together, so a
 * redelivery finds the row and is acked without effect. A payload that fails the schema is dead-lettered at
 * once; a handler error is requeued until the queue's delivery limit dead-letters it.
 */
export function startIdempotentConsumer<Event>(options: IdempotentConsumerOptions<Event>): {
  stop(): Promise<void>;
} {
  const { pool, queue, consumer, logger } = options;
  const table = `${assertSchemaName(options.schema)}.processed_events`;
  const retryBaseDelayMs = options.retryBaseDelayMs ?? 250;
  const stopping = new AbortController();

  const subscription = options.amqp.consume(
    queue,
    async (message, control) => {
      const headers = message.properties.headers ?? {};
      const requestId =
        typeof headers[REQUEST_ID_HEADER] === 'string' ? headers[REQUEST_ID_HEADER] : undefined;
      const deliveryCount = Number(headers['x-delivery-count'] ?? 0);
      consumerInFlight.inc({ queue });
      try {
        await runWithRequestId(requestId, async () => {
          let event: Event;
          let eventId: string | null;
          try {
            event = options.eventSchema.parse(JSON.parse(message.content.toString('utf8')));
            eventId = eventIdOf(event, message.properties.messageId);
            if (!eventId) throw new Error('event has no uuid id and no uuid message id');
          } catch (err) {
            logger.error(
              { err, queue, messageId: message.properties.messageId },
              'invalid event; dead-lettering',
            );
            consumerMessagesTotal.inc({ queue, outcome: 'invalid' });
            control.nack(false);
            return;
          }
          try {
            const applied = await withTransaction(pool, async (client) => {
              // Claim first: a concurrent duplicate blocks on the key until this transaction ends, then skips.
              const claimed = await client.query(
                `INSERT INTO ${table} (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
                [consumer, eventId],
              );
              if (claimed.rowCount === 0) return false;
              await options.handle(event, client);
              return true;
            });
            consumerMessagesTotal.inc({ queue, outcome: applied ? 'applied' : 'duplicate' });
            if (!applied) logger.debug({ eventId }, 'duplicate event skipped');
            control.ack();
          } catch (err) {
            consumerMessagesTotal.inc({ queue, outcome: 'failed' });
            logger.warn(
              { err, eventId, deliveryCount },
              'event handler failed; will retry until the delivery limit',
            );
            await sleep(backoffDelay(deliveryCount, retryBaseDelayMs, 10_000), stopping.signal);
            control.nack(true);
          }
        });
      } finally {
        consumerInFlight.dec({ queue });
      }
    },
    { prefetch: options.prefetch ?? 20 },
  );

  return {
    async stop() {
      stopping.abort();
      await subscription.cancel();
    },
  };
}
