import { type Job, type JobsOptions, Queue, Worker } from 'bullmq';
import type { Logger } from './logger.js';
import { runWithRequestId } from './logger.js';
import { bullmqQueueJobs, jobsInFlight } from './metrics.js';

export type { Job } from 'bullmq';

export interface QueueFactoryOptions {
  redisUrl: string;
  /** REDIS_PREFIX; BullMQ keys become `<prefix>bull:<queue>:…`. */
  prefix: string;
}

export const DEFAULT_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  // Keep enough history to debug, bounded so Redis (noeviction) never fills up.
  removeOnComplete: { count: 1_000, age: 24 * 3600 },
  removeOnFail: { count: 5_000, age: 7 * 24 * 3600 },
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

export function createQueue<Data = unknown>(name: string, options: QueueFactoryOptions): Queue<Data> {
  return new Queue<Data>(name, {
    connection: connectionOptions(options.redisUrl, false),
    prefix: bullPrefix(options.prefix),
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
  });
}

export interface WorkerFactoryOptions extends QueueFactoryOptions {
  concurrency?: number;
  logger?: Logger;
  /** How often the worker samples its queue's job counts into /metrics (0 turns it off). */
  metricsIntervalMs?: number;
}

export function createWorker<Data = unknown, Result = unknown>(
  name: string,
  processor: (job: Job<Data, Result>) => Promise<Result>,
  options: WorkerFactoryOptions,
): Worker<Data, Result> {
  const worker = new Worker<Data, Result>(
    name,
    async (job) => {
      jobsInFlight.inc({ queue: name });
      try {
        // The job id is the outbox id, which ties log lines back to the row that produced the job.
        return await runWithRequestId(`job:${name}:${job.id}`, () => processor(job));
      } finally {
        jobsInFlight.dec({ queue: name });
      }
    },
    {
      connection: connectionOptions(options.redisUrl, true),
      prefix: bullPrefix(options.prefix),
      concurrency: options.concurrency ?? 5,
    },
  );
  worker.on('failed', (job, err) =>
    options.logger?.warn({ err, jobId: job?.id, attemptsMade: job?.attemptsMade }, 'job failed'),
  );
  worker.on('error', (err) => options.logger?.error({ err }, 'worker error'));
  const interval = options.metricsIntervalMs ?? 15_000;
  if (interval > 0) {
    // Queue depth on /metrics lets dashboards and autoscaling see a backlog before users notice slow mail.
    const queue = createQueue(name, options);
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
