import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { badgeSummaryCacheKey, encodeCompletedCounts, translate } from '@mathgames/contracts';
import {
  createHttpService,
  createLogger,
  type HttpService,
  IDENTITY_HEADER,
  loadConfig,
  requireUser,
  signIdentity,
} from '@mathgames/platform';
import { createTestEnvironment } from '@mathgames/platform/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway, type GatewayConfig, gatewayConfigShape } from './index.js';

type TestEnvironment = Awaited<ReturnType<typeof createTestEnvironment>>;

const logger = createLogger('gateway-test', 'silent');
const portOf = (server: Server) => (server.address() as AddressInfo).port;

let environment: TestEnvironment;
let redis: Redis;
let spaDir: string;
let config: GatewayConfig;
let gateway: Gateway;
let baseUrl: string;
let auth: HttpService;
let badges: HttpService;
let gameResults: HttpService;
let classes: HttpService;
let gameResultsPort: number;
let badgesPort: number;
const seenByAuth: { identityHeader?: string; cookie?: string } = {};

function gameResultsService(): HttpService {
  return createHttpService({
    name: 'game-results',
    config: { INTERNAL_SECRET: config.INTERNAL_SECRET },
    logger,
    routes(app) {
      app.post('/api/game-results', (req, res) => {
        res.status(201).json({ userId: req.identity.userId });
      });
    },
  });
}

function classesService(): HttpService {
  return createHttpService({
    name: 'classes',
    config: { INTERNAL_SECRET: environment.env.INTERNAL_SECRET! },
    logger,
    routes(app) {
      app.get('/api/classes', (req, res) => {
        res.json({ userId: requireUser(req), items: [] });
      });
      app.post('/api/classes/:classId/join-code', (req, res) => {
        // A service other than auth cannot steer sessions: this directive must be ignored.
        res.setHeader('x-mg-session-login', '999');
        res.json({ userId: req.identity.userId, classId: req.params.classId });
      });
    },
  });
}

function badgesService(): HttpService {
  return createHttpService({
    name: 'badges',
    config: { INTERNAL_SECRET: environment.env.INTERNAL_SECRET! },
    logger,
    routes(app) {
      app.get('/api/user-badges/summary', (req, res) => {
        const userId = requireUser(req);
        const etag = `"summary-${userId}"`;
        if (req.headers['if-none-match'] === etag) {
          res.status(304).end();
          return;
        }
        res.setHeader('ETag', etag);
        res.json({ total: 175, completed: 0, userId, category: req.query.category ?? null });
      });
    },
  });
}

