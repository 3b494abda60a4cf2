import {
  type ClassJoin,
  type ClassProgress,
  type ClassPupilsResponse,
  formatQuestionText,
  generateQuestions,
  levelForPoints,
  pointsFor,
  type TeacherClassResponse,
} from '@mathgames/contracts';
import { waitFor } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, type ClassesStack, startClassesStack } from './test-support/classes-stack.js';

let stack: ClassesStack;
let teacher: Browser;

beforeAll(async () => {
  stack = await startClassesStack({ everything: true });
  teacher = await stack.signUp({ username: 'Erasing_Teacher', teacher: true, verify: true });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

/** Every table of every schema with a user_id column: a row of `userId` in any of them is a row left behind. */
async function rowsLeft(userId: number): Promise<Record<string, number>> {
  const { rows: tables } = await stack.pool.query<{ schema: string; table: string }>(
    `SELECT table_schema AS schema, table_name AS table FROM information_schema.columns
      WHERE column_name = 'user_id' AND table_schema IN ('auth', 'results', 'badges', 'classes')
      ORDER BY 1, 2`,
  );
  const left: Record<string, number> = {};
  for (const { schema, table } of tables) {
    const { rows } = await stack.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${schema}.${table} WHERE user_id = $1`,
      [userId],
    );
    left[`${schema}.${table}`] = rows[0]!.n;
  }
  left['auth.users'] =
    (await stack.pool.query('SELECT 1 FROM auth.users WHERE id = $1', [userId])).rowCount ?? 0;
  // Published result events carry the user id in their payload.
  left['results.outbox'] =
    (await stack.pool.query(`SELECT 1 FROM results.outbox WHERE (payload->>'userId')::int = $1`, [userId]))
      .rowCount ?? 0;
  return left;
}

async function pupilWhoPlayed(teacherBrowser: Browser, name: string) {
  const created = await teacherBrowser.post<TeacherClassResponse>('/api/classes', {
    name: `C ${name}`,
    grade: 1,
  });
  const classId = created.body.class.id;
  const added = await teacherBrowser.post<ClassPupilsResponse>(`/api/classes/${classId}/pupils`, {
    names: [name, `${name} 2`],
  });
  const pupil = added.body.items.find((p) => p.name === name)!;
  const browser = stack.browser();
  const roster = await browser.get<ClassJoin>(`/api/classes/join/${created.body.class.joinCode}`);
  const login = await browser.post('/api/auth/pupil-login', {
    ticket: roster.body.ticket,
    pupilId: pupil.id,
    pictures: pupil.pictures,
  });
  expect(login.status).toBe(200);
  const questions = generateQuestions({ gameType: 'toplama', difficulty: 'kolay', count: 5 });
  const saved = await browser.post('/api/game-results', {
    gameType: 'toplama',
    difficulty: 'kolay',
    questionsCount: 5,
    correctAnswers: 4,
    totalTime: 30,
    questions: questions.map((q, i) => ({
      question: formatQuestionText(q),
      answer: q.answer,
      userAnswer: i === 0 ? Number(q.answer) + 1 : q.answer,
      isCorrect: i !== 0,
    })),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  return { classId, pupil, browser };
}

describe('the class dashboard', () => {
  it("shows a pupil's game within seconds: this week's questions and accuracy, points, level, last played", async () => {
    const { classId, pupil, browser } = await pupilWhoPlayed(teacher, 'Ece');
    const progress = await waitFor(async () => {
      const res = await teacher.get<ClassProgress>(`/api/classes/${classId}/progress`);
      const row = res.body.items.find((r) => r.pupilId === pupil.id);
      return row && row.questionsThisWeek > 0 ? res.body : null;
    });
    expect(progress.items).toEqual([
      expect.objectContaining({
        pupilId: pupil.id,
        name: 'Ece',
        questionsThisWeek: 5,
        accuracyThisWeek: 80,
        points: pointsFor(4),
        level: levelForPoints(pointsFor(4)),
        lastPlayedAt: expect.any(String),
      }),
      expect.objectContaining({ name: 'Ece 2', questionsThisWeek: 0, accuracyThisWeek: null, points: 0 }),
    ]);
    // Another teacher and the pupil see nothing of it.
    const nosy = await stack.signUp({ username: 'Nosy_Dash', teacher: true, verify: true });
    expect((await nosy.get(`/api/classes/${classId}/progress`)).status).toBe(404);
    expect((await browser.get(`/api/classes/${classId}/progress`)).status).toBe(404);
  });
});

describe('erasure', () => {
  it('deleting a pupil erases their rows in every schema and ends their session', async () => {
    const created = await teacher.post<TeacherClassResponse>('/api/classes', { name: 'E', grade: 1 });
    const classId = created.body.class.id;
    const added = await teacher.post<ClassPupilsResponse>(`/api/classes/${classId}/pupils`, {
      names: ['Deniz'],
    });
    const pupil = added.body.items[0]!;

    const browser = stack.browser();
    const roster = await browser.get<ClassJoin>(`/api/classes/join/${created.body.class.joinCode}`);
    const login = await browser.post('/api/auth/pupil-login', {
      ticket: roster.body.ticket,
      pupilId: pupil.id,
      pictures: pupil.pictures,
    });
    expect(login.status).toBe(200);
    const questions = generateQuestions({ gameType: 'toplama', difficulty: 'kolay', count: 5 });
    const saved = await browser.post('/api/game-results', {
      gameType: 'toplama',
      difficulty: 'kolay',
      questionsCount: 5,
      correctAnswers: 5,
      totalTime: 30,
      questions: questions.map((q) => ({
        question: formatQuestionText(q),
        answer: q.answer,
        userAnswer: q.answer,
        isCorrect: true,
      })),
    });
    expect(saved.status).toBe(201);
    // The result reached every read model before the deletion (so the erasure has something to erase).
    await waitFor(
      async () => {
        const left = await rowsLeft(pupil.id);
        return left['classes.pupil_progress'] && left['badges.user_badges'] && left['results.user_totals']
          ? left
          : null;
      },
      { timeoutMs: 20_000 },
    );

    expect((await teacher.delete(`/api/classes/${classId}/pupils/${pupil.id}`)).status).toBe(200);

    // The session ends at once; the other services erase as the event reaches them.
    expect((await browser.get('/api/auth/me')).status).toBe(401);
    expect((await browser.get('/api/game-results')).status).toBe(401);
    await waitFor(
      async () => {
        const left = await rowsLeft(pupil.id);
        return Object.values(left).every((n) => n === 0) ? left : null;
      },
      { timeoutMs: 20_000, message: 'rows of the deleted pupil remain' },
    );
    const left = await rowsLeft(pupil.id);
    expect(Object.keys(left)).toEqual(
      expect.arrayContaining([
        'auth.pupil_credentials',
        'results.game_results',
        'results.user_totals',
        'badges.user_badges',
        'classes.pupils',
        'classes.pupil_progress',
      ]),
    );
  });
});
