import { setMaxListeners } from 'node:events';
import { type EventQueue, readEvent } from '@mathgames/contracts';
import type { Span } from '@opentelemetry/api';
import type pg from 'pg';
import { backoffDelay, sleep } from '../backoff.js';
import { withTransactionOpenedBy } from '../db/db.js';
import { classifyFailure } from '../failures.js';
import { type Logger, runWithRequestId } from '../logger.js';
import {
  consumerInFlight,
  consumerMessagesTotal,
  consumerRetriesTotal,
  observeEventLag,
} from '../metrics.js';
import { inSpan, SpanKind, TRACEPARENT_HEADER } from '../tracing/trace-context.js';
import type { AmqpClient, ConsumeMessage, DeliveryControl } from './amqp/client.js';
import { type Claim, claimOf, claimOn, type KeyLock, keyOf, openedWith } from './claim.js';

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
  /**
   * Most events applied in one transaction (default 25, and 1 without `lock`). Deliveries that arrive while a
   * batch is being applied, or within `batchLingerMs` of the first, wait for the next one; a full batch goes at once,
   * so a busy queue costs one transaction per batch. (`prefetch` must leave room for a batch in flight and a full one.)
   */
  maxBatch?: number;
  /**
   * Each event's key (the user id: a 32-bit integer) and the namespace of the keys' advisory locks. The statement
   * that claims a transaction's events first takes each of their keys' lock,
   * `pg_advisory_xact_lock(hashtext(namespace), key)`, in key order, so every transaction of one key (another
   * replica's batch, an event retried alone, an erasure that takes the same lock) queues on it rather than locking
   * the key's rows in another order; a handler may read and write only its own key's rows. An event whose key the
   * schema's erasure recorded (`<schema>.erased_users`, written in the erasure's transaction, which takes the same
   * lock) is claimed and never handled: a user's events still on their way never write their rows again. Only
   * subscriptions that declare it are batched, their events applied in key order.
   */
  lock?: KeyLock<Event>;
  /**
   * With `lock`: how long a batch that is not full waits for more deliveries (default 50 ms, counted from its
   * oldest event). At a lesson's rate events come one by one, and a transaction per event cost its round trips and
   * wake-ups in every process on the path (docs/decisions/0005-batch-linger-at-a-lessons-rate.md). Events are applied that much later.
   */
  batchLingerMs?: number;
  logger: Logger;
  retry?: RetryPolicy;
  /**
   * Runs inside the transaction that records the event id, after its key's lock was taken: writes here commit
   * exactly once per event. With `lock`, on a pipelined pool (`createPool`'s default), the handlers of a batch's
   * different keys run side by side on its connection, one key's events in turn.
   */
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
 * What became of a claimed delivery: applied; a duplicate (applied before); or erased (its user's erasure came first:
 * claimed, never handled).
 */
type Applied = 'applied' | 'duplicate' | 'erased';

/** How one delivery's first attempt went in its batch: applied, a duplicate or erased, or failed. */
type Outcome = { applied: Applied } | { failed: unknown; alone: boolean };

/** What the functions below share of one consumer. */
interface ConsumerContext<Event extends { id: string }> {
  readonly options: IdempotentConsumerOptions<Event>;
  readonly queue: string;
  readonly claim: Claim;
  readonly retry: RetryPolicy;
  readonly stopping: AbortController;
  readonly applyInBatch: (event: Event, eventId: string) => Promise<Outcome>;
}

/**
 * Applies each event once: the handler's writes and the (consumer, event id) row commit together, so a
 * redelivery finds the row and is acked without effect. A payload that fails the schema, or a handler error
 * marked PermanentError, is dead-lettered at once. Any other failure (database away, timeout, bug) keeps the
 * message and retries it in place with capped exponential backoff until it succeeds: no broker delivery count is
 * involved, so a long outage never parks a healthy event.
 *
 * Deliveries are applied in batches (with `lock`; a batch waits up to `batchLingerMs` to fill): one
 * transaction claims every event id of the batch in one statement and runs each claimed event's handler, so each
 * event's writes still commit together with its own processed_events row. If the batch transaction fails for any
 * reason, nothing of it committed and each of its events is applied on its own as above: one bad event is
 * dead-lettered or retried alone, never blocking the rest.
 */
export function startIdempotentConsumer<Event extends { id: string }>(
  options: IdempotentConsumerOptions<Event>,
): { stop(): Promise<void> } {
  const queue = options.queue.name;
  const claim = claimOf(options);
  const stopping = new AbortController();
  // Every held message waits on this signal during an outage: up to `prefetch` listeners at once, by design.
  setMaxListeners(0, stopping.signal);
  const context: ConsumerContext<Event> = {
    options,
    queue,
    claim,
    retry: options.retry ?? DEFAULT_RETRY_POLICY,
    stopping,
    applyInBatch: batchApplier(options, claim),
  };

  const subscription = options.amqp.consume(
    queue,
    (message, control) => handleMessage(context, message, control),
    { prefetch: options.prefetch ?? 20 },
  );

  return {
    async stop() {
      stopping.abort();
      await subscription.cancel();
    },
  };
}

