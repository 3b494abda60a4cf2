import { badgeSummaryCacheKey, encodeCompletedCounts, translate } from '@mathgames/contracts';
import { IDENTITY_HEADER, signIdentity } from '@mathgames/platform';
import { describe, expect, it } from 'vitest';
import { createGateway } from './index.js';
import { logger, portOf, sessionCookie, useTestGateway } from './test-support/test-gateway.js';

const gw = useTestGateway();

describe('sessions: login, cookie and logout', () => {
  it('a login directive rotates the session id and is not shown to the browser', async () => {
    const first = await gw.logIn(7);
    const res = await fetch(`${gw.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: first },
      body: JSON.stringify({ userId: 7 }),
    });
    const second = sessionCookie(res);

    expect(res.headers.get('x-mg-session-login')).toBeNull();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(await gw.whoIs(second)).toBe(7);
    expect(await gw.whoIs(first)).toBeNull();
  });

  it('sets an httpOnly, SameSite=Lax cookie', async () => {
    const res = await fetch(`${gw.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 3 }),
    });
    const header = res.headers.getSetCookie().find((c) => c.startsWith('mg.sid='))!;

    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
  });

  it('in production the cookie is Secure and __Host- prefixed behind a TLS-terminating proxy', async () => {
    const production = createGateway(
      { ...gw.config, NODE_ENV: 'production', REDIS_PREFIX: `${gw.config.REDIS_PREFIX}prod:` },
      { logger },
    );
    const url = `http://127.0.0.1:${portOf(await production.listen(0))}`;
    try {
      const res = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        body: JSON.stringify({ userId: 4 }),
      });
      const header = res.headers.getSetCookie().find((c) => c.startsWith('__Host-mg.sid='));

      const attributes = header!.split('; ').slice(1);

      expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax']));
      expect(header).not.toMatch(/Domain=/i);
      const cookie = header!.split(';', 1)[0]!;
      const me = await fetch(`${url}/api/auth/me`, { headers: { cookie, 'x-forwarded-proto': 'https' } });
      expect(((await me.json()) as { userId: number }).userId).toBe(4);
      expect(gw.seenByAuth.cookie).toBeUndefined();
    } finally {
      await production.close();
    }
  });

  it('a revoke directive ends every session of that user and no one else', async () => {
    const laptop = await gw.logIn(8);
    const tablet = await gw.logIn(8);
    const someoneElse = await gw.logIn(9);

    const res = await fetch(`${gw.baseUrl}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 8 }),
    });

    expect(res.status).toBe(200);
    expect(res.headers.get('x-mg-session-revoke-user')).toBeNull();
    expect(await gw.whoIs(laptop)).toBeNull();
    expect(await gw.whoIs(tablet)).toBeNull();
    expect(await gw.whoIs(someoneElse)).toBe(9);
  });

  it('logout destroys the session and clears the cookie', async () => {
    const cookie = await gw.logIn(10);
    const res = await fetch(`${gw.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, 'x-lang': 'en' },
    });

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: translate('logged_out', 'en') });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('mg.sid=;'))).toBe(true);
    expect(await gw.whoIs(cookie)).toBeNull();
  });
});

