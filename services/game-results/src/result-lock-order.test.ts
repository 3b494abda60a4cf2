import { GAME_TYPES, MISTAKE_KINDS, type ReviewCard, type SkillId } from '@mathgames/contracts';
import { withTransaction } from '@mathgames/platform';
import {
  applyInterleaved,
  createTestEnvironment,
  gameRecorded,
  type TestEnvironment,
} from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAnnouncedGameResult } from './data-access/game-results-repository.js';
import { gameResultRecordedEvent } from './domain/events.js';
import { verifyGameResult } from './domain/verify-game-result.js';
import { statisticsSubscription } from './entry-points/consumers/statistics-consumer.js';
import { honestResult } from './test-support/fixtures.js';

// The statement alone, on this file's own database: no service, no broker.
let env: TestEnvironment;
beforeAll(async () => {
  env = await createTestEnvironment({ amqp: false });
});
afterAll(async () => {
  await env.cleanup();
});

const SHAPES = GAME_TYPES.slice(0, 4).flatMap((gameType) =>
  ['kolay', 'orta'].flatMap((difficulty) =>
    MISTAKE_KINDS.slice(0, 2).map((mistake) => ({ gameType, difficulty, mistake })),
  ),
);

/** The 16 review shapes as box-1 cards, rotated by `i` and, for odd `i`, in reverse: each result its own order. */
function cardsInOrder(i: number): ReviewCard[] {
  const rotated = [...SHAPES.slice(i % SHAPES.length), ...SHAPES.slice(0, i % SHAPES.length)];
  const ordered = i % 2 === 0 ? rotated : rotated.reverse();
  const dueAt = new Date(Date.now() + 86_400_000).toISOString();
  return ordered.map((shape) => ({ ...shape, box: 1, dueAt }) as ReviewCard);
}

describe("one pupil's results stored at once (a device sending the games it kept offline)", () => {
  it("are each stored: every result locks the pupil's count row before its review cards, so results whose cards come in opposite orders queue instead of deadlocking", async () => {
    const userId = 7001;
    const game = verifyGameResult(
      honestResult({ gameType: 'toplama', difficulty: 'orta', questionsCount: 10, correct: 7, seed: 3 }),
      new Date(),
    );
    const results = 60;
    const outcomes = await Promise.allSettled(
      Array.from({ length: results }, (_, i) => {
        const row = { ...game, userId, clientResultId: null, playedAt: new Date() };
        return insertAnnouncedGameResult(
          env.pool,
          row,
          gameResultRecordedEvent(row, new Date()),
          cardsInOrder(i),
        );
      }),
    );
    // A deadlock is Postgres' 40P01, which the service answers 503: none may happen.
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []))).toEqual([]);
    const { rows } = await env.pool.query<{ results: number; cards: number }>(
      `SELECT (SELECT results FROM results.user_result_counts WHERE user_id = $1)::int AS results,
              (SELECT count(*) FROM results.review_cards WHERE user_id = $1)::int AS cards`,
      [userId],
    );
    expect(rows[0]).toEqual({ results, cards: SHAPES.length });
  });
});

describe("one pupil's games applied by two statistics transactions at once (two statistics-workers)", () => {
  it("queue on the pupil's statistics lock instead of deadlocking on mastery rows of different outcomes", async () => {
    const userId = 7002;
    const subscription = statisticsSubscription('Europe/Istanbul');
    const { handle } = subscription;
    const game = (skill: SkillId) =>
      gameRecorded(userId, {
        questionsCount: 5,
        correctAnswers: 5,
        totalTime: 100,
        skills: [{ skill, asked: 5, correct: 5 }],
      });
    // The pupil has played both outcomes before, so both transactions find (and lock) mastery rows.
    for (const skill of ['add-within-10', 'estimate-add-sub'] as const)
      await withTransaction(env.pool, (tx) => handle(game(skill), tx));
    await applyInterleaved(env.pool, subscription, [
      game('add-within-10'),
      game('estimate-add-sub'),
      game('estimate-add-sub'),
    ]);
    const { rows } = await env.pool.query<{ games: number }>(
      'SELECT games FROM results.user_totals WHERE user_id = $1',
      [userId],
    );
    expect(rows[0]!.games).toBe(5);
  });
});
