import { type GameResultRecordedEvent, pointsFor, weekStartKey } from '@mathgames/contracts';
import { gameRecorded, gameRecordedV1, type TestEnvironment } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUPIL_HISTORY_LIMIT } from './data-access/progress-repository.js';
import { type ClassesWorkerKit, startClassesWorkerKit } from './test-support/worker-kit.js';

let kit: ClassesWorkerKit;
let env: TestEnvironment;

const recorded = gameRecorded;
const publish = (event: GameResultRecordedEvent) => kit.publish(event);
const processed = (eventId: string) => kit.processed(eventId);
/** Publishes the event and waits until the worker has processed it. */
const deliver = async (event: GameResultRecordedEvent) => {
  await publish(event);
  await processed(event.id);
};
const addPupil = (userId: number) => kit.addPupil(userId);

const progressOf = async (userId: number) =>
  (
    await env.pool.query(
      `SELECT week_start::text AS "weekStart", questions_week AS "questionsWeek", correct_week AS "correctWeek",
              questions_total AS "questionsTotal", correct_total AS "correctTotal", points_total AS "pointsTotal"
         FROM classes.pupil_progress WHERE user_id = $1`,
      [userId],
    )
  ).rows[0];

beforeAll(async () => {
  kit = await startClassesWorkerKit({ name: '2-B', grade: 2, joinCode: 'ABCDEF' });
  env = kit.env;
});

afterAll(async () => {
  await kit?.close();
});

describe('the class progress read model (classes-worker)', () => {
  it("adds a pupil's games to their week and totals, once per event even when redelivered", async () => {
    await addPupil(101);
    const game = recorded(101);
    await publish(game);
    await deliver(game);
    const second = recorded(101, { questionsCount: 20, correctAnswers: 20 });
    await deliver(second);
    expect(await progressOf(101)).toEqual({
      weekStart: weekStartKey(new Date(), env.config.TIME_ZONE),
      questionsWeek: 30,
      correctWeek: 27,
      questionsTotal: 30,
      correctTotal: 27,
      pointsTotal: pointsFor(7) + pointsFor(20),
    });
  });

  it('a newer week starts the week counters again; a late game of an older week only adds to the totals', async () => {
    await addPupil(102);
    const lastWeek = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const old = recorded(102, { playedAt: lastWeek, questionsCount: 5, correctAnswers: 5 });
    await deliver(old);
    expect((await progressOf(102)).questionsWeek).toBe(5);
    const now = recorded(102, { questionsCount: 10, correctAnswers: 4 });
    await deliver(now);
    const late = recorded(102, { playedAt: lastWeek, questionsCount: 10, correctAnswers: 10 });
    await deliver(late);
    expect(await progressOf(102)).toMatchObject({
      weekStart: weekStartKey(new Date(), env.config.TIME_ZONE),
      questionsWeek: 10,
      correctWeek: 4,
      questionsTotal: 25,
      correctTotal: 19,
    });
  });

  it('adds the points the event carries, whatever they are', async () => {
    await addPupil(110);
    // 15 points for 7 correct answers: not what the rule gives, so the total shows the event's points were used.
    await deliver(recorded(110, { correctAnswers: 7, points: 15 }));
    await deliver(recorded(110, { correctAnswers: 3 }));
    expect((await progressOf(110)).pointsTotal).toBe(15 + pointsFor(3));
  });

  it('applies a retired version 1 event still in the queue exactly as its version 2 equivalent', async () => {
    await addPupil(111);
    await addPupil(112);
    const game = {
      questionsCount: 10,
      correctAnswers: 6,
      playedAt: new Date(Date.now() - 86_400_000).toISOString(),
    };
    const v1 = gameRecordedV1(111, game);
    await kit.apply(v1);
    await deliver(recorded(112, game));
    const [fromV1, fromV2] = [await progressOf(111), await progressOf(112)];
    expect(fromV1).toEqual(fromV2);
    expect(fromV1.pointsTotal).toBe(pointsFor(6));
    // Applied once, like any event: its redelivery changes nothing.
    await kit.apply(v1);
    expect(await progressOf(111)).toEqual(fromV2);
  });

  it('keeps nothing about a user who is in no class', async () => {
    const game = recorded(999);
    await deliver(game);
    expect(await progressOf(999)).toBeUndefined();
  });
});