/** Collects deliveries into batches, each applied in one transaction; returns how to hand one event in. */
function batchApplier<Event extends { id: string }>(
  options: IdempotentConsumerOptions<Event>,
  claim: Claim,
): (event: Event, eventId: string) => Promise<Outcome> {
  const { pool } = options;
  // Batching is for subscriptions that declare their keys' lock: without it, two batches could take the same
  // rows in opposite orders and deadlock, so each event keeps a transaction of its own.
  const maxBatch = options.lock ? Math.max(1, options.maxBatch ?? 25) : 1;
  const lingerMs = options.lock ? (options.batchLingerMs ?? 50) : 0;
  const waiting: Array<{ event: Event; eventId: string; at: number; settle: (outcome: Outcome) => void }> =
    [];
  // One batch in flight: deliveries that arrive while it is applied wait and form the next, so batches grow with the
  // load. (With two in flight, at 400 events/s, batches held 2-4 events, each batch paying its own BEGIN, claim and
  // COMMIT; docs/decisions/0007-batch-claim-sent-with-begin.md.)
  let applying = false;

  async function applyBatch(batch: typeof waiting): Promise<Applied[]> {
    // Each event's key once (without a lock a batch holds one event), then the batch in key order.
    const ordered = batch
      .map((entry, i) => ({ entry, i, key: keyOf(options.lock, entry.event)[0] ?? i }))
      .sort((a, b) => a.key - b.key || a.i - b.i);
    const ids = batch.map((e) => e.eventId);
    const keys = options.lock ? [...new Set(ordered.map((item) => item.key))] : [];
    return withTransactionOpenedBy<Applied[]>(
      pool,
      (client) => claimOn(client, claim, ids, keys),
      async (results, client) => {
        const { claimed, erased } = openedWith(results);
        const applied = new Array<Applied>(batch.length).fill('duplicate');
        // The claimed events in runs of one key each (ordered puts equal keys side by side).
        const runs: Array<typeof ordered> = [];
        for (const item of ordered) {
          // A repeated id within the batch was claimed once: its first delivery applies it, the others are duplicates.
          if (!claimed.delete(item.entry.eventId.toLowerCase())) continue;
          if (erased.has(item.key)) {
            applied[item.i] = 'erased';
            continue;
          }
          const run = runs.at(-1);
          if (run && run[0]!.key === item.key) run.push(item);
          else runs.push([item]);
        }
        const applyRun = async (run: typeof ordered) => {
          for (const { entry, i } of run) {
            await options.handle(entry.event, client);
            applied[i] = 'applied';
          }
        };
        if (!client.pipeline) {
          for (const run of runs) await applyRun(run);
          return applied;
        }
        // On a pipelined connection the keys' runs go side by side: each run's next statement is sent while the
        // others' are still on the wire, so a batch costs a few round trips instead of one per statement (docs/decisions/0006-pipelined-consumer-batches.md).
        // Runs start in key order, each sending its first statement before the next starts. Every run is settled
        // before the transaction ends: none may send a statement after its ROLLBACK.
        const settled = await Promise.allSettled(runs.map(applyRun));
        const failure = settled.find((s) => s.status === 'rejected');
        if (failure) throw failure.reason;
        return applied;
      },
    );
  }

  let lingering: NodeJS.Timeout | undefined;

  function flush(): void {
    if (applying || waiting.length === 0) return;
    const wait = waiting[0]!.at + lingerMs - performance.now();
    if (waiting.length < maxBatch && wait > 0) {
      lingering ??= setTimeout(() => {
        lingering = undefined;
        flush();
      }, wait);
      return;
    }
    clearTimeout(lingering);
    lingering = undefined;
    const batch = waiting.splice(0, maxBatch);
    applying = true;
    applyBatch(batch)
      .then(
        (applied) => {
          for (const [i, entry] of batch.entries()) entry.settle({ applied: applied[i]! });
        },
        (err: unknown) => {
          // A batch of one failed as that event would alone; a larger batch hands each event back to apply alone.
          for (const entry of batch) entry.settle({ failed: err, alone: batch.length === 1 });
        },
      )
      .finally(() => {
        applying = false;
        flush();
      });
  }

  return (event, eventId) =>
    new Promise((settle) => {
      waiting.push({ event, eventId, at: performance.now(), settle });
      flush();
    });
}

