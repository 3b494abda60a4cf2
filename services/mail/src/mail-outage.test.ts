import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, MAIL_QUEUE } from '@mathgames/contracts';
import {
  createQueue,
  DEV_MAIL_TOKEN_KEY,
  jobsParkedTotal,
  loadConfig,
  type RunningWorker,
  sealMailToken,
} from '@mathgames/platform';
import {
  createTestEnvironment,
  freePorts,
  type SmtpCapture,
  startSmtpCapture,
  waitFor,
} from '@mathgames/platform/testing';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailWorker } from './index.js';
import { closeMailTest, mailQueueOf } from './test-support/mail-test.js';

/**
 * SMTP refusing connections while mails wait: the worker's behaviour does not depend on the length (it retries with
 * capped backoff until its 24-hour window ends), so the window only has to outlast the climb to the backoff cap and
 * many capped attempts after it; longer, it repeats the same capped attempt. This file's private worker climbs from
 * 100 ms to a 1 s cap (the service's is 15 min): with backoffDelay's jitter the cap is reached within ~1.5 s, and the
 * 12 s outage makes 10 or more failed attempts per mail, as the earlier 30 s with a 2 s cap did.
 * MAIL_OUTAGE_SECONDS sets another length (600: the full 10 minutes).
 */
const OUTAGE_SECONDS = Number(process.env.MAIL_OUTAGE_SECONDS ?? 12);
const MAILS = 20;

let environment: Awaited<ReturnType<typeof createTestEnvironment>>;
let smtp: SmtpCapture | undefined;
let worker: RunningWorker | undefined;
let queue: Queue;

beforeAll(async () => {
  environment = await createTestEnvironment({ migrate: false, amqp: false });
  queue = mailQueueOf(environment);
});
afterAll(() => closeMailTest({ queue, worker, environment, smtp }));

const inADay = () => new Date(Date.now() + 86_400_000).toISOString();

function verification(to: string) {
  return {
    id: randomUUID(),
    type: EVENT_TYPES.userRegistered,
    createdAt: new Date().toISOString(),
    userId: 7,
    email: to,
    username: 'Zeynep',
    lang: 'tr' as const,
    // Auth seals the tokens of mail jobs with MAIL_TOKEN_KEY; the worker opens them.
    verificationToken: sealMailToken('T'.repeat(43), DEV_MAIL_TOKEN_KEY),
    expiresAt: inADay(),
  };
}

describe('an SMTP outage', () => {
  it(
    'keeps every mail while SMTP refuses connections, then delivers each exactly once',
    async () => {
      const [port] = await freePorts(1);
      worker = startMailWorker(
        loadConfig({}, { ...environment.env, LOG_LEVEL: 'silent', SMTP_URL: `smtp://127.0.0.1:${port}` }),
        { retry: { baseDelayMs: 100, maxDelayMs: 1_000, retryForMs: 3_600_000 } },
      );
      const started = Date.now();
      // Added exactly as the relay adds them: the default job options (time-bounded retries, capped backoff).
      const jobs = await Promise.all(
        Array.from({ length: MAILS }, (_, n) => {
          const payload = verification(`outage-${n}@example.com`);
          return queue.add('verify-email', payload, { jobId: payload.id });
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_SECONDS * 1000));
      const states = await Promise.all(jobs.map((job) => job.getState()));
      expect(states.filter((state) => state === 'failed')).toEqual([]);
      const attempts = await Promise.all(
        jobs.map(async (job) => (await queue.getJob(job.id!))?.attemptsMade ?? 0),
      );
      expect(Math.min(...attempts)).toBeGreaterThan(3);

      smtp = await startSmtpCapture({ port });
      const back = Date.now();
      await waitFor(() => smtp!.messages.length >= MAILS, {
        timeoutMs: 30_000,
        message: 'not every mail arrived after SMTP came back',
      });
      const recovery = (Date.now() - back) / 1000;
      await waitFor(async () => (await queue.getJobCounts('completed')).completed === MAILS);
      const recipients = smtp.messages.flatMap((m) => m.to).sort();
      expect(recipients).toEqual(Array.from({ length: MAILS }, (_, n) => `outage-${n}@example.com`).sort());
      console.log(
        `SMTP outage: mails ${MAILS}, delivered ${smtp.messages.length}, parked 0, outage ${((back - started) / 1000).toFixed(0)} s, ` +
          `attempts per mail during it ${Math.min(...attempts)}-${Math.max(...attempts)}, recovery ${recovery.toFixed(1)} s`,
      );
    },
    OUTAGE_SECONDS * 1000 + 90_000,
  );

  it('parks a mail still failing after its retry window in the failed set, and counts it', async () => {
    const prefix = `${environment.env.REDIS_PREFIX}park:`;
    const parkingQueue = createQueue(MAIL_QUEUE, { redisUrl: environment.env.REDIS_URL!, prefix });
    const parking = startMailWorker(
      loadConfig(
        {},
        { ...environment.env, LOG_LEVEL: 'silent', REDIS_PREFIX: prefix, SMTP_URL: 'smtp://127.0.0.1:1' },
      ),
      { retry: { baseDelayMs: 100, maxDelayMs: 200, retryForMs: 1_500 } },
    );
    try {
      const parkedBefore = (await jobsParkedTotal.get()).values.reduce((sum, v) => sum + v.value, 0);
      const payload = verification('never@example.com');
      const job = await parkingQueue.add('verify-email', payload, { jobId: payload.id });
      await waitFor(async () => (await job.getState()) === 'failed', { timeoutMs: 20_000 });
      const failed = await parkingQueue.getJob(job.id!);
      expect(failed?.attemptsMade).toBeGreaterThan(1);
      expect(failed?.failedReason).toMatch(/parked after .* ECONNREFUSED/);
      const parkedAfter = (await jobsParkedTotal.get()).values.reduce((sum, v) => sum + v.value, 0);
      expect(parkedAfter - parkedBefore).toBe(1);
    } finally {
      await parking.close();
      await parkingQueue.close();
    }
  });
});
