import type { GameResultRecordedEvent, SkillId, SkillTally } from '@mathgames/contracts';
import { withTransaction } from '@mathgames/platform';
import { applyInterleaved, gameRecorded } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressSubscription } from './entry-points/consumers/progress-consumer.js';
import { type ClassesWorkerKit, startClassesWorkerKit } from './test-support/worker-kit.js';

let kit: ClassesWorkerKit;

beforeAll(async () => {
  kit = await startClassesWorkerKit({ name: '1-M', grade: 1, joinCode: 'MASTRY' });
});

afterAll(async () => {
  await kit?.close();
});

const addition = (correct: number): SkillTally[] => [{ skill: 'add-within-10', asked: 5, correct }];
const game = (
  userId: number,
  skills: SkillTally[] | undefined,
  overrides: Partial<GameResultRecordedEvent> = {},
) =>
  gameRecorded(userId, {
    difficulty: 'çok kolay',
    questionsCount: 5,
    correctAnswers: 5,
    ...(skills ? { skills } : {}),
    ...overrides,
  });

const masteryOf = async (userId: number) =>
  (
    await kit.env.pool.query(
      `SELECT outcome, level, games, mastered_at AS "masteredAt", checks_passed AS "checksPassed",
              check_due_at AS "checkDueAt", retained, needs_help AS "needsHelp", updated_at AS "updatedAt"
         FROM classes.pupil_mastery WHERE user_id = $1 ORDER BY outcome`,
      [userId],
    )
  ).rows;

describe('mastery per outcome in the class read model (classes-worker)', () => {
  it('folds a rostered pupil’s games into the ladder, once per event, at the time the server received each', async () => {
    await kit.addPupil(301);
    const received = new Date(Date.now() - 60_000);
    const playedLongAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const games = [1, 5, 5, 5].map((correct) =>
      game(301, addition(correct), { receivedAt: received.toISOString(), playedAt: playedLongAgo }),
    );
    // One after another, as a child plays them (two batches, of two replicas, may commit out of order).
    for (const g of games) await kit.apply(g);
    // A redelivered game changes nothing.
    await kit.apply(games[3]!);
    const rows = await masteryOf(301);
    expect(rows.map((r) => r.outcome)).toEqual(['MAT.1.2.2', 'MAT.1.2.4']);
    expect(rows[0]).toEqual({
      outcome: 'MAT.1.2.2',
      level: 'mastered',
      games: 4,
      masteredAt: received,
      checksPassed: 0,
      checkDueAt: new Date(received.getTime() + 7 * 86_400_000),
      retained: null,
      needsHelp: false,
      updatedAt: received,
    });
  });

  it('keeps nothing for a player outside every class, nor for games without skills (older events, or skills without an outcome)', async () => {
    await kit.apply(game(302, addition(5)));
    expect(await masteryOf(302)).toEqual([]);
    await kit.addPupil(303);
    await kit.apply(
      game(303, undefined),
      game(303, [{ skill: 'mul-beyond-table', asked: 5, correct: 5 }], { gameType: 'çarpma' }),
    );
    expect(await masteryOf(303)).toEqual([]);
  });
});

describe("one pupil's games applied by two classes-worker transactions at once", () => {
  it("queue on the pupil's progress lock instead of deadlocking on mastery rows of different outcomes", async () => {
    const userId = 304;
    await kit.addPupil(userId);
    const subscription = progressSubscription('Europe/Istanbul');
    const { handle } = subscription;
    const played = (skill: SkillId) => game(userId, [{ skill, asked: 5, correct: 5 }]);
    // The pupil has played both outcomes before, so both transactions find (and lock) mastery rows.
    for (const skill of ['add-within-10', 'estimate-add-sub'] as const)
      await withTransaction(kit.env.pool, (tx) => handle(played(skill), tx));
    await applyInterleaved(kit.env.pool, subscription, [
      played('add-within-10'),
      played('estimate-add-sub'),
      played('estimate-add-sub'),
    ]);
    const { rows } = await kit.env.pool.query<{ questions: number }>(
      'SELECT questions_total AS questions FROM classes.pupil_progress WHERE user_id = $1',
      [userId],
    );
    expect(rows[0]!.questions).toBe(25);
  });
});