async function applyAlone<Event extends { id: string }>(
  context: ConsumerContext<Event>,
  event: Event,
  eventId: string,
): Promise<Applied> {
  const { options, claim } = context;
  const keys = keyOf(options.lock, event);
  // Claimed first, with its key's lock: a concurrent duplicate blocks on the event id until this transaction ends,
  // then skips.
  return withTransactionOpenedBy<Applied>(
    options.pool,
    (client) => claimOn(client, claim, [eventId], keys),
    async (results, client) => {
      const { claimed, erased } = openedWith(results);
      if (claimed.size === 0) return 'duplicate';
      if (keys.some((key) => erased.has(key))) return 'erased';
      await options.handle(event, client);
      return 'applied';
    },
  );
}

async function handleMessage<Event extends { id: string }>(
  context: ConsumerContext<Event>,
  message: ConsumeMessage,
  control: DeliveryControl,
): Promise<void> {
  const { queue, options } = context;
  const headers = message.properties.headers ?? {};
  const requestId = typeof headers[REQUEST_ID_HEADER] === 'string' ? headers[REQUEST_ID_HEADER] : undefined;
  const traceparent = headers[TRACEPARENT_HEADER];
  observeEventLag(queue, headers);
  consumerInFlight.inc({ queue });
  const spanOptions = {
    kind: SpanKind.CONSUMER,
    parent: typeof traceparent === 'string' ? traceparent : null,
    attributes: {
      'messaging.system': 'rabbitmq',
      'messaging.operation.type': 'process',
      'messaging.destination.name': queue,
      'messaging.consumer.group.name': options.consumer,
      'messaging.rabbitmq.redelivered': message.fields.redelivered === true,
    },
  };
  try {
    // The span covers parsing, the transaction that applies the event (its COMMIT is a child span) and the ack.
    await inSpan(`process ${queue}`, spanOptions, (span) =>
      runWithRequestId(requestId, async () => {
        const parsed = parseEvent(context, message, control, span);
        if (!parsed) return;
        const { event, eventId } = parsed;
        const first = context.stopping.signal.aborted ? null : await context.applyInBatch(event, eventId);
        await applyWithRetries(context, event, eventId, first, control, span);
      }),
    );
  } finally {
    consumerInFlight.dec({ queue });
  }
}

/** The delivery's event and its id; null when it is invalid, which dead-letters it. */
function parseEvent<Event extends { id: string }>(
  context: ConsumerContext<Event>,
  message: ConsumeMessage,
  control: DeliveryControl,
  span: Span,
): { event: Event; eventId: string } | null {
  const { queue, options } = context;
  try {
    // Read in the event's current version: an older one is upcast here, once, for every consumer (contracts).
    const event = readEvent(options.queue.event, JSON.parse(message.content.toString('utf8')));
    const eventId = eventIdOf(event, message.properties.messageId);
    if (!eventId) throw new Error('event has no uuid id and no uuid message id');
    return { event, eventId };
  } catch (err) {
    options.logger.error(
      { err, queue, messageId: message.properties.messageId },
      'invalid event; dead-lettering',
    );
    consumerMessagesTotal.inc({ queue, outcome: 'invalid' });
    span.setAttribute('mathgames.event.outcome', 'invalid');
    control.deadLetter();
    return null;
  }
}

/** Settles the delivery: the batch's outcome first, then attempts of its own until applied or permanent. */
async function applyWithRetries<Event extends { id: string }>(
  context: ConsumerContext<Event>,
  event: Event,
  eventId: string,
  first: Outcome | null,
  control: DeliveryControl,
  span: Span,
): Promise<void> {
  const { queue, options, retry, stopping } = context;
  const { logger } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      let applied: Applied;
      if (attempt === 0 && first && 'applied' in first) applied = first.applied;
      else if (attempt === 0 && first && 'failed' in first && first.alone) throw first.failed;
      else applied = await applyAlone(context, event, eventId);
      consumerMessagesTotal.inc({ queue, outcome: applied });
      span.setAttributes({
        'messaging.message.id': eventId,
        'mathgames.event.outcome': applied,
        'mathgames.event.attempts': attempt + 1,
      });
      if (applied !== 'applied') logger.debug({ eventId, outcome: applied }, 'event skipped');
      if (attempt > 0) logger.info({ eventId, attempts: attempt + 1 }, 'event applied after retries');
      control.ack();
      if (applied === 'applied' && options.afterCommit) {
        await options.afterCommit(event).catch((err: unknown) => {
          logger.warn({ err, eventId }, 'after-commit step failed');
        });
      }
      return;
    } catch (err) {
      const kind = classifyFailure(err);
      if (kind === 'permanent') {
        consumerMessagesTotal.inc({ queue, outcome: 'dead-lettered' });
        span.setAttribute('mathgames.event.outcome', 'dead-lettered');
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
}
