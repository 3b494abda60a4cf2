import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthStack, signUp, startAuthStack } from './auth-stack.js';

// Sessions on a classroom computer the next class uses.
let stack: AuthStack;
let redis: Redis;
// 3 s instead of 30 min, so the idle end is observed for real within the test.
const SHARED_IDLE_SECONDS = 3;

beforeAll(async () => {
  stack = await startAuthStack({
    gatewayEnv: { SESSION_SHARED_IDLE_MINUTES: String(SHARED_IDLE_SECONDS / 60) },
  });
  redis = new Redis(stack.env.REDIS_URL!);
});
afterAll(async () => {
  redis?.disconnect();
  await stack?.close();
});

const sessionKey = (cookie: string) =>
  `${stack.env.REDIS_PREFIX}sess:${decodeURIComponent(cookie).slice(2).split('.')[0]}`;

describe('"this is a shared computer"', () => {
  it('gives a browser-session cookie (no Max-Age) and ends the session after the idle limit', async () => {
    await signUp(stack, { username: 'pc-kid', email: 'pc-kid@example.com', password: 'pc-password' });
    const tab = stack.browser();
    const res = await fetch(new URL('/api/auth/login', stack.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'pc-kid@example.com', password: 'pc-password', sharedDevice: true }),
    });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('mg.sid='))!;
    expect(setCookie).toBeDefined();
    expect(setCookie).not.toMatch(/max-age|expires/i);
    const value = setCookie.split(';', 1)[0]!.slice('mg.sid='.length);
    tab.cookies.set('mg.sid', value);
    expect(await redis.ttl(sessionKey(value))).toBeLessThanOrEqual(SHARED_IDLE_SECONDS);

    // Activity keeps it alive, and the cookie the gateway re-sends still has no expiry.
    await new Promise((r) => setTimeout(r, 2_000));
    const active = await tab.get('/api/auth/me');
    expect(active.status).toBe(200);
    for (const line of active.headers.getSetCookie()) expect(line).not.toMatch(/max-age|expires/i);
    await new Promise((r) => setTimeout(r, 2_000));
    expect((await tab.get('/api/auth/me')).status).toBe(200);

    // Then the pupil walks away.
    await new Promise((r) => setTimeout(r, (SHARED_IDLE_SECONDS + 1) * 1_000));
    expect((await tab.get('/api/auth/me')).status).toBe(401);
  });

  it('unticked, the session is a persistent cookie with the configured idle limit', async () => {
    const tab = await signUp(stack, { username: 'home-kid', email: 'home-kid@example.com' });
    const res = await tab.get('/api/auth/me');
    expect(res.status).toBe(200);
    expect(await redis.ttl(sessionKey(tab.sessionCookie!))).toBeGreaterThan(6 * 86_400);
  });
});

describe('log out of all devices', () => {
  it('ends every session of the account, the calling one too, and no one else’s', async () => {
    const laptop = await signUp(stack, {
      username: 'many',
      email: 'many@example.com',
      password: 'many-pass',
    });
    const school = stack.browser();
    expect(
      (await school.post('/api/auth/login', { email: 'many@example.com', password: 'many-pass' })).status,
    ).toBe(200);
    const stranger = await signUp(stack, { username: 'stranger', email: 'stranger@example.com' });
    const out = await laptop.post('/api/auth/logout-everywhere');
    expect(out.status).toBe(200);
    expect((await laptop.get('/api/auth/me')).status).toBe(401);
    expect((await school.get('/api/auth/me')).status).toBe(401);
    expect((await stranger.get('/api/auth/me')).status).toBe(200);
    expect((await stack.browser().post('/api/auth/logout-everywhere')).status).toBe(401);
  });
});
