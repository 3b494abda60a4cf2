import { noWriteProbe, RESULT_BUDGETS, translate, WARM_UP_USER_IDS } from '@mathgames/contracts';
import { describe, expect, it } from 'vitest';
import { serviceClient, useServiceUnderTest } from './test-support/api.js';
import { honestResult } from './test-support/fixtures.js';

// A script cannot post perfect games as fast as it likes.

const running = useServiceUnderTest({ amqp: false });

describe('the per-user budget for results', () => {
  it('refuses results past the per-minute budget with 429 and Retry-After, for that user only', async () => {
    const script = serviceClient(running.baseUrl, 9001, 'en');
    for (let i = 0; i < RESULT_BUDGETS.perMinute.points; i++) {
      const res = await script('POST', '/api/game-results', { body: honestResult({ correct: 10, seed: i }) });
      expect(res.status, `result ${i + 1}`).toBe(201);
    }
    const over = await script('POST', '/api/game-results', { body: honestResult({ correct: 10, seed: 99 }) });
    expect(over.status).toBe(429);
    const seconds = Number(over.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(RESULT_BUDGETS.perMinute.durationSeconds);
    expect(over.body).toMatchObject({
      code: 'rate_limited',
      message: translate('rate_limited', 'en', { seconds }),
    });

    const child = serviceClient(running.baseUrl, 9002);
    expect((await child('POST', '/api/game-results', { body: honestResult({ seed: 1 }) })).status).toBe(201);
  });

  it("refuses the gateway's warm-up probe after checking it, and stores nothing of it", async () => {
    const warmUp = serviceClient(running.baseUrl, WARM_UP_USER_IDS.first);
    const res = await warmUp('POST', '/api/game-results', {
      body: noWriteProbe(honestResult({ correct: 3 })),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'forged_result', field: 'correctAnswers' });
    const stored = await running.env.pool.query<{ results: number; counts: number; events: number }>(
      `SELECT (SELECT count(*)::int FROM results.game_results WHERE user_id = $1) AS results,
              (SELECT count(*)::int FROM results.user_result_counts WHERE user_id = $1) AS counts,
              (SELECT count(*)::int FROM results.outbox WHERE (payload->>'userId')::int = $1) AS events`,
      [WARM_UP_USER_IDS.first],
    );
    expect(stored.rows[0]).toEqual({ results: 0, counts: 0, events: 0 });
  });

  it('is far above what a child can play: the shortest game takes 10 s, so at most 6 a minute', () => {
    expect(RESULT_BUDGETS.perMinute.points).toBeGreaterThan(60 / 10);
  });
});
