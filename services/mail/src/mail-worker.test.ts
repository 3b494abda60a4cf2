import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, MAIL_QUEUE, type MailJobName } from '@mathgames/contracts';
import {
  createQueue,
  DEV_MAIL_TOKEN_KEY,
  loadConfig,
  type RunningWorker,
  sealMailToken,
} from '@mathgames/platform';
import {
  createTestEnvironment,
  type SmtpCapture,
  startSmtpCapture,
  waitFor,
} from '@mathgames/platform/testing';
import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailWorker } from './index.js';
import { closeMailTest, mailQueueOf } from './test-support/mail-test.js';

let environment: Awaited<ReturnType<typeof createTestEnvironment>>;
let smtp: SmtpCapture;
let worker: RunningWorker;
let queue: Queue;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  environment = await createTestEnvironment({ migrate: false, amqp: false, env: { SMTP_URL: smtp.url } });
  worker = startMailWorker(loadConfig({}, environment.env));
  queue = mailQueueOf(environment);
});
afterAll(() => closeMailTest({ queue, worker, environment, smtp }));

const base = (type: string) => ({ id: randomUUID(), type, createdAt: new Date().toISOString() });
const user = (email: string, lang: 'tr' | 'en') => ({ userId: 7, email, username: 'Zeynep', lang });
const inADay = () => new Date(Date.now() + 86_400_000).toISOString();
const TOKEN = 'T'.repeat(43);
// Auth seals the tokens of mail jobs with MAIL_TOKEN_KEY; the worker opens them.
const SEALED = () => sealMailToken(TOKEN, DEV_MAIL_TOKEN_KEY);

function enqueue(name: MailJobName | string, payload: Record<string, unknown>, options = {}) {
  return queue.add(name, payload, { jobId: String(payload.id ?? randomUUID()), ...options });
}

