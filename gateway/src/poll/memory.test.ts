import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  badgeSummaryCacheKey,
  encodeCompletedCounts,
  sessionKey,
  userSessionsKey,
} from '@mathgames/contracts';
import {
  createHttpService,
  createLogger,
  DEV_INTERNAL_SECRET,
  DEV_SESSION_SECRET,
  endUserSessions,
  type HttpService,
  requireUser,
} from '@mathgames/platform';
import { type PrivateRedis, startPrivateRedis, waitFor } from '@mathgames/platform/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterKeyFor } from '../limits/rate-limit.js';
import { type GatewayProcess, startGatewayProcess } from '../test-support/gateway-process.js';
import { POLL_PATH } from './cache.js';

/**
 * The badge poll from the gateway's memory (docs/decisions/0009-badge-poll-from-gateway-memory.md), across two gateway processes sharing one Redis (a
 * private redis-server, so its command counts are this test's alone): an unchanged tab's poll makes no Redis
 * read; a new badge count, a revoked session and a Redis that lost everything are seen on the very next poll of
 * either gateway; the API budget is one budget for both.
 */

const PREFIX = `mgtest:${randomBytes(6).toString('hex')}:`;
const logger = createLogger('poll-memory-test', 'silent');

let privateRedis: PrivateRedis;
let redis: Redis;
let badges: HttpService;
let upstreamHits = 0;
let spaDir: string;
let a: GatewayProcess;
let b: GatewayProcess;

beforeAll(async () => {
  privateRedis = await startPrivateRedis();
  redis = new Redis(privateRedis.url);
  redis.on('error', () => {}); // while the test restarts Redis
  badges = createHttpService({
    name: 'badges',
    config: { INTERNAL_SECRET: DEV_INTERNAL_SECRET },
    logger,
    routes(app) {
      app.get(POLL_PATH, (req, res) => {
        upstreamHits++;
        res.json({ total: 175, completed: 0, userId: requireUser(req) });
      });
    },
  });
  const upstreamUrl = `http://127.0.0.1:${((await badges.listen(0)).address() as AddressInfo).port}`;
  spaDir = mkdtempSync(join(tmpdir(), 'mg-poll-spa-'));
  writeFileSync(join(spaDir, 'index.html'), '<!doctype html>');
  const env = {
    REDIS_URL: privateRedis.url,
    REDIS_PREFIX: PREFIX,
    SESSION_SECRET: DEV_SESSION_SECRET,
    INTERNAL_SECRET: DEV_INTERNAL_SECRET,
    RATE_LIMIT_API_PER_MINUTE: '100',
  };
  [a, b] = await Promise.all([
    startGatewayProcess(upstreamUrl, spaDir, env),
    startGatewayProcess(upstreamUrl, spaDir, env),
  ]);
}, 120_000);

afterAll(async () => {
  a?.kill();
  b?.kill();
  await badges?.close();
  redis?.disconnect();
  await privateRedis?.stop();
  if (spaDir) rmSync(spaDir, { recursive: true, force: true });
});

/** A session of the shape the gateway's login stores, and its signed cookie (express-session's format). */
async function plantSession(userId: number): Promise<string> {
  const sid = randomBytes(18).toString('base64url');
  const data = {
    cookie: { originalMaxAge: 7 * 86_400_000, expires: new Date(Date.now() + 7 * 86_400_000).toISOString() },
    uid: userId,
    createdAt: Date.now(),
  };
  await redis.set(sessionKey(PREFIX, sid), JSON.stringify(data), 'EX', 7 * 86_400);
  await redis.sadd(userSessionsKey(PREFIX, userId), sid);
  const signature = createHmac('sha256', DEV_SESSION_SECRET).update(sid).digest('base64').replace(/=+$/, '');
  return `mg.sid=${encodeURIComponent(`s:${sid}.${signature}`)}`;
}