beforeAll(async () => {
  environment = await createTestEnvironment({ migrate: false, amqp: false });
  spaDir = await mkdtemp(join(tmpdir(), 'mg-spa-'));
  await mkdir(join(spaDir, 'assets'));
  await writeFile(join(spaDir, 'index.html'), '<!doctype html><div id="root">shell</div>');
  await writeFile(join(spaDir, 'assets', 'index-Ab12Cd.js'), 'console.log(1)');
  await writeFile(join(spaDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(join(spaDir, 'manifest.webmanifest'), '{"name":"Matematik Oyunları"}');
  await writeFile(join(spaDir, 'robots.txt'), 'User-agent: *');
  for (const lang of ['tr', 'en']) {
    await mkdir(join(spaDir, 'pages', lang), { recursive: true });
    for (const name of ['index', 'games', 'gameplay-toplama', 'gameplay-cikarma'])
      await writeFile(join(spaDir, 'pages', lang, `${name}.html`), `${name} ${lang}`);
  }
  await writeFile(join(spaDir, 'assets', 'vendor-Ef34Gh.js'), 'console.log("a long bundle");\n'.repeat(500));
  const prebuilt = 'console.log("compressed by the build");\n'.repeat(500);
  await writeFile(join(spaDir, 'assets', 'app-Zz99Yy.js'), prebuilt);
  // Marked, to tell the build's files from compression on the fly.
  await writeFile(join(spaDir, 'assets', 'app-Zz99Yy.js.br'), brotliCompressSync(`${prebuilt}// .br`));
  await writeFile(join(spaDir, 'assets', 'app-Zz99Yy.js.gz'), gzipSync(`${prebuilt}// .gz`));

  const base = loadConfig({}, environment.env);
  const services = { INTERNAL_SECRET: base.INTERNAL_SECRET };
  auth = createHttpService({
    name: 'auth',
    config: services,
    logger,
    routes(app) {
      app.get('/api/auth/me', (req, res) => {
        seenByAuth.identityHeader = req.headers[IDENTITY_HEADER] as string;
        seenByAuth.cookie = req.headers.cookie;
        res.json({
          userId: req.identity.userId,
          lang: req.identity.lang,
          requestId: req.identity.requestId,
          ip: req.identity.ip,
        });
      });
      app.post('/api/auth/login', (req, res) => {
        res.setHeader('x-mg-session-login', String(req.body.userId));
        res.json({ loggedIn: req.body.userId });
      });
      app.post('/api/auth/reset-password', (req, res) => {
        res.setHeader('x-mg-session-revoke-user', String(req.body.userId));
        res.json({ message: 'ok' });
      });
    },
  });
  badges = badgesService();
  classes = classesService();
  const authPort = portOf(await auth.listen(0));
  badgesPort = portOf(await badges.listen(0));
  const classesPort = portOf(await classes.listen(0));
  config = loadConfig(gatewayConfigShape, {
    ...environment.env,
    LOG_LEVEL: 'silent',
    AUTH_URL: `http://127.0.0.1:${authPort}`,
    BADGES_URL: `http://127.0.0.1:${badgesPort}`,
    CLASSES_URL: `http://127.0.0.1:${classesPort}`,
    GAME_RESULTS_URL: 'http://127.0.0.1:1',
    SPA_DIR: spaDir,
  });
  gameResults = gameResultsService();
  gameResultsPort = portOf(await gameResults.listen(0));
  config.GAME_RESULTS_URL = `http://127.0.0.1:${gameResultsPort}`;

  gateway = createGateway(config, { logger });
  baseUrl = `http://127.0.0.1:${portOf(await gateway.listen(0))}`;
  redis = new Redis(config.REDIS_URL);
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all([auth?.close(), badges?.close(), gameResults?.close(), classes?.close()]);
  if (redis) {
    const keys = await redis.keys(`${config.REDIS_PREFIX}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
  await environment?.cleanup();
  if (spaDir) await rm(spaDir, { recursive: true, force: true });
});

const sessionCookie = (res: Response): string | undefined =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('mg.sid='))
    ?.split(';', 1)[0];

async function logIn(userId: number): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId }),
  });
  expect(res.status).toBe(200);
  const cookie = sessionCookie(res);
  expect(cookie).toBeDefined();
  return cookie!;
}

async function whoIs(cookie?: string): Promise<number | null> {
  const res = await fetch(`${baseUrl}/api/auth/me`, { headers: cookie ? { cookie } : {} });
  return ((await res.json()) as { userId: number | null }).userId;
}

const sessionKey = (cookie: string) =>
  `${config.REDIS_PREFIX}sess:${decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]}`;

describe('identity between the gateway and the services', () => {
  it('replaces a client-sent identity header, even a validly signed one, with its own', async () => {
    const forged = signIdentity(
      { userId: 999, sessionId: null, lang: 'tr', requestId: 'forged', ip: '1.2.3.4' },
      config.INTERNAL_SECRET,
      { method: 'GET', path: '/api/auth/me' },
    );
    const res = await fetch(`${baseUrl}/api/auth/me`, {
      headers: { [IDENTITY_HEADER]: forged, cookie: 'a=b' },
    });
    const body = (await res.json()) as { userId: number | null };

    expect(body.userId).toBeNull();
    expect(seenByAuth.identityHeader).toBeDefined();
    expect(seenByAuth.identityHeader).not.toBe(forged);
    expect(seenByAuth.cookie).toBeUndefined();
  });

  it('passes a request id through, to the service and back to the client', async () => {
    const res = await fetch(`${baseUrl}/api/auth/me`, { headers: { 'x-request-id': 'trace-abc.123' } });
    const body = (await res.json()) as { requestId: string };

    expect(body.requestId).toBe('trace-abc.123');
    expect(res.headers.get('x-request-id')).toBe('trace-abc.123');
  });

  it('tells the service the language from X-Lang, then the i18next cookie, then Accept-Language, else Turkish', async () => {
    const langOf = async (headers: Record<string, string>) =>
      ((await (await fetch(`${baseUrl}/api/auth/me`, { headers })).json()) as { lang: string }).lang;

    expect(await langOf({ 'x-lang': 'en', cookie: 'i18next=tr' })).toBe('en');
    expect(await langOf({ cookie: 'i18next=en', 'accept-language': 'tr-TR' })).toBe('en');
    expect(await langOf({ 'accept-language': 'de-DE, en;q=0.8, tr;q=0.5' })).toBe('en');
    expect(await langOf({ 'accept-language': 'de-DE' })).toBe('tr');
  });

  it('tells the service the client address a trusted proxy forwarded, so per-IP limits see each pupil', async () => {
    const ipSeen = async (headers: Record<string, string>) =>
      ((await (await fetch(`${baseUrl}/api/auth/me`, { headers })).json()) as { ip: string }).ip;

    expect(await ipSeen({ 'x-forwarded-for': '203.0.113.7' })).toBe('203.0.113.7');
    expect(await ipSeen({ 'x-forwarded-for': '198.51.100.23' })).toBe('198.51.100.23');
  });

  it('a service rejects a request that bypasses the gateway (no signature) with 401', async () => {
    const res = await fetch(`${config.AUTH_URL}/api/auth/me`);

    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('unauthorized');
  });
});

describe('cross-site request defence', () => {
  it('rejects a cross-site POST with 403 in the user language', async () => {
    const res = await fetch(`${baseUrl}/api/game-results`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example', 'x-lang': 'en' },
    });

    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'forbidden', message: translate('forbidden', 'en') });
  });

  it('rejects a POST whose Origin is another site even without Sec-Fetch-Site', async () => {
    const res = await fetch(`${baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });

    expect(res.status).toBe(403);
  });

  it('lets a same-origin POST through to the service', async () => {
    const cookie = await logIn(41);
    const res = await fetch(`${baseUrl}/api/game-results`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', origin: baseUrl, cookie },
    });

    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ userId: 41 });
  });

  it('forwards /api/classes to the classes service as the signed-in user, ignoring its session directives', async () => {
    const cookie = await logIn(42);
    const list = await fetch(`${baseUrl}/api/classes`, { headers: { cookie } });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({ userId: 42, items: [] });

    const res = await fetch(`${baseUrl}/api/classes/7/join-code`, {
      method: 'POST',
      headers: { 'sec-fetch-site': 'same-origin', origin: baseUrl, cookie },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ userId: 42, classId: '7' });
    const again = await fetch(`${baseUrl}/api/classes`, { headers: { cookie } });
    expect(await again.json()).toEqual({ userId: 42, items: [] });
  });
});