describe('mails in the user language', () => {
  it.each([
    ['tr', 'E-posta adresini doğrula', 'Merhaba Zeynep', 'Bu bağlantı 24 saat geçerlidir.'],
    ['en', 'Verify your e-mail address', 'Hi Zeynep', 'This link works for 24 hours.'],
  ] as const)(
    'verification in %s: subject, greeting, link in HTML and text',
    async (lang, subject, greeting, validity) => {
      const to = `verify-${lang}@example.com`;
      await enqueue('verify-email', {
        ...base(EVENT_TYPES.userRegistered),
        ...user(to, lang),
        verificationToken: SEALED(),
        expiresAt: inADay(),
      });
      const mail = await smtp.waitFor((m) => m.to.includes(to));
      const link = `http://localhost:8080/verify-email#token=${TOKEN}`;
      expect(mail.subject).toBe(subject);
      expect(mail.headers.from).toContain('no-reply@mathgames.local');
      expect(mail.text).toContain(greeting);
      expect(mail.text).toContain(validity);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`<html lang="${lang}">`);
      expect(mail.html).toContain(`href="${link}"`);
    },
  );

  it('reset in Turkish links to /reset-password and says it lasts an hour', async () => {
    await enqueue('reset-password', {
      ...base(EVENT_TYPES.userPasswordResetRequested),
      ...user('reset@example.com', 'tr'),
      resetToken: SEALED(),
      expiresAt: inADay(),
    });
    const mail = await smtp.waitFor((m) => m.to.includes('reset@example.com'));
    expect(mail.subject).toBe('Şifreni yenile');
    expect(mail.text).toContain(`http://localhost:8080/reset-password#token=${TOKEN}`);
    expect(mail.text).toContain('1 saat');
  });

  it('tells the owner of a taken address, without a token', async () => {
    await enqueue('email-already-registered', {
      ...base(EVENT_TYPES.userEmailAlreadyRegistered),
      ...user('owner@example.com', 'en'),
    });
    const mail = await smtp.waitFor((m) => m.to.includes('owner@example.com'));
    expect(mail.subject).toBe('You already have an account with this e-mail');
    expect(mail.text).not.toMatch(/token=/);
  });

  it('on an e-mail change request, asks the new address to confirm (nothing to the old one yet)', async () => {
    await enqueue('confirm-email-change', {
      ...base(EVENT_TYPES.userEmailChangeRequested),
      ...user('new@example.com', 'en'),
      changeToken: SEALED(),
      expiresAt: inADay(),
    });
    const confirm = await smtp.waitFor((m) => m.to.includes('new@example.com'));
    expect(confirm.subject).toBe('Confirm your new e-mail address');
    expect(confirm.text).toContain(`/verify-email#token=${TOKEN}`);
  });

  it('once an e-mail change took effect, tells the old address with a link that undoes it', async () => {
    await enqueue('email-changed', {
      ...base(EVENT_TYPES.userEmailChanged),
      ...user('new2@example.com', 'en'),
      previousEmail: 'old@example.com',
      revertToken: SEALED(),
      expiresAt: inADay(),
    });
    const notice = await smtp.waitFor((m) => m.to.includes('old@example.com'));
    expect(notice.subject).toBe('Your account e-mail address changed');
    expect(notice.text).toContain('n•••@example.com');
    expect(notice.text).toContain(`/revert-email#token=${TOKEN}`);
    expect(smtp.messages.some((m) => m.to.includes('new2@example.com'))).toBe(false);
  });

  it('escapes what users typed: a username cannot inject HTML', async () => {
    await enqueue('email-already-registered', {
      ...base(EVENT_TYPES.userEmailAlreadyRegistered),
      ...user('escape@example.com', 'en'),
      username: '<img src=x onerror=alert(1)>',
    });
    const mail = await smtp.waitFor((m) => m.to.includes('escape@example.com'));
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('failures', () => {
  it('sends an invalid payload straight to the failed set, without retries', async () => {
    const job = await enqueue('verify-email', { id: randomUUID(), email: 'broken@example.com' });
    await waitFor(async () => (await job.getState()) === 'failed');
    const failed = await queue.getJob(job.id!);
    expect(failed?.attemptsMade).toBe(1);
    expect(failed?.failedReason).toMatch(/invalid "verify-email" payload/);
  });

  it('retries with exponential backoff when SMTP is down, then lands in the failed set', async () => {
    const downEnv: Record<string, string> = { ...environment.env, SMTP_URL: 'smtp://127.0.0.1:1' };
    const downPrefix = `${environment.env.REDIS_PREFIX}down:`;
    const downWorker = startMailWorker(loadConfig({}, { ...downEnv, REDIS_PREFIX: downPrefix }));
    const downQueue = createQueue(MAIL_QUEUE, { redisUrl: downEnv.REDIS_URL!, prefix: downPrefix });
    try {
      const payload = {
        ...base(EVENT_TYPES.userRegistered),
        ...user('unreachable@example.com', 'en'),
        verificationToken: SEALED(),
        expiresAt: inADay(),
      };
      const job = await downQueue.add('verify-email', payload, {
        jobId: payload.id,
        attempts: 3,
        backoff: { type: 'exponential', delay: 100 },
      });
      await waitFor(async () => (await job.getState()) === 'failed', { timeoutMs: 30_000 });
      const failed = await downQueue.getJob(job.id!);
      expect(failed?.attemptsMade).toBe(3);
      expect(failed?.failedReason).toMatch(/ECONNREFUSED|connect/i);
      expect(smtp.messages.some((m) => m.to.includes('unreachable@example.com'))).toBe(false);
    } finally {
      await downQueue.close();
      await downWorker.close();
    }
  });

  it('does not send the same job twice when it is queued again under its id', async () => {
    const payload = {
      ...base(EVENT_TYPES.userEmailAlreadyRegistered),
      ...user('twice@example.com', 'tr'),
    };
    const job = await enqueue('email-already-registered', payload);
    await waitFor(async () => (await job.getState()) === 'completed');
    // The relay re-adding the same outbox row (same job id) is a no-op in BullMQ.
    await enqueue('email-already-registered', payload);
    // A retried job after a crash finds its sent marker and skips the SMTP call.
    await job.retry('completed').catch(() => undefined);
    await waitFor(async () => (await queue.getJob(job.id!))?.finishedOn !== undefined);
    await waitFor(async () => (await job.getState()) === 'completed');
    expect(smtp.messages.filter((m) => m.to.includes('twice@example.com'))).toHaveLength(1);
  });
});
