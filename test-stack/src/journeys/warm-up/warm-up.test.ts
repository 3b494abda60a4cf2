import { createPool, type Pool } from '@mathgames/platform';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from '../../stack.js';

/**
 * The gateway's start: it plays its warm-up lesson through the real stack (every deployable its own process,
 * from its built entry point) and reports ready only after it, and nothing of that play stays. The gateway measured
 * is one started again while the services run, as a rollout replaces a pod: at the stack's own start every process
 * starts at once, and a gateway that listens before badges or game-results answers ends its warm-up at its first
 * unanswered call, by design (docs/operations/capacity.md, "Pods that just started"; it made this test fail once on a busy
 * box, 32 calls).
 */
describe('a gateway that just started warms up before it is ready', () => {
  let stack: Stack;
  let pool: Pool;
  let redis: Redis;
  const gatewayLines: string[] = [];
  let readyDuringWarmUp: Promise<{ status: number; body: string }> | undefined;

  beforeAll(async () => {
    stack = await startStack({
      run: 'built',
      // Long enough that /readyz is asked while it plays, however slowly the gateway's line reaches the test.
      env: { GATEWAY_WARM_UP_SECONDS: '3', LOG_LEVEL: 'info' },
      readyTimeoutMs: 120_000,
      onLine: (name, line) => {
        if (name !== 'gateway') return;
        gatewayLines.push(line);
        // Listening, not yet ready: the warm-up plays now.
        if (!readyDuringWarmUp && line.includes('gateway listening')) {
          const port = (JSON.parse(line) as { port: number }).port;
          readyDuringWarmUp = fetch(`http://127.0.0.1:${port}/readyz`).then(async (res) => ({
            status: res.status,
            body: await res.text(),
          }));
        }
      },
    });
    const gateway = stack.replicas.gateway![0]!;
    await gateway.process.stop();
    gatewayLines.length = 0;
    readyDuringWarmUp = undefined;
    await gateway.start();
    pool = createPool(stack.env.DATABASE_URL!);
    redis = new Redis(stack.env.REDIS_URL!);
  }, 240_000);

  afterAll(async () => {
    await pool?.end();
    redis?.disconnect();
    await stack?.stop();
  });

  it('is not ready while it plays, then ready', async () => {
    expect(readyDuringWarmUp).toBeDefined();
    const during = await readyDuringWarmUp!;
    expect(during.status).toBe(503);
    expect(JSON.parse(during.body)).toEqual({ status: 'unavailable', checks: { 'warm-up': 'unavailable' } });
    const after = await fetch(`${stack.baseUrl}/readyz`);
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({ status: 'ok' });
  });

  it("played whole rounds of the lesson's calls, every one answered", () => {
    const line = gatewayLines.find((l) => l.includes('warm-up played'));
    expect(line, gatewayLines.join('\n')).toBeDefined();
    const report = JSON.parse(line!) as { calls: number; answered: number; seconds: number };
    // Each of the 32 tabs plays at least one round of 5 calls (poll, poll, result, statistics, badges), and none is
    // refused: not by the per-address rate limit (a tab per address), not by the per-user result budget.
    expect(report.calls).toBeGreaterThanOrEqual(32 * 5);
    expect(report.answered).toBe(report.calls);
    expect(report.seconds).toBeGreaterThanOrEqual(3);
  });

  it('leaves no result, event, count, review card or session behind', async () => {
    const counted = async (table: string) =>
      Number((await pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    for (const table of [
      'results.game_results',
      'results.user_result_counts',
      'results.outbox',
      'results.review_cards',
      'results.user_totals',
      'badges.user_badges',
    ])
      expect(await counted(table), table).toBe(0);
    const prefix = stack.env.REDIS_PREFIX!;
    expect(await redis.keys(`${prefix}sess:*`)).toEqual([]);
    // What the warm-up users' calls cached or counted (badge counts, rate-limit and budget counters) expires on its
    // own: no key this stack holds (no pupil has signed in) is kept without a TTL, but the job queues' own.
    const kept = [];
    for (const key of await redis.keys(`${prefix}*`))
      if (!key.startsWith(`${prefix}bull:`) && (await redis.ttl(key)) === -1) kept.push(key);
    expect(kept).toEqual([]);
  });
});
