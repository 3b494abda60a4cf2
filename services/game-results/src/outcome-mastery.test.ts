import { randomUUID } from 'node:crypto';
import type { MasteryResponse, OutcomeMastery } from '@mathgames/contracts';
import { IDENTITY_HEADER, signIdentity } from '@mathgames/platform';
import { TEST_INTERNAL_SECRET, waitFor } from '@mathgames/platform/testing';
import { describe, expect, it } from 'vitest';
import { serviceClient, useServiceUnderTest } from './test-support/api.js';
import { honestResult } from './test-support/fixtures.js';

const DAY = 24 * 60 * 60 * 1000;
// The service's clock (when a result is received), moved by the tests: checks fall due days after mastering.
let clock = new Date('2026-11-02T09:00:00.000Z');
let nextUser = 7300;
const running = useServiceUnderTest({ worker: true, now: () => clock });

/** A very easy addition game of 5 (sums within 10: add-within-10 → MAT.1.2.2 and MAT.1.2.4), the first `right` right. */
const additionGame = (right: number) =>
  honestResult({ gameType: 'toplama', difficulty: 'çok kolay', questionsCount: 5, correct: right });

type Api = ReturnType<typeof serviceClient>;

/** Posts a game and waits until statistics-worker folded it (games are minutes apart for a child, so in order). */
async function play(api: Api, right: number, games: number): Promise<OutcomeMastery[]> {
  expect((await api('POST', '/api/game-results', { body: additionGame(right) })).status).toBe(201);
  return waitFor(async () => {
    const res = await api<MasteryResponse>('GET', '/api/statistics/outcomes');
    return res.body.outcomes[0]?.games === games ? res.body.outcomes : null;
  });
}

describe('mastery per outcome (product-rules.md#mastery)', () => {
  it('carries the game’s skills in its event, and statistics-worker climbs the ladder to mastered with a check due in 7 days', async () => {
    const start = clock.getTime();
    const userId = nextUser++;
    const api = serviceClient(running.baseUrl, userId);
    expect((await api<MasteryResponse>('GET', '/api/statistics/outcomes')).body).toEqual({ outcomes: [] });

    const first = await play(api, 2, 1);
    const { rows } = await running.env.pool.query<{ payload: { skills: unknown } }>(
      `SELECT payload FROM results.outbox WHERE (payload->>'userId')::int = $1`,
      [userId],
    );
    expect(rows.map((r) => r.payload.skills)).toEqual([[{ skill: 'add-within-10', asked: 5, correct: 2 }]]);
    // The first game starts each outcome of the skill at practising, whatever its score (40 %: needs help).
    expect(first).toEqual(
      ['MAT.1.2.2', 'MAT.1.2.4'].map((outcome) => ({
        outcome,
        level: 'practising',
        games: 1,
        masteredAt: null,
        checksPassed: 0,
        checkDueAt: null,
        retained: null,
        needsHelp: true,
        updatedAt: new Date(start).toISOString(),
      })),
    );

    expect((await play(api, 4, 2))[0]).toMatchObject({ level: 'familiar', needsHelp: false });
    expect((await play(api, 5, 3))[0]).toMatchObject({ level: 'proficient' });
    clock = new Date(start + 60_000);
    const mastered = await play(api, 5, 4);
    expect(mastered.map((o) => o.outcome)).toEqual(['MAT.1.2.2', 'MAT.1.2.4']);
    expect(mastered[0]).toMatchObject({
      level: 'mastered',
      masteredAt: clock.toISOString(),
      checksPassed: 0,
      checkDueAt: new Date(clock.getTime() + 7 * DAY).toISOString(),
      retained: null,
    });
    // A middling game (60 %) before the check is due keeps the rung.
    expect((await play(api, 3, 5))[0]).toMatchObject({ level: 'mastered', checksPassed: 0 });

    // Another pupil's map is their own.
    expect(
      (await serviceClient(running.baseUrl, nextUser++)('GET', '/api/statistics/outcomes')).body,
    ).toEqual({
      outcomes: [],
    });
  });

  it('passes the 7-day check by the server’s clock, then the 30-day one confirms the outcome', async () => {
    const start = clock.getTime();
    const api = serviceClient(running.baseUrl, nextUser++);
    for (const [i, right] of [5, 5, 5, 5].entries()) await play(api, right, i + 1);
    clock = new Date(start + 7 * DAY);
    const checked = await play(api, 5, 5);
    expect(checked[0]).toMatchObject({
      level: 'mastered',
      checksPassed: 1,
      checkDueAt: new Date(start + 30 * DAY).toISOString(),
    });
    clock = new Date(start + 30 * DAY);
    expect((await play(api, 4, 6))[0]).toMatchObject({
      level: 'mastered',
      checksPassed: 2,
      checkDueAt: null,
      retained: true,
      needsHelp: false,
    });
  });

  it('answers 401 without a signed-in user or with a forged identity', async () => {
    const anonymous = await serviceClient(running.baseUrl, null, 'en')('GET', '/api/statistics/outcomes');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'unauthorized' });
    const identity = {
      userId: 1,
      sessionId: 's-1',
      lang: 'en' as const,
      requestId: randomUUID(),
      ip: '127.0.0.1',
    };
    for (const header of [
      signIdentity(identity, 'not-the-internal-secret-at-all-0123456789', {
        method: 'GET',
        path: '/api/statistics/outcomes',
      }),
      signIdentity(identity, TEST_INTERNAL_SECRET, { method: 'GET', path: '/api/statistics/facts' }),
      'garbage',
    ]) {
      const res = await fetch(`${running.baseUrl}/api/statistics/outcomes`, {
        headers: { [IDENTITY_HEADER]: header },
      });
      expect(res.status).toBe(401);
    }
  });
  it('accepts a hard addition game with its estimation items, which practise MAT.3.2.1 (estimating sums)', async () => {
    const userId = nextUser++;
    const api = serviceClient(running.baseUrl, userId);
    const game = honestResult({ gameType: 'toplama', difficulty: 'zor', questionsCount: 10, seed: 5 });
    expect(game.questions.filter((q) => q.question.startsWith('≈ '))).toHaveLength(2);
    expect((await api('POST', '/api/game-results', { body: game })).status).toBe(201);
    const { rows } = await running.env.pool.query<{
      payload: { skills: { skill: string; asked: number }[] };
    }>(`SELECT payload FROM results.outbox WHERE (payload->>'userId')::int = $1`, [userId]);
    expect(rows[0]!.payload.skills).toContainEqual({ skill: 'estimate-add-sub', asked: 2, correct: 2 });
    const outcomes = await waitFor(async () => {
      const res = await api<MasteryResponse>('GET', '/api/statistics/outcomes');
      return res.body.outcomes.length > 0 ? res.body.outcomes : null;
    });
    expect(outcomes.map((o) => o.outcome)).toContain('MAT.3.2.1');
  });
});
