import { LIMITS } from '@mathgames/auth';
import { translate } from '@mathgames/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthStack, signUp, startAuthStack } from './auth-stack.js';

let stack: AuthStack;

beforeAll(async () => {
  stack = await startAuthStack();
});
afterAll(async () => {
  await stack?.close();
});

const loginFrom = (ip: string, email: string, password: string) =>
  stack.direct('POST', '/api/auth/login', { ip, lang: 'en' }, { email, password });

describe('login limits', () => {
  it('answers the 11th rapid wrong login for one account with 429 and a retry time of minutes', async () => {
    await signUp(stack, { username: 'target', email: 'target@example.com', password: 'right-pass' });
    const tab = stack.browser('en');
    for (let attempt = 1; attempt <= 10; attempt++) {
      const reply = await tab.post('/api/auth/login', {
        email: 'target@example.com',
        password: `guess-${attempt}`,
      });
      expect(reply.status, `attempt ${attempt}`).toBe(401);
    }
    const eleventh = await tab.post('/api/auth/login', { email: 'target@example.com', password: 'guess-11' });
    expect(eleventh.status).toBe(429);
    const seconds = Number(eleventh.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(LIMITS.loginAccountIp.durationSeconds);
    expect(eleventh.body).toEqual({
      code: 'rate_limited',
      message: translate('rate_limited', 'en', { seconds }),
      retryAfter: seconds,
      retryAfterSeconds: seconds,
    });
    // Even the right password waits on this device: guessing on is pointless.
    expect(
      (await tab.post('/api/auth/login', { email: 'target@example.com', password: 'right-pass' })).status,
    ).toBe(429);
  });

  it("does not let someone else's failures from other places lock the owner out", async () => {
    await signUp(stack, { username: 'owner', email: 'owner@example.com', password: 'owner-pass' });
    for (let attempt = 1; attempt <= 11; attempt++)
      await loginFrom('203.0.113.7', 'owner@example.com', 'nope-nope');
    expect((await loginFrom('203.0.113.7', 'owner@example.com', 'owner-pass')).status).toBe(429);
    expect((await loginFrom('198.51.100.20', 'owner@example.com', 'owner-pass')).status).toBe(200);
  });

  it('keeps a device that logged in before usable even when the whole account budget is spent', async () => {
    await signUp(stack, { username: 'popular', email: 'popular@example.com', password: 'home-pass' });
    const home = '192.0.2.1';
    expect((await loginFrom(home, 'popular@example.com', 'home-pass')).status).toBe(200);
    // A distributed attack: each address stays under its own budget, together they spend the account's.
    for (let i = 0; i < LIMITS.loginAccount.points; i++) {
      expect(
        (await loginFrom(`10.1.${Math.floor(i / 5)}.${i % 5}`, 'popular@example.com', 'wrong-pass')).status,
      ).toBe(401);
    }
    expect((await loginFrom('10.9.9.9', 'popular@example.com', 'wrong-pass')).status).toBe(429);
    expect((await loginFrom('10.9.9.10', 'popular@example.com', 'home-pass')).status).toBe(429);
    expect((await loginFrom(home, 'popular@example.com', 'home-pass')).status).toBe(200);
  });

  it('forgets earlier failures after a successful login', async () => {
    await signUp(stack, { username: 'clumsy', email: 'clumsy@example.com', password: 'clumsy-pass' });
    const ip = '198.51.100.99';
    for (let i = 0; i < 9; i++) await loginFrom(ip, 'clumsy@example.com', 'typo-typo');
    expect((await loginFrom(ip, 'clumsy@example.com', 'clumsy-pass')).status).toBe(200);
    for (let i = 0; i < 9; i++) {
      expect((await loginFrom(ip, 'clumsy@example.com', 'typo-typo')).status).toBe(401);
    }
  });
});

describe('register, forgot and reset limits', () => {
  it('limits registrations per address, answering 429 once the budget is spent', async () => {
    const email = 'spammed@example.com';
    for (let i = 0; i < LIMITS.registerAccount.points; i++) {
      const reply = await stack.direct(
        'POST',
        '/api/auth/register',
        { ip: `10.2.0.${i}` },
        { username: `spam${i}`, email, password: 'secret1' },
      );
      expect(reply.status).toBe(201);
    }
    const over = await stack.direct(
      'POST',
      '/api/auth/register',
      { ip: '10.2.1.1' },
      { username: 'spamX', email, password: 'secret1' },
    );
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('limits forgot-password per address the same way for known and unknown addresses', async () => {
    await signUp(stack, { username: 'forgetful', email: 'forgetful@example.com' });
    for (const email of ['forgetful@example.com', 'ghost@example.com']) {
      const statuses: number[] = [];
      for (let i = 0; i <= LIMITS.forgotAccount.points; i++) {
        statuses.push(
          (await stack.direct('POST', '/api/auth/forgot-password', { ip: `10.3.0.${i}` }, { email })).status,
        );
      }
      expect(statuses).toEqual([...Array(LIMITS.forgotAccount.points).fill(200), 429]);
    }
  });

  it('limits reset attempts per IP', async () => {
    const ip = '10.4.0.1';
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.resetIp.points; i++) {
      const token = `${String(i).padStart(2, '0')}${'b'.repeat(41)}`;
      statuses.push(
        (await stack.direct('POST', '/api/auth/reset-password', { ip }, { token, newPassword: 'secret1' }))
          .status,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
