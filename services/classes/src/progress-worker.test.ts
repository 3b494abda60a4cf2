import { randomUUID } from 'node:crypto';
import {
  EVENT_QUEUES,
  EVENT_TYPES,
  type GameResultRecordedEvent,
  pointsFor,
  weekStartKey,
} from '@mathgames/contracts';
import { type AmqpClient, createAmqpClient, createLogger } from '@mathgames/platform';
import { createTestEnvironment, type TestEnvironment, waitFor } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLASSES_CONSUMER, startClassesWorker } from './index.js';

let env: TestEnvironment;
let worker: ReturnType<typeof startClassesWorker>;
let publisher: AmqpClient;
let classId: number;

function recorded(userId: number, overrides: Partial<GameResultRecordedEvent> = {}): GameResultRecordedEvent {
  return {
    id: randomUUID(),
    type: EVENT_TYPES.gameResultRecorded,
    createdAt: new Date().toISOString(),
    resultId: 1,
    userId,
    gameType: 'toplama',
    difficulty: 'kolay',
    questionsCount: 10,
    correctAnswers: 7,
    totalTime: 60,
    playedAt: new Date().toISOString(),
    ...overrides,
  };
}

const publish = (event: GameResultRecordedEvent) =>
  publisher.publish(EVENT_TYPES.gameResultRecorded, event, {}, { messageId: event.id });

async function processed(eventId: string) {
  await waitFor(async () => {
    const { rowCount } = await env.pool.query(
      'SELECT 1 FROM classes.processed_events WHERE consumer = $1 AND event_id = $2',
      [CLASSES_CONSUMER, eventId],
    );
    return (rowCount ?? 0) > 0 ? true : null;
  });
}

const progressOf = async (userId: number) =>
  (
    await env.pool.query(
      `SELECT week_start::text AS "weekStart", questions_week AS "questionsWeek", correct_week AS "correctWeek",
              questions_total AS "questionsTotal", correct_total AS "correctTotal", points_total AS "pointsTotal"
         FROM classes.pupil_progress WHERE user_id = $1`,
      [userId],
    )
  ).rows[0];

async function addPupil(userId: number) {
  await env.pool.query('INSERT INTO classes.pupils (user_id, class_id, display_name) VALUES ($1, $2, $3)', [
    userId,
    classId,
    `Pupil ${userId}`,
  ]);
}

beforeAll(async () => {
  env = await createTestEnvironment();
  worker = startClassesWorker(env.config);
  publisher = createAmqpClient({
    url: env.config.AMQP_URL,
    logger: createLogger('test', 'warn'),
    queues: [EVENT_QUEUES.classes],
  });
  await publisher.ready();
  const { rows } = await env.pool.query<{ id: number }>(
    `INSERT INTO classes.classes (teacher_id, name, grade, join_code) VALUES (1, '2-B', 2, 'ABCDEF') RETURNING id`,
  );
  classId = rows[0]!.id;
});

afterAll(async () => {
  await publisher?.close();
  await worker?.close();
  await env?.cleanup();
});

describe('the class progress read model (classes-worker)', () => {
  it("adds a pupil's games to their week and totals, once per event even when redelivered", async () => {
    await addPupil(101);
    const game = recorded(101);
    await publish(game);
    await publish(game);
    await processed(game.id);
    const second = recorded(101, { questionsCount: 20, correctAnswers: 20 });
    await publish(second);
    await processed(second.id);
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
    await publish(old);
    await processed(old.id);
    expect((await progressOf(102)).questionsWeek).toBe(5);
    const now = recorded(102, { questionsCount: 10, correctAnswers: 4 });
    await publish(now);
    await processed(now.id);
    const late = recorded(102, { playedAt: lastWeek, questionsCount: 10, correctAnswers: 10 });
    await publish(late);
    await processed(late.id);
    expect(await progressOf(102)).toMatchObject({
      weekStart: weekStartKey(new Date(), env.config.TIME_ZONE),
      questionsWeek: 10,
      correctWeek: 4,
      questionsTotal: 25,
      correctTotal: 19,
    });
  });

  it('keeps nothing about a user who is in no class', async () => {
    const game = recorded(999);
    await publish(game);
    await processed(game.id);
    expect(await progressOf(999)).toBeUndefined();
  });
});