describe('sessions', () => {
  it('a login directive rotates the session id and is not shown to the browser', async () => {
    const first = await logIn(7);
    const res = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: first },
      body: JSON.stringify({ userId: 7 }),
    });
    const second = sessionCookie(res);

    expect(res.headers.get('x-mg-session-login')).toBeNull();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(await whoIs(second)).toBe(7);
    expect(await whoIs(first)).toBeNull();
  });

  it('sets an httpOnly, SameSite=Lax cookie', async () => {
    const res = await fetch(`${baseUrl}/api/auth/login`, {
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
      { ...config, NODE_ENV: 'production', REDIS_PREFIX: `${config.REDIS_PREFIX}prod:` },
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
      expect(seenByAuth.cookie).toBeUndefined();
    } finally {
      await production.close();
    }
  });

  it('a revoke directive ends every session of that user and no one else', async () => {
    const laptop = await logIn(8);
    const tablet = await logIn(8);
    const someoneElse = await logIn(9);

    const res = await fetch(`${baseUrl}/api/auth/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 8 }),
    });

    expect(res.status).toBe(200);
    expect(res.headers.get('x-mg-session-revoke-user')).toBeNull();
    expect(await whoIs(laptop)).toBeNull();
    expect(await whoIs(tablet)).toBeNull();
    expect(await whoIs(someoneElse)).toBe(9);
  });

  it('logout destroys the session and clears the cookie', async () => {
    const cookie = await logIn(10);
    const res = await fetch(`${baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, 'x-lang': 'en' },
    });

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: translate('logged_out', 'en') });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('mg.sid=;'))).toBe(true);
    expect(await whoIs(cookie)).toBeNull();
  });

  it('the badge summary poll neither extends the session nor writes a cookie; other calls do', async () => {
    const cookie = await logIn(11);
    await redis.expire(sessionKey(cookie), 100);

    const poll = await fetch(`${baseUrl}/api/user-badges/summary`, { headers: { cookie } });

    expect(poll.status).toBe(200);
    expect(((await poll.json()) as { userId: number }).userId).toBe(11);
    expect(poll.headers.getSetCookie()).toEqual([]);
    expect(await redis.ttl(sessionKey(cookie))).toBeLessThanOrEqual(100);

    const activity = await fetch(`${baseUrl}/api/auth/me`, { headers: { cookie } });

    expect(sessionCookie(activity)).toBe(cookie);
    expect(await redis.ttl(sessionKey(cookie))).toBeGreaterThan(6 * 86_400);
  });

  it('the badge summary poll forwards its query but no client-sent identity', async () => {
    const cookie = await logIn(13);
    const forged = signIdentity(
      { userId: 999, sessionId: null, lang: 'tr', requestId: 'forged', ip: '1.2.3.4' },
      config.INTERNAL_SECRET,
      { method: 'GET', path: '/api/user-badges/summary' },
    );

    const anonymous = await fetch(`${baseUrl}/api/user-badges/summary`, {
      headers: { [IDENTITY_HEADER]: forged },
    });
    const mine = await fetch(`${baseUrl}/api/user-badges/summary?category=kesirler`, {
      headers: { cookie, [IDENTITY_HEADER]: forged },
    });

    expect(anonymous.status).toBe(401);
    expect(await mine.json()).toMatchObject({ userId: 13, category: 'kesirler' });
  });

  it('the badge summary poll answers 304 while the summary is unchanged', async () => {
    const cookie = await logIn(14);
    const first = await fetch(`${baseUrl}/api/user-badges/summary`, { headers: { cookie } });
    const etag = first.headers.get('etag');

    const again = await fetch(`${baseUrl}/api/user-badges/summary`, {
      headers: { cookie, 'if-none-match': etag! },
    });

    expect(etag).toBe('"summary-14"');
    expect(again.status).toBe(304);
  });

  it('answers a poll from the badge-worker cache without the badges hop, by category and with 304', async () => {
    const cookie = await logIn(15);
    await redis.set(badgeSummaryCacheKey(config.REDIS_PREFIX, 15), encodeCompletedCounts([9, 3, 0, 2, 4, 0]));
    await badges.close(); // every answer below must come from the cache

    const all = await fetch(`${baseUrl}/api/user-badges/summary`, { headers: { cookie } });
    const multiplication = await fetch(`${baseUrl}/api/user-badges/summary?category=carpma`, {
      headers: { cookie },
    });
    const unchanged = await fetch(`${baseUrl}/api/user-badges/summary`, {
      headers: { cookie, 'if-none-match': all.headers.get('etag')! },
    });
    const otherQuery = await fetch(`${baseUrl}/api/user-badges/summary?category=carpma&x=1`, {
      headers: { cookie },
    });
    const guest = await fetch(`${baseUrl}/api/user-badges/summary`);

    expect(all.status).toBe(200);
    expect(await all.json()).toEqual({ total: 175, completed: 9 });
    expect(all.headers.get('cache-control')).toBe('private, no-cache');
    expect(await multiplication.json()).toEqual({ total: 35, completed: 2 });
    expect(unchanged.status).toBe(304);
    // Anything the cache cannot answer goes to the service, here down: the usual 503.
    expect(otherQuery.status).toBe(503);
    expect(guest.status).toBe(503);

    badges = badgesService();
    await badges.listen(badgesPort);
  });

  it('a result post reads the session without writing it, and extends the idle timeout once it is due', async () => {
    const cookie = await logIn(13);
    const post = () =>
      fetch(`${baseUrl}/api/game-results`, {
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
    const stored = JSON.parse((await redis.get(sessionKey(cookie)))!) as { cookie: { expires: string } };
    stored.cookie.expires = new Date(new Date(stored.cookie.expires).getTime() - 20 * 60_000).toISOString();
    await redis.set(sessionKey(cookie), JSON.stringify(stored), 'EX', 100);

    const due = await post();
    expect(due.status).toBe(201);
    expect(((await due.json()) as { userId: number }).userId).toBe(13);
    expect(sessionCookie(due)).toBe(cookie);
    expect(await redis.ttl(sessionKey(cookie))).toBeGreaterThan(6 * 86_400);

    // Without a session the service hears an anonymous caller, and no cookie is made up.
    const anonymous = await fetch(`${baseUrl}/api/game-results`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(((await anonymous.json()) as { userId: number | null }).userId).toBeNull();
    expect(anonymous.headers.getSetCookie()).toEqual([]);
  });

  it('a session older than the absolute timeout ends however active it was', async () => {
    const cookie = await logIn(12);
    const stored = JSON.parse((await redis.get(sessionKey(cookie)))!) as { createdAt: number };
    stored.createdAt -= (config.SESSION_ABSOLUTE_DAYS + 1) * 86_400_000;
    await redis.set(sessionKey(cookie), JSON.stringify(stored), 'EX', 3600);

    const poll = await fetch(`${baseUrl}/api/user-badges/summary`, { headers: { cookie } });

    expect(poll.status).toBe(401);
    expect(await whoIs(cookie)).toBeNull();
    expect(await redis.exists(sessionKey(cookie))).toBe(0);
  });
});

describe('routing and failures', () => {
  it('describes the API at /api/openapi.json', async () => {
    const res = await fetch(`${baseUrl}/api/openapi.json`);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };

    expect(res.status).toBe(200);
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/user-badges/summary');
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await fetch(`${baseUrl}/api/no-such-thing`, { headers: { 'x-lang': 'en' } });

    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ code: 'not_found', message: translate('not_found', 'en') });
  });

  it('answers 503 JSON while a service is down and recovers by itself when it is back', async () => {
    await gameResults.close();
    const post = () =>
      fetch(`${baseUrl}/api/game-results`, { method: 'POST', headers: { 'accept-language': 'tr' } });

    const down = await post();

    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      code: 'service_unavailable',
      message: translate('service_unavailable', 'tr'),
    });

    gameResults = gameResultsService();
    await gameResults.listen(gameResultsPort);
    const back = await post();

    expect(back.status).toBe(201);
  });

  it('answers the badge summary poll with 503 JSON while badges is down, and recovers', async () => {
    await badges.close();
    const poll = () => fetch(`${baseUrl}/api/user-badges/summary`, { headers: { 'x-lang': 'en' } });

    const down = await poll();

    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      code: 'service_unavailable',
      message: translate('service_unavailable', 'en'),
    });

    badges = badgesService();
    await badges.listen(badgesPort);

    expect((await poll()).status).toBe(401);
  });

  it('refuses a client over the credential limit with 429 and Retry-After', async () => {
    const limited = createGateway(
      { ...config, REDIS_PREFIX: `${config.REDIS_PREFIX}limits:`, RATE_LIMIT_AUTH_PER_15_MINUTES: 2 },
      { logger },
    );
    const url = `http://127.0.0.1:${portOf(await limited.listen(0))}/api/auth/login`;
    const attempt = () =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"userId":5}' });
    try {
      expect((await attempt()).status).toBe(200);
      expect((await attempt()).status).toBe(200);
      const refused = await attempt();

      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { code: string }).code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});

