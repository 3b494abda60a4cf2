import { type Job, type JobsOptions, Queue, UnrecoverableError, Worker } from 'bullmq';
import { backoffDelay } from '../backoff.js';
import type { Logger } from '../logger.js';
import { runWithRequestId } from '../logger.js';
import { bullmqQueueJobs, jobsInFlight, jobsParkedTotal } from '../metrics.js';
import { inSpan, SpanKind } from '../tracing/trace-context.js';

export type { Job } from 'bullmq';

export interface QueueFactoryOptions {
  redisUrl: string;
  /** REDIS_PREFIX; BullMQ keys become `<prefix>bull:<queue>:…`. */
  prefix: string;
}

/** The backoff type every job is added with; the worker computes it from its JobRetryPolicy. */
export const RETRY_BACKOFF_TYPE = 'capped-exponential';

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  // Retries are bounded by time, not by count: the worker parks a job once it is older than its retry window.
  attempts: 1_000_000,
  backoff: { type: RETRY_BACKOFF_TYPE },
  // Keep enough history to debug, bounded so Redis (noeviction) never fills up. Parked jobs stay 30 days.
  removeOnComplete: { count: 1_000, age: 24 * 3600 },
  removeOnFail: { count: 10_000, age: 30 * 24 * 3600 },
};

export interface JobRetryPolicy {
  /** First pause after a failure, doubling per attempt up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A job still failing this long after it was queued is parked in the failed set (and counted). */
  retryForMs: number;
}

/** An SMTP server down for an afternoon, or a day, costs no mail: one try every 15 minutes for 24 hours. */
export const DEFAULT_JOB_RETRY_POLICY: JobRetryPolicy = {
  baseDelayMs: 2_000,
  maxDelayMs: 15 * 60_000,
  retryForMs: 24 * 3600_000,
};

export function bullPrefix(prefix: string): string {
  return `${prefix}bull`;
}

function connectionOptions(redisUrl: string, forWorker: boolean) {
  const url = new URL(redisUrl);
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    // Workers block on Redis and must retry forever (BullMQ requires null); producers fail fast instead.
    maxRetriesPerRequest: forWorker ? null : 3,
    enableOfflineQueue: forWorker,
  };
}

export function createQueue<Data = unknown>(
  name: string,
  options: QueueFactoryOptions & { logger?: Logger },
): Queue<Data> {
  const queue = new Queue<Data>(name, {
    connection: connectionOptions(options.redisUrl, false),
    prefix: bullPrefix(options.prefix),
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
  });
  // Without a listener a Redis outage would surface as an uncaught 'error' event and end the process.
  queue.on('error', (err) => options.logger?.warn({ err, queue: name }, 'bullmq queue connection error'));
  return queue;
}

export interface WorkerFactoryOptions extends QueueFactoryOptions {
  concurrency?: number;
  logger?: Logger;
  /** How often the worker samples its queue's job counts into /metrics (0 turns it off). */
  metricsIntervalMs?: number;
  retry?: JobRetryPolicy;
  /**
   * How long a job stays locked to this worker without a renewal (renewed at half of it while it runs), and how
   * often jobs whose worker died are looked for and given back: a dead worker's jobs return within about twice
   * this. Default BullMQ's 30 s.
   */
  lockMs?: number;
}

export function createWorker<Data = unknown, Result = unknown>(
  name: string,
  processor: (job: Job<Data, Result>) => Promise<Result>,
  options: WorkerFactoryOptions,
): Worker<Data, Result> {
  const retry = options.retry ?? DEFAULT_JOB_RETRY_POLICY;
  const worker = new Worker<Data, Result>(
    name,
    async (job) => {
      jobsInFlight.inc({ queue: name });
      try {
        // The job id is the outbox id, which ties log lines back to the row that produced the job.
        return await inSpan(
          `process ${name}`,
          {
            kind: SpanKind.CONSUMER,
            // Set by the outbox relay: the trace of the request that queued the job.
            parent: job.opts.telemetry?.metadata ?? null,
            attributes: {
              'messaging.system': 'bullmq',
              'messaging.operation.type': 'process',
              'messaging.destination.name': name,
              'messaging.message.id': String(job.id),
              'messaging.bullmq.attempt': job.attemptsMade + 1,
            },
          },
          () => runWithRequestId(`job:${name}:${job.id}`, () => processor(job)),
        );
      } catch (err) {
        if (err instanceof UnrecoverableError) throw err;
        if (Date.now() - job.timestamp >= retry.retryForMs) {
          jobsParkedTotal.inc({ queue: name });
          options.logger?.error(
            { err, jobId: job.id, attemptsMade: job.attemptsMade + 1 },
            'job still failing after its retry window; parked in the failed set',
          );
          throw new UnrecoverableError(
            `parked after ${Math.round(retry.retryForMs / 60_000)} min of retries: ${(err as Error)?.message ?? err}`,
          );
        }
        throw err;
      } finally {
        jobsInFlight.dec({ queue: name });
      }
    },
    {
      connection: connectionOptions(options.redisUrl, true),
      prefix: bullPrefix(options.prefix),
      concurrency: options.concurrency ?? 5,
      ...(options.lockMs ? { lockDuration: options.lockMs, stalledInterval: options.lockMs } : {}),
      settings: {
        // Used for RETRY_BACKOFF_TYPE; jobs added with a built-in type (older releases, tests) keep theirs.
        backoffStrategy: (attemptsMade) =>
          backoffDelay(Math.max(0, attemptsMade - 1), retry.baseDelayMs, retry.maxDelayMs),
      },
    },
  );
  worker.on('failed', (job, err) =>
    options.logger?.warn({ err, jobId: job?.id, attemptsMade: job?.attemptsMade }, 'job failed'),
  );
  worker.on('error', (err) => options.logger?.error({ err }, 'worker error'));
  const interval = options.metricsIntervalMs ?? 15_000;
  if (interval > 0) {
    // Queue depth on /metrics lets dashboards and autoscaling see a backlog before users notice slow mail.
    const queue = createQueue(name, { ...options, logger: options.logger });
    const sample = async () => {
      try {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'failed');
        for (const [state, count] of Object.entries(counts))
          bullmqQueueJobs.set({ queue: name, state }, count);
      } catch (err) {
        options.logger?.debug({ err }, 'queue depth sample failed');
      }
    };
    const timer = setInterval(() => void sample(), interval);
    timer.unref();
    void sample();
    worker.once('closing', () => {
      clearInterval(timer);
      void queue.close();
    });
  }
  return worker;
}