describe('sessions: the badge summary poll', () => {
  it('the badge summary poll neither extends the session nor writes a cookie; other calls do', async () => {
    const cookie = await gw.logIn(11);
    await gw.redis.expire(gw.sessionKey(cookie), 100);

    const poll = await fetch(`${gw.baseUrl}/api/user-badges/summary`, { headers: { cookie } });

    expect(poll.status).toBe(200);
    // Cold (nothing cached): the gateway asked the badges service for user 11's counts (the stand-in's are the id).
    expect(await poll.json()).toEqual({ total: 175, completed: 11 });
    expect(poll.headers.getSetCookie()).toEqual([]);
    expect(await gw.redis.ttl(gw.sessionKey(cookie))).toBeLessThanOrEqual(100);

    const activity = await fetch(`${gw.baseUrl}/api/auth/me`, { headers: { cookie } });

    expect(sessionCookie(activity)).toBe(cookie);
    expect(await gw.redis.ttl(gw.sessionKey(cookie))).toBeGreaterThan(6 * 86_400);
  });

  it('the badge summary poll keeps its query but no client-sent identity', async () => {
    const cookie = await gw.logIn(13);
    const forged = signIdentity(
      { userId: 999, sessionId: null, lang: 'tr', requestId: 'forged', ip: '1.2.3.4' },
      gw.config.INTERNAL_SECRET,
      { method: 'GET', path: '/api/user-badges/summary' },
    );

    const anonymous = await fetch(`${gw.baseUrl}/api/user-badges/summary`, {
      headers: { [IDENTITY_HEADER]: forged },
    });
    const mine = await fetch(`${gw.baseUrl}/api/user-badges/summary?category=kesirler`, {
      headers: { cookie, [IDENTITY_HEADER]: forged },
    });

    expect(anonymous.status).toBe(401);
    // The session's user, not the forged one, in the query's category; the service saw the gateway's own call.
    expect(await mine.json()).toEqual({ total: 35, completed: 13 });
    expect(gw.seenByBadges.coldUserIds).toEqual([13]);
    expect(gw.seenByBadges.coldCaller).toBeNull();
  });

  it('the badge summary poll answers 304 while the summary is unchanged', async () => {
    const cookie = await gw.logIn(14);
    const first = await fetch(`${gw.baseUrl}/api/user-badges/summary`, { headers: { cookie } });
    const etag = first.headers.get('etag');

    const again = await fetch(`${gw.baseUrl}/api/user-badges/summary`, {
      headers: { cookie, 'if-none-match': etag! },
    });

    expect(etag).toBe('"s175-14"');
    expect(again.status).toBe(304);
  });

  it('answers a poll from the badge-worker cache without the badges hop, by category and with 304', async () => {
    const cookie = await gw.logIn(15);
    await gw.redis.set(
      badgeSummaryCacheKey(gw.config.REDIS_PREFIX, 15),
      encodeCompletedCounts([9, 3, 0, 2, 4, 0]),
    );
    await gw.badges.close(); // every answer below must come from the cache

    const all = await fetch(`${gw.baseUrl}/api/user-badges/summary`, { headers: { cookie } });
    const multiplication = await fetch(`${gw.baseUrl}/api/user-badges/summary?category=carpma`, {
      headers: { cookie },
    });
    const unchanged = await fetch(`${gw.baseUrl}/api/user-badges/summary`, {
      headers: { cookie, 'if-none-match': all.headers.get('etag')! },
    });
    const otherQuery = await fetch(`${gw.baseUrl}/api/user-badges/summary?category=carpma&x=1`, {
      headers: { cookie },
    });
    const guest = await fetch(`${gw.baseUrl}/api/user-badges/summary`);

    expect(all.status).toBe(200);
    expect(await all.json()).toEqual({ total: 175, completed: 9 });
    expect(all.headers.get('cache-control')).toBe('private, no-cache');
    expect(await multiplication.json()).toEqual({ total: 35, completed: 2 });
    expect(unchanged.status).toBe(304);
    // Anything the cache cannot answer goes to the service, here down: the usual 503.
    expect(otherQuery.status).toBe(503);
    expect(guest.status).toBe(503);

    await gw.restartBadges();
  });
});

describe('sessions: idle and absolute timeouts', () => {
  it('a result post reads the session without writing it, and extends the idle timeout once it is due', async () => {
    const cookie = await gw.logIn(13);
    const post = () =>
      fetch(`${gw.baseUrl}/api/game-results`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: '{}',
      });

    const fresh = await post();
    expect(fresh.status).toBe(201);
    expect(((await fresh.json()) as { userId: number }).userId).toBe(13);
    // Just logged in: nothing to extend, so no cookie and no store write.
    expect(fresh.headers.getSetCookie()).toEqual([]);

    // The same session, last extended 20 minutes ago: this request extends it and re-sends the cookie.
    const stored = JSON.parse((await gw.redis.get(gw.sessionKey(cookie)))!) as {
      cookie: { expires: string };
    };
    stored.cookie.expires = new Date(new Date(stored.cookie.expires).getTime() - 20 * 60_000).toISOString();
    await gw.redis.set(gw.sessionKey(cookie), JSON.stringify(stored), 'EX', 100);

    const due = await post();
    expect(due.status).toBe(201);
    expect(((await due.json()) as { userId: number }).userId).toBe(13);
    expect(sessionCookie(due)).toBe(cookie);
    expect(await gw.redis.ttl(gw.sessionKey(cookie))).toBeGreaterThan(6 * 86_400);

    // Without a session the service hears an anonymous caller, and no cookie is made up.
    const anonymous = await fetch(`${gw.baseUrl}/api/game-results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await anonymous.json()) as { userId: number | null }).userId).toBeNull();
    expect(anonymous.headers.getSetCookie()).toEqual([]);
  });

  it('a session older than the absolute timeout ends however active it was', async () => {
    const cookie = await gw.logIn(12);
    const stored = JSON.parse((await gw.redis.get(gw.sessionKey(cookie)))!) as { createdAt: number };
    stored.createdAt -= (gw.config.SESSION_ABSOLUTE_DAYS + 1) * 86_400_000;
    await gw.redis.set(gw.sessionKey(cookie), JSON.stringify(stored), 'EX', 3600);

    const poll = await fetch(`${gw.baseUrl}/api/user-badges/summary`, { headers: { cookie } });

    expect(poll.status).toBe(401);
    expect(await gw.whoIs(cookie)).toBeNull();
    expect(await gw.redis.exists(gw.sessionKey(cookie))).toBe(0);
  });
});
