import { translate } from '@mathgames/contracts';
import { IDENTITY_HEADER, signIdentity } from '@mathgames/platform';
import { describe, expect, it } from 'vitest';
import { counterKeyFor } from './limits/rate-limit.js';
import { sessionCookie, useTestGateway } from './test-support/test-gateway.js';

const gw = useTestGateway();

// What helmet sets on every answer through Express (security.ts).
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const read = (path: string, headers: Record<string, string>) => fetch(`${gw.baseUrl}${path}`, { headers });

describe('the statistics read after each game, answered before Express', () => {
  it('reaches the service as the signed-in pupil with none of the client’s cookies or internal headers', async () => {
    const cookie = await gw.logIn(51);
    const forged = signIdentity(
      { userId: 999, sessionId: null, lang: 'tr', requestId: 'forged', ip: '1.2.3.4' },
      gw.config.INTERNAL_SECRET,
      { method: 'GET', path: '/api/statistics' },
    );
    const res = await read('/api/statistics', {
      cookie,
      'x-request-id': 'trace-read.1',
      'x-lang': 'en',
      'x-forwarded-for': '203.0.113.61',
      [IDENTITY_HEADER]: forged,
      'x-mg-session-login': '7',
    });

    expect(res.status).toBe(200);
    const body = (await res.json()) as { userId: number; sent: string[] };
    expect(body).toMatchObject({ userId: 51, requestId: 'trace-read.1', lang: 'en', ip: '203.0.113.61' });
    const private_ = (name: string) =>
      name === 'cookie' ||
      name === 'forwarded' ||
      name.startsWith('x-forwarded-') ||
      name.startsWith('x-mg-');
    expect(body.sent.filter(private_)).toEqual([]);
    // The service's internal header stays behind; a fresh session is neither written nor re-sent.
    expect(res.headers.get('x-request-id')).toBe('trace-read.1');
    expect(res.headers.get('x-mg-session-login')).toBeNull();
    expect(res.headers.getSetCookie()).toEqual([]);

    const unchanged = await read('/api/statistics', { cookie, 'if-none-match': res.headers.get('etag')! });
    expect(unchanged.status).toBe(304);

    const guest = await read('/api/statistics', {});
    expect(await guest.json()).toMatchObject({ userId: null });
  });

  it('carries the security headers an answer through Express carries, and keeps the query', async () => {
    const cookie = await gw.logIn(52);
    const fast = await read('/api/statistics?week=this', { cookie });
    const general = await read('/api/classes', { cookie });

    expect(await fast.json()).toMatchObject({ userId: 52, query: { week: 'this' } });
    for (const name of SECURITY_HEADERS) {
      expect(general.headers.get(name), name).not.toBeNull();
      expect(fast.headers.get(name), name).toBe(general.headers.get(name));
    }
  });

  it('extends a session due for its idle extension, as every other call does, spending the budget once', async () => {
    const cookie = await gw.logIn(53);
    const address = '203.0.113.63';
    const counter = `${gw.config.REDIS_PREFIX}rl:api:${counterKeyFor(gw.config.SESSION_SECRET, address)}`;
    const stored = JSON.parse((await gw.redis.get(gw.sessionKey(cookie)))!) as {
      cookie: { expires: string };
    };
    stored.cookie.expires = new Date(new Date(stored.cookie.expires).getTime() - 20 * 60_000).toISOString();
    await gw.redis.set(gw.sessionKey(cookie), JSON.stringify(stored), 'EX', 100);

    const due = await read('/api/statistics', { cookie, 'x-forwarded-for': address });

    expect(due.status).toBe(200);
    // Spent on the fast path before the hand-over to Express, whose session gate does not spend it again.
    expect(await gw.redis.get(counter)).toBe('1');
    expect(((await due.json()) as { userId: number }).userId).toBe(53);
    expect(sessionCookie(due)).toBe(cookie);
    expect(await gw.redis.ttl(gw.sessionKey(cookie))).toBeGreaterThan(6 * 86_400);
  });

  it('spends the address’s API budget, and answers 429 in the pupil’s language once it is spent', async () => {
    const cookie = await gw.logIn(54);
    const address = '203.0.113.64';
    const counter = `${gw.config.REDIS_PREFIX}rl:api:${counterKeyFor(gw.config.SESSION_SECRET, address)}`;
    const from = { cookie, 'x-forwarded-for': address, 'x-lang': 'en' };

    expect((await read('/api/statistics', from)).status).toBe(200);
    expect(await gw.redis.get(counter)).toBe('1');
    await gw.redis.set(counter, String(gw.config.RATE_LIMIT_API_PER_MINUTE), 'KEEPTTL');

    const refused = await read('/api/statistics', from);
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      code: 'rate_limited',
      message: translate('rate_limited', 'en', { seconds }),
    });
    expect(refused.headers.get('content-security-policy')).not.toBeNull();
  });

  it('answers 503 in the pupil’s language, with Retry-After, while the service is down', async () => {
    const cookie = await gw.logIn(55);
    await gw.gameResults.close();
    try {
      const res = await read('/api/statistics', { cookie, 'x-lang': 'en' });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toEqual({
        code: 'service_unavailable',
        message: translate('service_unavailable', 'en'),
      });
    } finally {
      await gw.restartGameResults();
    }
  });
});
