import { loadMailWorkerConfig } from '@mathgames/mail';
import { waitFor } from '@mathgames/platform/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthStack, signUp, startAuthStack, tokenFrom } from './auth-stack.js';

// A link's token exists only in the mail; auth.outbox, Redis and the logs hold none.
let stack: AuthStack;
let redis: Redis;

beforeAll(async () => {
  stack = await startAuthStack();
  redis = new Redis(stack.env.REDIS_URL!);
});
afterAll(async () => {
  redis?.disconnect();
  await stack?.close();
});

/** Every string stored under this stack's Redis prefix (BullMQ jobs are hashes, markers are strings). */
async function everythingInRedis(): Promise<string> {
  const parts: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${stack.env.REDIS_PREFIX}*`, 'COUNT', '500');
    cursor = next;
    for (const key of keys) {
      const type = await redis.type(key);
      if (type === 'string') parts.push((await redis.get(key)) ?? '');
      else if (type === 'hash') parts.push(JSON.stringify(await redis.hgetall(key)));
      else if (type === 'list') parts.push(JSON.stringify(await redis.lrange(key, 0, -1)));
      else if (type === 'stream') parts.push(JSON.stringify(await redis.xrange(key, '-', '+')));
      else if (type === 'zset') parts.push(JSON.stringify(await redis.zrange(key, '0', '-1')));
    }
  } while (cursor !== '0');
  return parts.join('\n');
}

describe('tokens at rest', () => {
  it('a verification and a reset link leave no usable token in auth.outbox or Redis once sent', async () => {
    await signUp(stack, { username: 'quiet', email: 'quiet@example.com' });
    const verifyMail = stack.smtp.messages.find((m) => m.to.includes('quiet@example.com'))!;
    const verifyToken = tokenFrom(verifyMail, '/verify-email');
    await stack.browser().post('/api/auth/forgot-password', { email: 'quiet@example.com' });
    const resetMail = await stack.smtp.waitFor(
      (m) => m.to.includes('quiet@example.com') && m.text.includes('/reset-password#token='),
    );
    const resetToken = tokenFrom(resetMail, '/reset-password');

    const { rows } = await stack.pool.query<{ payload: string }>('SELECT payload::text FROM auth.outbox');
    expect(rows.length).toBeGreaterThan(0);
    for (const { payload } of rows) {
      expect(payload).not.toContain(verifyToken);
      expect(payload).not.toContain(resetToken);
    }
    // The job's data is wiped right after its mail went out: read until the worker has wiped both jobs' sealed
    // tokens (a fixed pause could end before the second wipe), then show what is stored.
    const stored = await waitFor(
      async () => {
        const everything = await everythingInRedis();
        return /sealed\.v1\./.test(everything) ? null : everything;
      },
      { message: 'a sealed token still in Redis' },
    ).catch(() => everythingInRedis());
    expect(stored).toContain('quiet@example.com');
    expect(stored).not.toContain(verifyToken);
    expect(stored).not.toContain(resetToken);
    expect(stored).not.toMatch(/sealed\.v1\./);
  });

  it('a password reset sends the owner a notice', async () => {
    await signUp(stack, { username: 'notified', email: 'notified@example.com' });
    await stack.browser().post('/api/auth/forgot-password', { email: 'notified@example.com' });
    const resetMail = await stack.smtp.waitFor(
      (m) => m.to.includes('notified@example.com') && m.text.includes('/reset-password#token='),
    );
    const reset = await stack.browser().post('/api/auth/reset-password', {
      token: tokenFrom(resetMail, '/reset-password'),
      newPassword: 'new-one-1',
    });
    expect(reset.status).toBe(200);
    const notice = await stack.smtp.waitFor(
      (m) => m.to.includes('notified@example.com') && m.subject === 'Şifren değişti',
    );
    expect(notice.text).not.toMatch(/token=/);
  });
});

describe('the mail worker in production', () => {
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 's'.repeat(40),
    INTERNAL_SECRET: 'i'.repeat(40),
    MAIL_TOKEN_KEY: 'm'.repeat(40),
    REDIS_URL: 'redis://redis.example.org:6379',
  };
  it('refuses to start with the log-only transport (SMTP_URL unset)', () => {
    expect(() => loadMailWorkerConfig(production)).toThrow(/SMTP_URL/);
    expect(loadMailWorkerConfig({ ...production, SMTP_URL: 'smtp://relay:587' }).SMTP_URL).toBe(
      'smtp://relay:587',
    );
  });
  it('refuses the development token key', () => {
    expect(() =>
      loadMailWorkerConfig({ ...production, SMTP_URL: 'smtp://relay:587', MAIL_TOKEN_KEY: '' }),
    ).toThrow(/MAIL_TOKEN_KEY/);
  });
});
