import { LIMITS } from '@mathgames/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthStack, signUp, startAuthStack } from './auth-stack.js';

// The ways around the login limits an attacker would try, each closed.
let stack: AuthStack;
let tight: AuthStack;
const GATEWAY_CREDENTIAL_BUDGET = 6;

beforeAll(async () => {
  stack = await startAuthStack();
  tight = await startAuthStack({
    mailWorker: false,
    gatewayEnv: { RATE_LIMIT_AUTH_PER_15_MINUTES: String(GATEWAY_CREDENTIAL_BUDGET) },
  });
});
afterAll(async () => {
  await tight?.close();
  await stack?.close();
});

describe("the gateway's credential budget", () => {
  it('counts every spelling of the login path (case, trailing slash, encoding, double slashes) as one', async () => {
    const spellings = [
      '/api/auth/login/',
      '/api/auth/LOGIN',
      '/api/Auth/Login',
      '/api/auth/%6cogin',
      '/api//auth//login',
      '/api/auth/%256Cogin/',
    ];
    const tab = tight.browser('en');
    const statuses: number[] = [];
    for (const path of spellings) {
      const reply = await tab.post(path, {
        email: `nobody-${statuses.length}@example.com`,
        password: 'x-x-x-x',
      });
      statuses.push(reply.status);
    }
    expect(statuses.every((s) => s !== 429)).toBe(true);
    for (const path of spellings) {
      const reply = await tab.post(path, { email: 'nobody@example.com', password: 'x-x-x-x' });
      expect(reply.status, path).toBe(429);
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});

describe("auth's per-address login budgets", () => {
  const loginFrom = (ip: string, email: string, password: string) =>
    stack.direct('POST', '/api/auth/login', { ip, lang: 'en' }, { email, password });

  it('treat every address of one IPv6 /64 as one address', async () => {
    await signUp(stack, { username: 'sixfour', email: 'sixfour@example.com', password: 'right-pass' });
    for (let attempt = 1; attempt <= LIMITS.loginAccountIp.points; attempt++) {
      const reply = await loginFrom(
        `2001:db8:7:7::${attempt.toString(16)}`,
        'sixfour@example.com',
        'wrong-pass',
      );
      expect(reply.status, `attempt ${attempt}`).toBe(401);
    }
    const rotated = await loginFrom('2001:db8:7:7:ffff:1:2:3', 'sixfour@example.com', 'wrong-pass');
    expect(rotated.status).toBe(429);
    // Another /64 is another address.
    expect((await loginFrom('2001:db8:7:8::1', 'sixfour@example.com', 'right-pass')).status).toBe(200);
  });

  it('bound successful logins per account (each costs an argon2 hash and a Redis session)', async () => {
    await signUp(stack, { username: 'busy', email: 'busy@example.com', password: 'right-pass' });
    let first429 = 0;
    for (let attempt = 1; attempt <= LIMITS.loginSuccessAccount.points + 1; attempt++) {
      const reply = await loginFrom(`198.51.100.${attempt}`, 'busy@example.com', 'right-pass');
      if (reply.status === 429) {
        first429 = attempt;
        break;
      }
      expect(reply.status, `attempt ${attempt}`).toBe(200);
    }
    // signUp logged in once already: that success counts too.
    expect(first429).toBe(LIMITS.loginSuccessAccount.points);
  });

  it('bound successful logins per address across accounts', async () => {
    const ip = '203.0.113.99';
    const budget = LIMITS.loginSuccessIp.points;
    // Spend the address's budget directly in Redis (as many logins would), then one more real login is refused.
    const { Redis } = await import('ioredis');
    const redis = new Redis(stack.env.REDIS_URL!);
    try {
      const { AbuseLimits } = await import('@mathgames/auth/testing');
      const limits = new AbuseLimits(redis, stack.env.REDIS_PREFIX!, stack.env.INTERNAL_SECRET!);
      for (let i = 0; i < budget; i++) await limits.consume({ loginSuccessIp: ip });
    } finally {
      redis.disconnect();
    }
    await signUp(stack, { username: 'classmate', email: 'classmate@example.com', password: 'right-pass' });
    expect((await loginFrom(ip, 'classmate@example.com', 'right-pass')).status).toBe(429);
    expect((await loginFrom('203.0.113.100', 'classmate@example.com', 'right-pass')).status).toBe(200);
  });
});
