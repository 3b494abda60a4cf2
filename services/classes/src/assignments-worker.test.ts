import { type GameResultRecordedEvent, pointsFor } from '@mathgames/contracts';
import { gameRecorded, type TestEnvironment } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClassesWorkerKit, startClassesWorkerKit } from './test-support/worker-kit.js';

let kit: ClassesWorkerKit;
let env: TestEnvironment;
let classId: number;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** Division, hard, 6 of 10 in 90 s, played now, unless overridden. */
const recorded = (userId: number, overrides: Partial<GameResultRecordedEvent> = {}) =>
  gameRecorded(userId, {
    gameType: 'bölme',
    difficulty: 'zor',
    correctAnswers: 6,
    totalTime: 90,
    ...overrides,
  });
const apply = (...events: GameResultRecordedEvent[]) => kit.apply(...events);
const addPupil = (userId: number) => kit.addPupil(userId);

/** Division, hard, 10 questions, given `createdMinutesAgo` and due in `dueInMinutes` (negative: already past). */
async function assign(
  options: { createdMinutesAgo?: number; dueInMinutes?: number; pupilIds?: number[] } = {},
) {
  const { rows } = await env.pool.query<{ id: number }>(
    `INSERT INTO classes.assignments
            (class_id, teacher_id, game_type, difficulty, questions_count, due_at, whole_class, created_at)
     VALUES ($1, 1, 'bölme', 'zor', 10, now() + make_interval(mins => $2), $3, now() - make_interval(mins => $4))
     RETURNING id`,
    [classId, options.dueInMinutes ?? 60 * 24, !options.pupilIds, options.createdMinutesAgo ?? 60],
  );
  const id = rows[0]!.id;
  for (const pupilId of options.pupilIds ?? [])
    await env.pool.query('INSERT INTO classes.assignment_pupils VALUES ($1, $2)', [id, pupilId]);
  return id;
}

const completion = async (assignmentId: number, userId: number) =>
  (
    await env.pool.query(
      `SELECT correct_answers AS "correctAnswers", questions_count AS "questionsCount", points,
              finished_at AS "finishedAt", late
         FROM classes.assignment_completions WHERE assignment_id = $1 AND user_id = $2`,
      [assignmentId, userId],
    )
  ).rows[0];

beforeAll(async () => {
  kit = await startClassesWorkerKit({ name: '4-A', grade: 4, joinCode: 'GHJKMN' });
  ({ env, classId } = kit);
});

afterAll(async () => {
  await kit?.close();
});

describe('assignments finished by recorded games (classes-worker)', () => {
  it('a matching game finishes it once, even redelivered; the best later game raises the score, not the time', async () => {
    await addPupil(201);
    const id = await assign();
    const first = recorded(201, { playedAt: minutesAgo(10).toISOString() });
    await apply(first, first);
    const done = await completion(id, 201);
    expect(done).toEqual({
      correctAnswers: 6,
      questionsCount: 10,
      points: pointsFor(6),
      finishedAt: new Date(first.playedAt),
      late: false,
    });
    await apply(recorded(201, { correctAnswers: 9 }), recorded(201, { correctAnswers: 3 }));
    expect(await completion(id, 201)).toEqual({ ...done, correctAnswers: 9, points: pointsFor(9) });
  });

  it('another topic, difficulty or count, a game played before it was given, or a closed one, finishes nothing', async () => {
    await addPupil(202);
    const id = await assign({ createdMinutesAgo: 30 });
    const closed = await assign();
    await env.pool.query('UPDATE classes.assignments SET closed_at = now() WHERE id = $1', [closed]);
    await apply(
      recorded(202, { gameType: 'çarpma' }),
      recorded(202, { difficulty: 'orta' }),
      recorded(202, { questionsCount: 20, correctAnswers: 20 }),
      recorded(202, { playedAt: minutesAgo(45).toISOString() }),
    );
    expect(await completion(id, 202)).toBeUndefined();
    await apply(recorded(202));
    expect(await completion(id, 202)).toMatchObject({ correctAnswers: 6 });
    expect(await completion(closed, 202)).toBeUndefined();
  });

  it('finishing after the due date is late; an earlier game sent later (offline) takes the finish time back', async () => {
    await addPupil(203);
    const id = await assign({ createdMinutesAgo: 120, dueInMinutes: -60 });
    await apply(recorded(203, { playedAt: minutesAgo(5).toISOString() }));
    expect(await completion(id, 203)).toMatchObject({ late: true });
    const onTime = minutesAgo(90);
    await apply(recorded(203, { playedAt: onTime.toISOString(), correctAnswers: 2 }));
    expect(await completion(id, 203)).toMatchObject({ late: false, finishedAt: onTime, correctAnswers: 6 });
  });

  it('an assignment for chosen pupils is finished only by them; users in no class keep nothing', async () => {
    await addPupil(204);
    await addPupil(205);
    const id = await assign({ pupilIds: [204] });
    await apply(recorded(204), recorded(205), recorded(999));
    expect(await completion(id, 204)).toMatchObject({ correctAnswers: 6 });
    expect(await completion(id, 205)).toBeUndefined();
    const { rowCount } = await env.pool.query(
      'SELECT 1 FROM classes.assignment_completions WHERE user_id = 999',
    );
    expect(rowCount).toBe(0);
  });
});
