import { setMaxListeners } from 'node:events';
import type { EventQueue } from '@mathgames/contracts';
import type pg from 'pg';
import type { AmqpClient } from './amqp.js';
import { backoffDelay, sleep } from './backoff.js';
import { withTransaction } from './db.js';
import { classifyFailure } from './failures.js';
import { type Logger, runWithRequestId } from './logger.js';
import { consumerInFlight, consumerMessagesTotal, consumerRetriesTotal } from './metrics.js';
import { assertSchemaName } from './outbox.js';

export const REQUEST_ID_HEADER = 'x-request-id';

export interface RetryPolicy {
  /** First pause after a failure; doubles per attempt up to `maxDelayMs`, for as long as it takes. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** An outage of hours costs one attempt every 5-10 s per held message: cheap, and events resume within ~10 s of recovery. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { baseDelayMs: 250, maxDelayMs: 10_000 };

export interface IdempotentConsumerOptions<Event extends { id: string }> {
  amqp: AmqpClient;
  pool: pg.Pool;
  /** Schema holding this consumer's `processed_events` table. */
  schema: string;
  queue: EventQueue<Event>;
  /** Name recorded with each processed event id; stable across releases. */
  consumer: string;
  prefetch?: number;
  logger: Logger;
  retry?: RetryPolicy;
  /** Runs inside the transaction that records the event id: writes here commit exactly once per event. */
  handle: (event: Event, client: pg.PoolClient) => Promise<void>;
  /**
   * Runs after that transaction committed (cache refresh, notifications). Its failure is logged and never
   * undoes or repeats the committed work; it runs at most once per applied event.
   */
  afterCommit?: (event: Event) => Promise<void>;
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
 * redelivery finds the row and is acked without effect. A payload that fails the schema, or a handler error
 * marked PermanentError, is dead-lettered at once. Any other failure (database away, timeout, bug) keeps the
 * message and retries it in place with capped exponential backoff until it succeeds: no broker delivery count is
 * involved, so a long outage never parks a healthy event.
 */
export function startIdempotentConsumer<Event extends { id: string }>(
  options: IdempotentConsumerOptions<Event>,
): { stop(): Promise<void> } {
  const { pool, consumer, logger } = options;
  const queue = options.queue.name;
  const table = `${assertSchemaName(options.schema)}.processed_events`;
  const retry = options.retry ?? DEFAULT_RETRY_POLICY;
  const stopping = new AbortController();
  // Every held message waits on this signal during an outage: up to `prefetch` listeners at once, by design.
  setMaxListeners(0, stopping.signal);

  async function apply(event: Event, eventId: string): Promise<boolean> {
    return withTransaction(pool, async (client) => {
      // Claim first: a concurrent duplicate blocks on the key until this transaction ends, then skips.
      const claimed = await client.query(
        `INSERT INTO ${table} (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
        [consumer, eventId],
      );
      if (claimed.rowCount === 0) return false;
      await options.handle(event, client);
      return true;
    });
  }

  const subscription = options.amqp.consume(
    queue,
    async (message, control) => {
      const headers = message.properties.headers ?? {};
      const requestId =
        typeof headers[REQUEST_ID_HEADER] === 'string' ? headers[REQUEST_ID_HEADER] : undefined;
      consumerInFlight.inc({ queue });
      try {
        await runWithRequestId(requestId, async () => {
          let event: Event;
          let eventId: string | null;
          try {
            event = options.queue.event.schema.parse(JSON.parse(message.content.toString('utf8')));
            eventId = eventIdOf(event, message.properties.messageId);
            if (!eventId) throw new Error('event has no uuid id and no uuid message id');
          } catch (err) {
            logger.error(
              { err, queue, messageId: message.properties.messageId },
              'invalid event; dead-lettering',
            );
            consumerMessagesTotal.inc({ queue, outcome: 'invalid' });
            control.deadLetter();
            return;
          }
          for (let attempt = 0; ; attempt++) {
            try {
              const applied = await apply(event, eventId);
              consumerMessagesTotal.inc({ queue, outcome: applied ? 'applied' : 'duplicate' });
              if (!applied) logger.debug({ eventId }, 'duplicate event skipped');
              if (attempt > 0) logger.info({ eventId, attempts: attempt + 1 }, 'event applied after retries');
              control.ack();
              if (applied && options.afterCommit) {
                await options.afterCommit(event).catch((err: unknown) => {
                  logger.warn({ err, eventId }, 'after-commit step failed');
                });
              }
              return;
            } catch (err) {
              const kind = classifyFailure(err);
              if (kind === 'permanent') {
                consumerMessagesTotal.inc({ queue, outcome: 'dead-lettered' });
                logger.error({ err, eventId }, 'event failed permanently; dead-lettering');
                control.deadLetter();
                return;
              }
              if (stopping.signal.aborted) {
                // Shutting down: leave the message unacked; the broker hands it to the next consumer.
                return;
              }
              consumerRetriesTotal.inc({ queue, kind });
              const delayMs = backoffDelay(attempt, retry.baseDelayMs, retry.maxDelayMs);
              const log = kind === 'transient' ? logger.warn.bind(logger) : logger.error.bind(logger);
              log({ err, eventId, attempt: attempt + 1, delayMs, kind }, 'event handler failed; retrying');
              await sleep(delayMs, stopping.signal);
              if (stopping.signal.aborted) return;
            }
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
