import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { bullmqQueueJobs } from '../metrics.js';
import { createTestEnvironment, type TestEnvironment } from '../testing/test-environment.js';
import { waitFor } from '../testing/wait-for.js';
import { createQueue, createWorker, DEFAULT_JOB_OPTIONS, RETRY_BACKOFF_TYPE } from './bullmq.js';

describe('the BullMQ factory', () => {
  let environment: TestEnvironment;
  beforeAll(async () => {
    environment = await createTestEnvironment({ migrate: false, amqp: false });
  });
  afterAll(() => environment?.cleanup());

  it('runs each job id once, retries a failing job, and keeps every key under REDIS_PREFIX', async () => {
    const options = { redisUrl: environment.env.REDIS_URL!, prefix: environment.env.REDIS_PREFIX! };
    const queue = createQueue<{ to: string }>('mail', options);
    const runs: string[] = [];
    let failuresLeft = 1;
    const worker = createWorker<{ to: string }>(
      'mail',
      async (job) => {
        runs.push(`${job.id}:${job.attemptsMade}`);
        if (job.data.to === 'flaky@example.com' && failuresLeft-- > 0) throw new Error('SMTP refused');
        return undefined;
      },
      { ...options, concurrency: 2, logger: createLogger('bullmq-test', 'silent'), metricsIntervalMs: 100 },
    );

    await queue.add('verify-email', { to: 'a@example.com' }, { jobId: 'job-a' });
    await queue.add('verify-email', { to: 'a@example.com' }, { jobId: 'job-a' });
    await queue.add('verify-email', { to: 'flaky@example.com' }, { jobId: 'job-b' });

    await waitFor(async () => (await queue.getJobCounts('completed')).completed === 2, {
      timeoutMs: 20_000,
      message: 'jobs not completed',
    });
    expect(runs.sort()).toEqual(['job-a:0', 'job-b:0', 'job-b:1']);
    const flaky = await queue.getJob('job-b');
    // Bounded by time in the worker (24 h by default), with the worker's capped exponential backoff.
    expect(flaky?.opts).toMatchObject({
      attempts: DEFAULT_JOB_OPTIONS.attempts,
      backoff: { type: RETRY_BACKOFF_TYPE },
    });

    await waitFor(async () => (await bullmqQueueJobs.get()).values.some((v) => v.labels.queue === 'mail'), {
      message: 'queue depth not sampled',
    });
    await worker.close();
    await queue.close();
    const redis = new Redis(environment.env.REDIS_URL!);
    const keys = await redis.keys('*:mail:*');
    redis.disconnect();
    const ours = keys.filter((key) => key.includes(environment.env.REDIS_PREFIX!));
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.every((key) => key.startsWith(`${environment.env.REDIS_PREFIX}bull:mail:`))).toBe(true);
  });
});
