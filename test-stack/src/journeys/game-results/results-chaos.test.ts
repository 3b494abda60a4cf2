import { BADGES_QUEUE } from '@mathgames/badges';
import { GAME_TYPES, type StatisticsResponse } from '@mathgames/contracts';
import { STATISTICS_QUEUE } from '@mathgames/game-results';
import { honestResult } from '@mathgames/game-results/testing';
import { closeVhostConnections, unsettledMessages, waitFor } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type ChildWorker, type FlowStack, startFlowStack } from './flow-stack.js';

const RESULTS = 500;
const PUPILS = 5;
const CONCURRENCY = 8;

interface Pupil {
  browser: Browser;
  userId: number;
  gameType: (typeof GAME_TYPES)[number];
  posted: { games: number; questions: number; correct: number };
}

let stack: FlowStack;

beforeAll(async () => {
  stack = await startFlowStack({ statisticsWorkerAsChild: true });
});

afterAll(async () => {
  await stack?.close();
});

describe('under broker and worker failures', () => {
  it('500 results posted while RabbitMQ closes connections and a worker is SIGKILLed and restarted are each counted exactly once', async () => {
    const pupils: Pupil[] = [];
    for (let i = 0; i < PUPILS; i++) {
      const browser = await stack.signUp(`pupil${i}`);
      const me = await browser.get<{ id: number }>('/api/auth/me');
      pupils.push({
        browser,
        userId: me.body.id,
        gameType: GAME_TYPES[i]!,
        posted: { games: 0, questions: 0, correct: 0 },
      });
    }
    const worker = stack.statisticsWorker as ChildWorker;
    const vhost = stack.env.vhost!;
    const chaos: Promise<unknown>[] = [];
    const failures: string[] = [];
    let next = 0;

    async function postOne(n: number): Promise<void> {
      const pupil = pupils[n % PUPILS]!;
      const questionsCount = ([5, 10, 15, 20] as const)[n % 4]!;
      const correct = n % (questionsCount + 1);
      const res = await pupil.browser.post(
        '/api/game-results',
        honestResult({ gameType: pupil.gameType, difficulty: 'orta', questionsCount, correct, seed: n }),
      );
      if (res.status !== 201) {
        failures.push(`${n}: ${res.status} ${JSON.stringify(res.body)}`);
        return;
      }
      pupil.posted.games++;
      pupil.posted.questions += questionsCount;
      pupil.posted.correct += correct;
      // Failures injected at fixed points of the run, while posts keep flowing.
      if (n === 100 || n === 400) chaos.push(closeVhostConnections(vhost, 'chaos test'));
      if (n === 200) chaos.push(worker.kill());
      if (n === 300) chaos.push(worker.start());
    }

    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < RESULTS) await postOne(next++);
      }),
    );
    const outcomes = await Promise.all(chaos);
    expect(failures).toEqual([]);
    // The failures really happened: each round closed live connections (services, relay, workers).
    const closed = outcomes.filter((o): o is number => typeof o === 'number');
    expect(closed).toHaveLength(2);
    expect(closed, `connections closed per round: ${closed.join(', ')}`).toSatisfy((c: number[]) =>
      c.every((n) => n >= 2),
    );

    const matches = async () => {
      for (const pupil of pupils) {
        const s = (await pupil.browser.get<StatisticsResponse>('/api/statistics')).body;
        if (s.totalQuestions !== pupil.posted.questions || s.correctAnswers !== pupil.posted.correct)
          return false;
        const { rows } = await stack.env.pool.query<{ progress: number }>(
          'SELECT progress FROM badges.user_badges WHERE user_id = $1',
          [pupil.userId],
        );
        if (rows.length !== 7 || rows.some((r) => r.progress !== pupil.posted.correct)) return false;
      }
      return true;
    };
    await waitFor(matches, { timeoutMs: 90_000, intervalMs: 250, message: 'totals equal what was posted' });

    // Nothing left in flight that could still add a second count.
    await waitFor(
      async () => {
        const { rows } = await stack.env.pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM results.outbox WHERE published_at IS NULL',
        );
        return (
          rows[0]!.n === 0 &&
          (await unsettledMessages(vhost, STATISTICS_QUEUE)) === 0 &&
          (await unsettledMessages(vhost, BADGES_QUEUE)) === 0
        );
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(await matches()).toBe(true);
    for (const pupil of pupils) {
      const s = (await pupil.browser.get<StatisticsResponse>('/api/statistics')).body;
      expect(s.totalPoints).toBe(pupil.posted.correct * 10);
      expect(s.gameTypeStats[pupil.gameType]).toMatchObject({
        correct: pupil.posted.correct,
        total: pupil.posted.questions,
      });
    }
    expect(pupils.reduce((sum, p) => sum + p.posted.games, 0)).toBe(RESULTS);
    const { rows } = await stack.env.pool.query<{ games: number }>(
      'SELECT sum(games)::int AS games FROM results.user_totals',
    );
    expect(rows[0]!.games).toBe(RESULTS);
  }, 240_000);
});