describe('the single-page app', () => {
  it('serves index.html for client routes, revalidated on every load', async () => {
    const res = await fetch(`${baseUrl}/profile`);

    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('id="root"');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('sends a pre-rendered landing page in the language the web app would pick', async () => {
    const page = async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${baseUrl}${path}`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      return { text: await res.text(), vary: res.headers.get('vary') ?? '' };
    };

    const home = await page('/');
    expect(home.text).toBe('index tr');
    expect(home.vary).toMatch(/Cookie/);
    expect(home.vary).toMatch(/Accept-Language/);
    expect((await page('/games', { 'accept-language': 'en-GB,en;q=0.9' })).text).toBe('games en');
    // The stored choice beats the browser's languages, and `?lng=` beats both, as in the web app itself.
    expect((await page('/', { cookie: 'i18next=tr', 'accept-language': 'en' })).text).toBe('index tr');
    expect((await page('/?lng=en', { cookie: 'i18next=tr' })).text).toBe('index en');
    // The game settings screen is drawn per topic, whatever spelling of the topic the address uses.
    expect((await page('/gameplay?type=toplama&lng=en')).text).toBe('gameplay-toplama en');
    expect((await page('/gameplay?type=%C3%A7%C4%B1karma', { cookie: 'i18next=tr' })).text).toBe(
      'gameplay-cikarma tr',
    );
    // Pages that are not pre-rendered get the shell: so do the game screen without a known topic (it follows
    // the choice stored on the device), a game that starts at once, and the pages' own file names.
    expect((await page('/faq', { 'accept-language': 'en' })).text).toContain('shell');
    expect((await page('/games/', { 'accept-language': 'en' })).text).toContain('shell');
    for (const path of [
      '/gameplay',
      '/gameplay?type=nope',
      '/gameplay?type=toplama&start=1',
      '/gameplay-toplama',
    ])
      expect((await page(path)).text, path).toContain('shell');
  });

  it('caches hashed assets for a year and never answers a missing asset with HTML', async () => {
    const asset = await fetch(`${baseUrl}/assets/index-Ab12Cd.js`);
    const missing = await fetch(`${baseUrl}/assets/index-Old999.js`);
    const missingIcon = await fetch(`${baseUrl}/apple-touch-icon.png`);

    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(missing.status).toBe(404);
    expect(missingIcon.status).toBe(404);
  });

  it('revalidates the service worker and the manifest on every load, so a deploy is seen at once', async () => {
    const worker = await fetch(`${baseUrl}/sw.js`);
    const manifest = await fetch(`${baseUrl}/manifest.webmanifest`);
    const robots = await fetch(`${baseUrl}/robots.txt`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(robots.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('sends the app compressed to browsers that accept it', async () => {
    const bundle = await fetch(`${baseUrl}/assets/vendor-Ef34Gh.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });

    expect(bundle.headers.get('content-encoding')).toBe('gzip');
    expect(await bundle.text()).toContain('a long bundle');
  });

  it("sends the build's own brotli or gzip file when the browser takes it, with the asset's type and caching", async () => {
    const brotli = await fetch(`${baseUrl}/assets/app-Zz99Yy.js`, {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    const gzip = await fetch(`${baseUrl}/assets/app-Zz99Yy.js`, { headers: { 'accept-encoding': 'gzip' } });
    const plain = await fetch(`${baseUrl}/assets/app-Zz99Yy.js`, {
      headers: { 'accept-encoding': 'identity' },
    });

    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const res of [brotli, gzip, plain]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    expect(brotli.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(await brotli.text()).toMatch(/compressed by the build.*\n\/\/ \.br$/s);
    expect(await gzip.text()).toMatch(/\/\/ \.gz$/);
    expect(await plain.text()).toMatch(/by the build"\);\n$/);
  });

  it('answers health and readiness', async () => {
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
  });
});
