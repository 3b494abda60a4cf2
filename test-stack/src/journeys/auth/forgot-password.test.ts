import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthStack, type Reply, startAuthStack } from './auth-stack.js';

let stack: AuthStack;

beforeAll(async () => {
  stack = await startAuthStack();
});
afterAll(async () => {
  await stack?.close();
});

/** Everything a caller can observe except what differs on every request anyway. */
function observable(reply: Reply) {
  const headers = [...reply.headers].filter(([name]) => !['date', 'x-request-id'].includes(name));
  return { status: reply.status, headers, body: reply.raw.toString('utf8') };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('forgot-password', () => {
  it('answers an unknown address exactly like a known one, and mails only the known one', async () => {
    const known = 'known@example.com';
    expect(
      (
        await stack
          .browser()
          .post('/api/auth/register', { username: 'known', email: known, password: 'secret1' })
      ).status,
    ).toBe(201);
    await stack.smtp.waitFor((m) => m.to.includes(known));

    const knownReply = await stack.browser('en').post('/api/auth/forgot-password', { email: known });
    const unknownReply = await stack
      .browser('en')
      .post('/api/auth/forgot-password', { email: 'unknown@example.com' });
    expect(knownReply.status).toBe(200);
    expect(observable(unknownReply)).toEqual(observable(knownReply));

    await stack.smtp.waitFor((m) => m.to.includes(known) && m.text.includes('/reset-password#token='));
    expect(stack.smtp.messages.filter((m) => m.to.includes('unknown@example.com'))).toEqual([]);
    const { rows } = await stack.pool.query('SELECT count(*)::int AS n FROM auth.tokens WHERE purpose = $1', [
      'reset_password',
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('takes similar time for known and unknown addresses (figures printed, not asserted)', async () => {
    const accounts = Array.from({ length: 4 }, (_, i) => `timing${i}@example.com`);
    for (const [i, email] of accounts.entries()) {
      await stack
        .browser()
        .post('/api/auth/register', { username: `timing${i}`, email, password: 'secret1' });
    }
    const time = async (email: string) => {
      const started = performance.now();
      const reply = await stack.browser().post('/api/auth/forgot-password', { email });
      expect(reply.status).toBe(200);
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (const [i, email] of accounts.entries()) {
      knownTimes.push(await time(email));
      unknownTimes.push(await time(`nobody${i}@example.com`));
    }
    console.log(
      `forgot-password median ms: known ${median(knownTimes).toFixed(1)}, unknown ${median(unknownTimes).toFixed(1)} ` +
        `(known ${knownTimes.map((t) => t.toFixed(1)).join('/')}, unknown ${unknownTimes.map((t) => t.toFixed(1)).join('/')})`,
    );
  });
});