let nextAddress = 0;
/** A poll; from an address of its own unless one is given (the API budget is tested on its own, below). */
const poll = (gateway: GatewayProcess, headers: Record<string, string>) =>
  fetch(`${gateway.url}${POLL_PATH}`, {
    headers: {
      'x-lang': 'en',
      'x-forwarded-for': `10.1.${Math.floor(++nextAddress / 250)}.${nextAddress % 250}`,
      ...headers,
    },
  });

async function commandCalls(name: string): Promise<number> {
  const info = await redis.info('commandstats');
  const match = new RegExp(`cmdstat_${name}:calls=(\\d+)`).exec(info);
  return match ? Number(match[1]) : 0;
}

/**
 * Each gateway arms tracking once both of its Redis connections are up, after it reports ready (until then it
 * reads through, by design): waits until `cookie`'s polls on both gateways are 200 and five more cost no GET.
 */
const servedFromMemory = (cookie: string) =>
  waitFor(
    async () => {
      const statuses = (await Promise.all([a, b].map((g) => poll(g, { cookie })))).map((r) => r.status);
      const getsBefore = await commandCalls('get');
      for (let i = 0; i < 5; i++) await Promise.all([a, b].map((g) => poll(g, { cookie })));
      return statuses.every((s) => s === 200) && (await commandCalls('get')) === getsBefore;
    },
    { timeoutMs: 30_000, intervalMs: 200 },
  );

