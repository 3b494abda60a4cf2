import { randomUUID } from 'node:crypto';
import { MAIL_QUEUE } from '@mathgames/contracts';
import { createQueue } from '@mathgames/platform';
import { waitFor } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveGame } from '../classes/classes-api.js';
import { type ClassesStack, startClassesStack } from '../classes/classes-stack.js';
import { type Residue, scanPostgres, scanRabbitMq, scanRedis } from './residue-scan.js';

// The person: what they typed, and the address they came from (a proxy in front of the gateway says so).
const person = {
  username: 'Zeynep_Silinecek7',
  email: 'zeynep_silinecek7@example.com',
  displayName: 'Zeynep Erasureova',
  ip: '203.0.113.77',
};
const needles = [person.email, person.username, person.displayName, person.ip];

let stack: ClassesStack;
let erasedAt = 0;

beforeAll(async () => {
  // Every deployable (auth, mail worker, game-results, badges, classes and their workers): every schema has a say.
  stack = await startClassesStack({ everything: true });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

/** Rate-limit keys of auth's abuse limits (`auth:rl:`): hashed in separate work, scanned last. */
const isAbuseLimitKey = (r: Residue) => r.where.includes('auth:rl:');

async function scanEverything(): Promise<Residue[]> {
  const env = stack.env;
  const vhost = new URL(env.AMQP_URL!).pathname.slice(1);
  return [
    ...(await scanPostgres(stack.pool, needles)),
    ...(await scanRabbitMq(env.AMQP_URL!, decodeURIComponent(vhost), needles)),
    ...(await scanRedis(env.REDIS_URL!, env.REDIS_PREFIX!, needles)),
  ];
}

/**
 * Besides the two sent mails (completed jobs), one of the person's mails parked in the failed set (a token that no
 * longer opens: the worker refuses it for good, kept 30 days) and one waiting for its next try (delayed).
 */
async function mailsInEveryState() {
  const queue = createQueue<Record<string, unknown>>(MAIL_QUEUE, {
    redisUrl: stack.env.REDIS_URL!,
    prefix: stack.env.REDIS_PREFIX!,
  });
  try {
    const sent = await waitFor(async () => {
      const jobs = await queue.getJobs(['completed']);
      return jobs.find((j) => j.name === 'verify-email' && j.data.email === person.email) ?? null;
    });
    const failing = randomUUID();
    await queue.add(
      'verify-email',
      { ...sent.data, id: failing, verificationToken: 'no-longer-opens' },
      { jobId: failing },
    );
    await waitFor(async () => ((await queue.getJobState(failing)) === 'failed' ? true : null), {
      message: 'the unsendable mail never reached the failed set',
    });
    const waiting = randomUUID();
    await queue.add('verify-email', { ...sent.data, id: waiting }, { jobId: waiting, delay: 60 * 60_000 });
    expect(await queue.getJobState(waiting)).toBe('delayed');
  } finally {
    await queue.close();
  }
}

describe('after a user deletes their account', () => {
  it('the scan finds the person before the deletion (it can see what it looks for)', async () => {
    const browser = stack.browser('en', person.ip);
    await stack.signUp({ username: person.username, teacher: false, verify: true, lang: 'en' });
    // signUp used its own tab; sign in from the person's address too, as they would at home.
    const login = await browser.post('/api/auth/login', { email: person.email, password: 'correct horse' });
    expect(login.status).toBe(200);
    const named = await browser.post('/api/profile/update', { displayName: person.displayName });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect((await browser.post('/api/auth/forgot-password', { email: person.email })).status).toBe(200);
    await stack.smtp.waitFor((m) => m.to.includes(person.email) && m.text.includes('/reset-password#token='));
    const saved = await saveGame(browser, { gameType: 'toplama', difficulty: 'kolay', count: 5 });
    expect(saved.status).toBe(201);
    await mailsInEveryState();

    const before = await scanEverything();
    const where = before.map((r) => r.where).join('\n');
    expect(where).toMatch(/postgres auth\.users/);
    expect(where).toMatch(/BullMQ job value/);
    expect(before.filter((r) => r.where.includes(':bull:mail:')).length).toBeGreaterThanOrEqual(4);

    const deleted = await browser.post('/api/profile/delete', { password: 'correct horse' });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    erasedAt = Date.now();
  });

  it('no table of any schema, no Redis key or value, no queue (RabbitMQ, BullMQ) holds their e-mail, name or address', async () => {
    expect(erasedAt).toBeGreaterThan(0);
    // The erasing workers run after the deletion's commit: wait until they are done, then show what is left.
    const left = await waitFor(
      async () => {
        const residue = (await scanEverything()).filter((r) => !isAbuseLimitKey(r));
        return residue.length === 0 ? residue : null;
      },
      { timeoutMs: 30_000, message: 'residue left after the erasure' },
    ).catch(async () => (await scanEverything()).filter((r) => !isAbuseLimitKey(r)));
    expect(left.map((r) => `${r.where} [${r.found.join(', ')}]`)).toEqual([]);
  });

  it('last: neither do the abuse limits’ rate-limit keys (auth:rl:)', async () => {
    const abuse = (await scanEverything()).filter(isAbuseLimitKey);
    expect(abuse.map((r) => `${r.where} [${r.found.join(', ')}]`)).toEqual([]);
  });
});
