import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { GAME_TYPES, noWriteProbe, playedGame, WARM_UP_USER_IDS } from '@mathgames/contracts';
import type { Logger } from '@mathgames/platform';
import type { Redis } from 'ioredis';
import type { GatewayConfig } from './config.js';
import { sessionSignature } from './session/peek.js';
import { sessionPolicy } from './session/policy.js';

/**
 * Tabs the warm-up plays at once: enough to run the paths concurrently (the cold-counts batching, the pools'
 * connections); 64 did no better (docs/decisions/0018-gateway-warm-up-before-ready.md).
 */
const TABS = 32;
/**
 * Each tab calls from its own loopback address (127.0.0.0/8 is all loopback): a real client's rate limit is not
 * spent, and no tab comes near the per-address one.
 */
const sourceAddress = (tab: number) => `127.0.2.${1 + tab}`;
const CALL_TIMEOUT_MS = 5_000;

export interface WarmUpReport {
  calls: number;
  /** Calls answered as expected: 2xx or 304, the result probe's refusal 400 or 429. */
  answered: number;
  seconds: number;
}

/**
 * A just-started gateway plays `GATEWAY_WARM_UP_SECONDS` of a lesson against itself before it reports ready: on a
 * fresh stack the first 10 s of a 2,000-tab lesson took poll p99 1.3-1.9 s, 0.17-0.5 s after this warm-up
 * (docs/decisions/0018-gateway-warm-up-before-ready.md; docs/operations/capacity.md, "Pods that just started"). Each warm-up tab signs in as one
 * of contracts' WARM_UP_USER_IDS (a session written straight to Redis, as a login leaves it) and plays rounds of
 * the lesson's calls through the whole stack: the badge poll (cold, then 304), a result post, the statistics and the
 * badge list. The result post is a no-write probe (docs/decisions/0051): its count of correct answers is one short, so
 * game-results re-checks every question as it does for a real result and refuses it (400) before storing anything,
 * and no service has a warm-up branch. What stays: the sessions are deleted at the end; counts cached for the
 * warm-up users and their rate-limit and budget counters expire on their own TTLs.
 * A tab stops at its first call not answered (a service still starting or down), so an outage ends the warm-up at
 * once.
 */
export async function warmUp(
  port: number,
  config: GatewayConfig,
  redis: Redis,
  logger: Logger,
): Promise<WarmUpReport> {
  const started = performance.now();
  const report: WarmUpReport = { calls: 0, answered: 0, seconds: 0 };
  if (config.GATEWAY_WARM_UP_SECONDS === 0) return report;
  const policy = sessionPolicy(config);
  const until = started + config.GATEWAY_WARM_UP_SECONDS * 1000;
  const users = Array.from({ length: WARM_UP_USER_IDS.count }, (_, i) => {
    const sid = randomBytes(24).toString('base64url');
    const cookie = `${policy.cookieName}=${encodeURIComponent(`s:${sid}.${sessionSignature(sid, config.SESSION_SECRET)}`)}`;
    return { userId: WARM_UP_USER_IDS.first + i, sid, cookie, etag: '' };
  });
  const keys = users.map((user) => `${policy.sessionPrefix}${user.sid}`);
  const ttlSeconds = Math.ceil(CALL_TIMEOUT_MS / 1000) + config.GATEWAY_WARM_UP_SECONDS * 2;
  const minted = redis.pipeline();
  users.forEach((user, i) => {
    // As express-session stores a login's session (session/layer.ts).
    const expires = new Date(Date.now() + policy.idleMs).toISOString();
    const cookie = { originalMaxAge: policy.idleMs, expires, ...policy.cookieOptions };
    minted.set(
      keys[i]!,
      JSON.stringify({ cookie, uid: user.userId, createdAt: Date.now() }),
      'EX',
      ttlSeconds,
    );
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: TABS });
  try {
    await minted.exec();
    const call = (tab: number, user: (typeof users)[number], method: string, path: string, body?: unknown) =>
      new Promise<number>((resolve) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const headers: Record<string, string> = { cookie: user.cookie, 'accept-language': 'tr' };
        if (path.endsWith('/summary') && user.etag) headers['if-none-match'] = user.etag;
        if (payload !== undefined) {
          headers['content-type'] = 'application/json';
          headers['idempotency-key'] = randomUUID();
        }
        const req = http.request(
          { host: '127.0.0.1', port, method, path, headers, agent, localAddress: sourceAddress(tab) },
          (res) => {
            const etag = res.headers.etag;
            if (etag && path.endsWith('/summary')) user.etag = etag;
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', () => resolve(0));
          },
        );
        req.setTimeout(CALL_TIMEOUT_MS, () => req.destroy());
        req.on('error', () => resolve(0));
        req.end(payload);
      });
    await Promise.all(
      Array.from({ length: TABS }, async (_, tab) => {
        for (let round = 0; performance.now() < until; round++) {
          // Each round as another user, so each user's first poll is cold.
          const user = users[(tab + round * TABS) % users.length]!;
          const game = noWriteProbe(
            playedGame({
              gameType: GAME_TYPES[round % GAME_TYPES.length],
              questionsCount: 10,
              correct: 1 + ((tab + round) % 10),
              seed: round * TABS + tab,
            }),
          );
          for (const [method, path, body] of [
            ['GET', '/api/user-badges/summary'],
            ['GET', '/api/user-badges/summary'],
            ['POST', '/api/game-results', game],
            ['GET', '/api/statistics'],
            ['GET', '/api/user-badges?limit=1000'],
          ] as const) {
            const status = await call(tab, user, method, path, body);
            report.calls++;
            // The result probe is answered by its refusal: 400 once checked, or 429 once its user's result budget is
            // spent (a quick box posts more than a child can); every other call by its content.
            const answered =
              method === 'POST'
                ? status === 400 || status === 429
                : (status >= 200 && status < 300) || status === 304;
            if (answered) report.answered++;
            // A refusal (the probe's 400, a budget spent) still ran the path; a service that does not answer ends this tab.
            else if (status === 0 || status >= 500) return;
          }
        }
      }),
    );
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'warm-up stopped');
  } finally {
    agent.destroy();
    await redis.del(...keys).catch(() => {});
  }
  report.seconds = (performance.now() - started) / 1000;
  return report;
}