describe('the badge poll from memory, across two gateways', () => {
  it('an unchanged tab polls without a Redis read; new counts and a revoked session show on the next poll', async () => {
    const armed = await plantSession(41);
    await redis.set(badgeSummaryCacheKey(PREFIX, 41), encodeCompletedCounts([0, 0, 0, 0, 0, 0]));
    await servedFromMemory(armed);
    const cookie = await plantSession(42);
    const other = await plantSession(43);
    await redis.set(badgeSummaryCacheKey(PREFIX, 42), encodeCompletedCounts([1, 0, 0, 0, 0, 0]));
    await redis.set(badgeSummaryCacheKey(PREFIX, 43), encodeCompletedCounts([5, 0, 0, 0, 0, 0]));

    const first = await Promise.all([a, b].map((g) => poll(g, { cookie })));
    expect(first.map((r) => r.status)).toEqual([200, 200]);
    const etag = first[0]!.headers.get('etag')!;
    expect(first[1]!.headers.get('etag')).toBe(etag);
    expect(await first[0]!.json()).toEqual({ total: 175, completed: 1 });

    // Warm: 20 polls on each gateway, every one 304, and not one GET reaches Redis.
    const getsBefore = await commandCalls('get');
    for (let i = 0; i < 20; i++) {
      const answers = await Promise.all([a, b].map((g) => poll(g, { cookie, 'if-none-match': etag })));
      expect(answers.map((r) => r.status)).toEqual([304, 304]);
    }
    const getsDuring = (await commandCalls('get')) - getsBefore;
    console.log(
      `[poll-memory] 40 warm polls on two gateways: ${getsDuring} Redis GETs, ${upstreamHits} upstream`,
    );
    expect(getsDuring).toBe(0);
    expect(upstreamHits).toBe(0);

    // A badge completed (the badge-worker rewrites the counts): both gateways answer the new summary at once.
    await redis.set(badgeSummaryCacheKey(PREFIX, 42), encodeCompletedCounts([2, 0, 0, 0, 0, 0]));
    const changed = await Promise.all([a, b].map((g) => poll(g, { cookie, 'if-none-match': etag })));
    expect(changed.map((r) => r.status)).toEqual([200, 200]);
    expect(await changed[1]!.json()).toEqual({ total: 175, completed: 2 });

    // Revoked (a password reset ends every session of the user): the very next poll is a guest's, on both.
    await endUserSessions(redis, PREFIX, 42);
    const revoked = await Promise.all([a, b].map((g) => poll(g, { cookie })));
    expect(revoked.map((r) => r.status)).toEqual([401, 401]);
    expect(upstreamHits).toBe(2);
    // Another user is untouched.
    expect((await Promise.all([a, b].map((g) => poll(g, { cookie: other })))).map((r) => r.status)).toEqual([
      200, 200,
    ]);
  });

  it('a Redis that restarts empty: memory is emptied with it, so a lost session is not served', async () => {
    const cookie = await plantSession(44);
    await redis.set(badgeSummaryCacheKey(PREFIX, 44), encodeCompletedCounts([3, 0, 0, 0, 0, 0]));
    expect((await Promise.all([a, b].map((g) => poll(g, { cookie })))).map((r) => r.status)).toEqual([
      200, 200,
    ]);

    await privateRedis.restart(200);
    // While Redis is away or just back, no answer may come from memory: only 401 (the session is gone) or 503.
    const seen = new Set<number>();
    await waitFor(
      async () => {
        const statuses = (await Promise.all([a, b].map((g) => poll(g, { cookie })))).map((r) => r.status);
        for (const status of statuses) seen.add(status);
        return statuses.every((s) => s === 401);
      },
      { timeoutMs: 30_000, intervalMs: 100 },
    );
    expect([...seen].filter((s) => s !== 401 && s !== 503)).toEqual([]);
    // And tracking is back: a new session is served from memory again.
    const again = await plantSession(45);
    await redis.set(badgeSummaryCacheKey(PREFIX, 45), encodeCompletedCounts([4, 0, 0, 0, 0, 0]));
    await servedFromMemory(again);
  }, 60_000);

  it('the poll spends the one API budget of its address, whichever gateway answers', async () => {
    const cookie = await plantSession(46);
    await redis.set(badgeSummaryCacheKey(PREFIX, 46), encodeCompletedCounts([1, 0, 0, 0, 0, 0]));
    const counterOf = (address: string) => `${PREFIX}rl:api:${counterKeyFor(DEV_SESSION_SECRET, address)}`;
    // A gateway adds its counted polls to Redis on its main connection, which the test before cut by restarting
    // Redis; until that connection is back, a flush fails open and its polls are never added (a poll itself is
    // still answered, from memory). So first, from an address of each gateway's own, wait until a poll of that
    // gateway has reached Redis.
    for (const [i, gateway] of [a, b].entries()) {
      const probe = `203.0.113.${100 + i}`;
      await waitFor(
        async () => {
          await poll(gateway, { cookie, 'x-forwarded-for': probe });
          return Number((await redis.get(counterOf(probe))) ?? 0) > 0;
        },
        { timeoutMs: 30_000, intervalMs: 200, message: "a gateway's polls reaching the Redis budget" },
      );
    }
    const from = { cookie, 'x-forwarded-for': '203.0.113.9' };
    const spent = async () => Number((await redis.get(counterOf('203.0.113.9'))) ?? 0);
    // 100 a minute: half on each gateway.
    const answered = await Promise.all(
      Array.from({ length: 50 }, async () => [(await poll(a, from)).status, (await poll(b, from)).status]),
    );
    expect(answered.flat().filter((s) => s !== 200)).toEqual([]);
    // Every poll is counted in Redis (batched), and once both have heard, both refuse.
    await waitFor(async () => (await spent()) === 100, { timeoutMs: 10_000, intervalMs: 50 });
    // A gateway that has not heard the total since its own last batch lets a poll or two more through, until
    // its next batch (0.1 s) comes back over the limit.
    let overshoot = 0;
    for (const gateway of [a, b]) {
      const refused = await waitFor(
        async () => {
          const res = await poll(gateway, from);
          if (res.status === 200) overshoot++;
          return res.status === 429 ? res : null;
        },
        { timeoutMs: 10_000, intervalMs: 150 },
      );
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { code: string }).code).toBe('rate_limited');
    }
    console.log(
      `[poll-memory] 100 polls a minute from one address over two gateways: ${overshoot} more let through`,
    );
    // The general path spends the same budget: a call there from that address is refused too.
    const general = await fetch(`${a.url}/api/auth/me`, { headers: { ...from, 'x-lang': 'en' } });
    expect(general.status).toBe(429);
  }, 60_000);
});