describe('the class dashboard rows (classes-worker)', () => {
  it('keeps per-topic counts, mistake counts and the recent games, once per event even when redelivered', async () => {
    await addPupil(103);
    const first = recorded(103, {
      resultId: 31,
      correctAnswers: 7,
      mistakes: ['off-by-one', 'carry-slip', 'off-by-one'],
    });
    await publish(first);
    await deliver(first);
    const second = recorded(103, {
      resultId: 32,
      gameType: 'kesirler',
      difficulty: 'orta',
      questionsCount: 5,
      correctAnswers: 4,
      mistakes: ['added-denominators'],
    });
    await deliver(second);
    // A version 1 event from before mistake kinds existed has no `mistakes` at all.
    const older = gameRecordedV1(103, { resultId: 33, questionsCount: 5, correctAnswers: 5 });
    await kit.apply(older);

    const topics = await env.pool.query(
      `SELECT game_type, questions, correct FROM classes.pupil_topic_progress WHERE user_id = 103 ORDER BY 1`,
    );
    expect(topics.rows).toEqual([
      { game_type: 'kesirler', questions: 5, correct: 4 },
      { game_type: 'toplama', questions: 15, correct: 12 },
    ]);
    const slips = await env.pool.query(
      'SELECT mistake, times FROM classes.pupil_mistakes WHERE user_id = 103 ORDER BY 1',
    );
    expect(slips.rows).toEqual([
      { mistake: 'added-denominators', times: 1 },
      { mistake: 'carry-slip', times: 1 },
      { mistake: 'off-by-one', times: 2 },
    ]);
    const games = await env.pool.query(
      `SELECT result_id, game_type, difficulty, questions_count, correct_answers, points, mistakes
         FROM classes.pupil_games WHERE user_id = 103 ORDER BY result_id`,
    );
    expect(games.rows).toEqual([
      {
        result_id: 31,
        game_type: 'toplama',
        difficulty: 'kolay',
        questions_count: 10,
        correct_answers: 7,
        points: pointsFor(7),
        mistakes: ['carry-slip', 'off-by-one', 'off-by-one'],
      },
      {
        result_id: 32,
        game_type: 'kesirler',
        difficulty: 'orta',
        questions_count: 5,
        correct_answers: 4,
        points: pointsFor(4),
        mistakes: ['added-denominators'],
      },
      {
        result_id: 33,
        game_type: 'toplama',
        difficulty: 'kolay',
        questions_count: 5,
        correct_answers: 5,
        points: pointsFor(5),
        mistakes: [],
      },
    ]);
  });

  it(`keeps only the newest ${PUPIL_HISTORY_LIMIT} games of a pupil's history, whatever order they arrive in`, async () => {
    await addPupil(104);
    const start = Date.now() - 3 * 86_400_000;
    const events = Array.from({ length: PUPIL_HISTORY_LIMIT + 5 }, (_, i) =>
      recorded(104, { resultId: 1000 + i, playedAt: new Date(start + i * 60_000).toISOString() }),
    );
    // The oldest arrives last: it is dropped at once, not kept in place of a newer one.
    for (const event of [...events.slice(1), events[0]!]) await publish(event);
    for (const event of events) await processed(event.id);
    const { rows } = await env.pool.query<{ resultId: number }>(
      `SELECT result_id AS "resultId" FROM classes.pupil_games WHERE user_id = 104 ORDER BY played_at`,
    );
    expect(rows.map((r) => r.resultId)).toEqual(events.slice(5).map((e) => e.resultId));
    // The totals still count every game.
    expect((await progressOf(104)).questionsTotal).toBe(10 * (PUPIL_HISTORY_LIMIT + 5));
  });

  it('keeps no dashboard rows about a user who is in no class', async () => {
    const game = recorded(998, { mistakes: ['off-by-one'] });
    await deliver(game);
    for (const table of ['pupil_topic_progress', 'pupil_mistakes', 'pupil_games']) {
      const { rowCount } = await env.pool.query(`SELECT 1 FROM classes.${table} WHERE user_id = 998`);
      expect(rowCount, table).toBe(0);
    }
  });
});
