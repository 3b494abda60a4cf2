import type http from 'node:http';
import type { EventQueue } from '@mathgames/contracts';
import type { Worker as BullWorker, Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { BaseConfig } from '../config.js';
import { createPool } from '../db/db.js';
import { startHousekeeping } from '../db/housekeeping.js';
import { createHttpService } from '../http/http-service.js';
import { createLogger, type Logger } from '../logger.js';
import { amqpQueueMessages } from '../metrics.js';
import { createRedis } from '../redis.js';
import { type AmqpClient, createAmqpClient } from './amqp/client.js';
import { createWorker, type JobRetryPolicy } from './bullmq.js';
import type { KeyLock } from './claim.js';
import { type RetryPolicy, startIdempotentConsumer } from './idempotent-consumer.js';

type AnyEvent = { id: string };
// A worker's subscriptions carry different event and job types; each is checked where it is declared.
// biome-ignore lint/suspicious/noExplicitAny: see above
type AnySubscription = EventSubscription<any> | JobSubscription<any>;

/** A worker's statement "I consume this queue": the platform derives everything else from it. */
export interface EventSubscription<Event extends AnyEvent = AnyEvent> {
  readonly kind: 'event';
  readonly queue: EventQueue<Event>;
  /** In the transaction that records the event as processed: writes here happen exactly once per event. */
  readonly handle: (event: Event, tx: pg.PoolClient) => Promise<void>;
  /** After that transaction committed, at most once per applied event; failures are logged, never retried. */
  readonly afterCommit?: ((event: Event) => Promise<void>) | undefined;
  readonly prefetch?: number | undefined;
  /** Most events applied in one transaction (see startIdempotentConsumer). */
  readonly maxBatch?: number | undefined;
  /** Each event's key (the user id) and its advisory lock's namespace: batches, each key's lock taken first. */
  readonly lock?: KeyLock<Event> | undefined;
}

export function subscribe<Event extends AnyEvent>(
  queue: EventQueue<Event>,
  options: Omit<EventSubscription<Event>, 'kind' | 'queue'>,
): EventSubscription<Event> {
  return { kind: 'event', queue, ...options };
}

/** A worker's statement "I process the jobs of this queue" (BullMQ, e.g. mail). */
export interface JobSubscription<Data = unknown> {
  readonly kind: 'job';
  readonly queue: string;
  readonly process: (job: Job<Data>) => Promise<unknown>;
  readonly concurrency?: number | undefined;
}

export function processJobs<Data>(
  queue: string,
  process: (job: Job<Data>) => Promise<unknown>,
  options: { concurrency?: number } = {},
): JobSubscription<Data> {
  return { kind: 'job', queue, process, ...options };
}

export type WorkerConfig = Pick<BaseConfig, 'LOG_LEVEL' | 'INTERNAL_SECRET'> &
  Partial<Pick<BaseConfig, 'DATABASE_URL' | 'AMQP_URL' | 'REDIS_URL' | 'REDIS_PREFIX'>> & {
    PORT?: number | undefined;
  };

/** What a worker's subscriptions may use: created on first use by the runner, in its readiness, closed by it. */
export interface WorkerContext {
  logger: Logger;
  /** The worker's Postgres pool (event subscriptions always have one). */
  readonly pool: pg.Pool;
  /** A Redis client that fails commands fast while Redis is away (they are retried like any failure). */
  readonly redis: Redis;
}

export interface WorkerOptions {
  name: string;
  config: WorkerConfig;
  /** Schema holding `processed_events` for the event subscriptions (one per service). */
  schema?: string;
  subscriptions: (context: WorkerContext) => readonly AnySubscription[];
  /** Event retries (default: 250 ms doubling to 10 s, for as long as it takes). */
  retry?: RetryPolicy;
  /** Job retries (default: doubling to 15 min, parked after 24 h). */
  jobRetry?: JobRetryPolicy;
  /** A job's lock, and how often stalled jobs are looked for (default BullMQ's 30 s; createWorker). */
  jobLockMs?: number;
  /** processed_events older than this are purged (default 7 days). */
  retentionDays?: number;
  /** Releases what the subscriptions opened themselves (e.g. an SMTP transport), after they stopped. */
  onClose?: () => Promise<void> | void;
  /** How often the depth of the consumed queues and their dead-letter queues is sampled into /metrics (0: never). */
  queueMetricsIntervalMs?: number;
}

export interface RunningWorker {
  /** Serves /healthz, /readyz and /metrics only. */
  listen(port?: number): Promise<http.Server>;
  close(): Promise<void>;
}

function required<T>(value: T | undefined, name: string, worker: string): T {
  if (value === undefined) throw new Error(`${worker}: ${name} is required by its subscriptions`);
  return value;
}

/**
 * A service's worker as a function of its config: `name` (the consumer) and `schema` (its processed_events) are
 * fixed, the subscriptions may read the config (e.g. TIME_ZONE) and the runner's context. `options.retry` replaces
 * the event retry policy (a test's private worker, to reach the backoff cap in seconds).
 */
export function defineWorker<Config extends WorkerConfig>(
  name: string,
  schema: string,
  subscriptions: (config: Config, context: WorkerContext) => readonly AnySubscription[],
): (config: Config, options?: Pick<WorkerOptions, 'retry'>) => RunningWorker {
  return (config, options = {}) =>
    startWorker({
      name,
      config,
      schema,
      subscriptions: (context) => subscriptions(config, context),
      ...(options.retry ? { retry: options.retry } : {}),
    });
}

/**
 * Runs a worker from its declared subscriptions: creates the pool, broker client (declaring exactly the queues it
 * consumes, with their dead-letter queues), Redis and BullMQ workers it needs, the health/metrics server whose
 * readiness covers each of them, the processed-events housekeeping, and an orderly close. Every client has error
 * handlers: an outage is logged and waited out, never a reason to exit.
 */
export function startWorker(options: WorkerOptions): RunningWorker {
  const { name, config } = options;
  const logger = createLogger(name, config.LOG_LEVEL);
  let pool: pg.Pool | null = null;
  let redis: Redis | null = null;
  const context: WorkerContext = {
    logger,
    get pool() {
      if (!pool) pool = createPool(required(config.DATABASE_URL, 'DATABASE_URL', name), { logger });
      return pool;
    },
    get redis() {
      if (!redis) {
        redis = createRedis(required(config.REDIS_URL, 'REDIS_URL', name), logger);
      }
      return redis;
    },
  };
  const subscriptions = options.subscriptions(context);
  const events = subscriptions.filter((s) => s.kind === 'event');
  const jobs = subscriptions.filter((s) => s.kind === 'job');

  const { amqp, consumers } = startEventConsumers(options, events, context);
  const queueSampler = amqp
    ? sampleQueueDepths(amqp, logger, options.queueMetricsIntervalMs ?? 15_000)
    : null;
  const housekeeping =
    options.schema && events.length > 0
      ? startHousekeeping({
          pool: context.pool,
          schema: options.schema,
          rules: [
            { table: 'processed_events', column: 'processed_at' },
            // Per-user consumers skip the events of users their schema erased, for as long as duplicates are known.
            ...(events.some((s) => s.lock) ? [{ table: 'erased_users', column: 'erased_at' }] : []),
          ],
          retentionDays: options.retentionDays ?? 7,
          logger,
        })
      : null;

  const bullWorkers: BullWorker[] = jobs.map((job) =>
    createWorker(job.queue, job.process, {
      redisUrl: required(config.REDIS_URL, 'REDIS_URL', name),
      prefix: required(config.REDIS_PREFIX, 'REDIS_PREFIX', name),
      concurrency: job.concurrency ?? 5,
      logger,
      ...(options.jobRetry ? { retry: options.jobRetry } : {}),
      ...(options.jobLockMs ? { lockMs: options.jobLockMs } : {}),
    }),
  );

  // What the subscriptions took from the context while being declared is what the worker cannot work without.
  const readiness = readinessChecks(pool as pg.Pool | null, redis as Redis | null, amqp, bullWorkers);
  const health = createHttpService({
    name,
    config,
    logger,
    requireIdentity: false,
    readiness,
    routes: () => {},
  });

  let closed: Promise<void> | undefined;
  return {
    listen: (port) => health.listen(port),
    close() {
      closed ??= (async () => {
        housekeeping?.stop();
        queueSampler?.stop();
        // Finish what is in hand, take nothing new; unfinished messages and jobs go to the next replica.
        await Promise.allSettled(bullWorkers.map((w) => w.close()));
        await Promise.allSettled(consumers.map((c) => c.stop()));
        await health.close();
        await options.onClose?.();
        await amqp?.close();
        // The live variables: a subscription may have taken a client after start.
        const openRedis = redis as Redis | null;
        if (openRedis) await openRedis.quit().catch(() => openRedis.disconnect());
        await (pool as pg.Pool | null)?.end();
      })();
      return closed;
    },
  };
}

/** The broker client and an idempotent consumer per event subscription; none without event subscriptions. */
function startEventConsumers(
  options: WorkerOptions,
  events: readonly EventSubscription[],
  context: WorkerContext,
): { amqp: AmqpClient | null; consumers: { stop(): Promise<void> }[] } {
  const { name, config } = options;
  const { logger } = context;
  if (events.length === 0) return { amqp: null, consumers: [] };
  const schema = required(options.schema, 'schema', name);
  const amqp = createAmqpClient({
    url: required(config.AMQP_URL, 'AMQP_URL', name),
    logger,
    connectionName: name,
    queues: events.map((s) => s.queue),
  });
  const consumers = events.map((subscription) =>
    startIdempotentConsumer({
      amqp,
      pool: context.pool,
      schema,
      queue: subscription.queue,
      consumer: name,
      // Room for a batch of 25 being applied, the next one filling and deliveries already on their way.
      prefetch: subscription.prefetch ?? 64,
      ...(subscription.maxBatch ? { maxBatch: subscription.maxBatch } : {}),
      ...(subscription.lock ? { lock: subscription.lock } : {}),
      logger,
      ...(options.retry ? { retry: options.retry } : {}),
      handle: subscription.handle,
      ...(subscription.afterCommit ? { afterCommit: subscription.afterCommit } : {}),
    }),
  );
  return { amqp, consumers };
}

function readinessChecks(
  pool: pg.Pool | null,
  redis: Redis | null,
  amqp: AmqpClient | null,
  bullWorkers: readonly BullWorker[],
): Record<string, () => Promise<unknown>> {
  const readiness: Record<string, () => Promise<unknown>> = {};
  if (pool) readiness.postgres = () => pool.query('SELECT 1');
  if (redis) readiness.redis = () => redis.ping();
  if (amqp) {
    readiness.rabbitmq = async () => {
      if (!amqp.isConnected()) throw new Error('not connected to RabbitMQ');
    };
  }
  if (bullWorkers.length > 0) {
    readiness.jobs = async () => {
      if (!bullWorkers.every((w) => w.isRunning())) throw new Error('job worker not running');
    };
  }
  return readiness;
}

/**
 * Samples the depth of a worker's queues and dead-letter queues into `amqp_queue_messages`, so dashboards and
 * alerts see a backlog or a parked event (docs/operations/runbooks.md, "Service levels, alerts and runbooks").
 */
export function sampleQueueDepths(amqp: AmqpClient, logger: Logger, intervalMs: number): { stop(): void } {
  if (intervalMs <= 0) return { stop() {} };
  const sample = async () => {
    try {
      for (const { queue, messages } of await amqp.queueDepths()) amqpQueueMessages.set({ queue }, messages);
    } catch (err) {
      logger.debug({ err }, 'queue depth sample failed');
    }
  };
  const timer = setInterval(() => void sample(), intervalMs);
  timer.unref();
  void amqp.ready().then(sample, () => {});
  return { stop: () => clearInterval(timer) };
}
