import {
  ALL_EVENT_QUEUES,
  type ClassDashboard,
  type ClassJoin,
  type ClassProgress,
  type ClassPupil,
  type ClassPupilsResponse,
  EVENT_TYPES,
  levelForPoints,
  type PupilProgressDetail,
  pointsFor,
  type TeacherClassResponse,
  translate,
} from '@mathgames/contracts';
import { createAmqpClient, createLogger } from '@mathgames/platform';
import { gameRecorded, waitFor } from '@mathgames/platform/testing';
import { describe, expect, it } from 'vitest';
import { addPupils, createClass, saveGame, signInPupil } from './classes-api.js';
import { type Browser, useClassesStack } from './classes-stack.js';

const world = useClassesStack({ everything: true }, ['Erasing_Teacher']);

/**
 * Every table of every schema with a user_id column: a row of `userId` in any of them is a row left behind. Each
 * schema's `erased_users` and `auth.erasure_ledger` are the erasure's own records (the id and when; see `erasedIn`).
 */
async function rowsLeft(userId: number): Promise<Record<string, number>> {
  const { rows: tables } = await world.stack.pool.query<{ schema: string; table: string }>(
    `SELECT table_schema AS schema, table_name AS table FROM information_schema.columns
      WHERE column_name = 'user_id' AND table_schema IN ('auth', 'results', 'badges', 'classes')
        AND table_name NOT IN ('erased_users', 'erasure_ledger')
      ORDER BY 1, 2`,
  );
  const left: Record<string, number> = {};
  for (const { schema, table } of tables) {
    const { rows } = await world.stack.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${schema}.${table} WHERE user_id = $1`,
      [userId],
    );
    left[`${schema}.${table}`] = rows[0]!.n;
  }
  left['auth.users'] =
    (await world.stack.pool.query('SELECT 1 FROM auth.users WHERE id = $1', [userId])).rowCount ?? 0;
  // Published result events carry the user id in their payload.
  left['results.outbox'] =
    (
      await world.stack.pool.query(`SELECT 1 FROM results.outbox WHERE (payload->>'userId')::int = $1`, [
        userId,
      ])
    ).rowCount ?? 0;
  return left;
}

/**
 * The schemas whose erasure recorded `userId` as erased, so that their events still on the way are skipped, and
 * auth's erasure ledger, which a restore replays (docs/decisions/0045-erasure-ledger.md).
 */
async function erasedIn(userId: number): Promise<string[]> {
  const { rows } = await world.stack.pool.query<{ schema: string }>(
    `SELECT 'auth ledger' AS schema FROM auth.erasure_ledger WHERE user_id = $1
     UNION ALL SELECT 'results' AS schema FROM results.erased_users WHERE user_id = $1
     UNION ALL SELECT 'badges' FROM badges.erased_users WHERE user_id = $1
     UNION ALL SELECT 'classes' FROM classes.erased_users WHERE user_id = $1
     ORDER BY 1`,
    [userId],
  );
  return rows.map((r) => r.schema);
}

/**
 * After `userId`'s erasure: each of the three schemas recorded them as erased, and a game of theirs still on its way
 * (a backlog, an outage, a retry) that reaches the three workers now is claimed by each and writes nothing again.
 */
async function lateGameWritesNothing(userId: number): Promise<void> {
  expect(await erasedIn(userId)).toEqual(['auth ledger', 'badges', 'classes', 'results']);
  const late = gameRecorded(userId, { correctAnswers: 10 });
  const publisher = createAmqpClient({
    url: world.stack.env.AMQP_URL!,
    logger: createLogger('late', 'warn'),
    queues: ALL_EVENT_QUEUES,
  });
  try {
    await publisher.ready();
    await publisher.publish(EVENT_TYPES.gameResultRecorded, late, {}, { messageId: late.id });
  } finally {
    await publisher.close();
  }
  await waitFor(
    async () => {
      const { rows } = await world.stack.pool.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM results.processed_events WHERE event_id = $1)
              + (SELECT count(*) FROM badges.processed_events WHERE event_id = $1)
              + (SELECT count(*) FROM classes.processed_events WHERE event_id = $1) AS n`,
        [late.id],
      );
      return Number(rows[0]!.n) === 3;
    },
    { timeoutMs: 20_000, message: 'the late game was not claimed by the three workers' },
  );
  const left = await rowsLeft(userId);
  expect(
    Object.values(left).every((n) => n === 0),
    JSON.stringify(left),
  ).toBe(true);
}

/**
 * A game of `userId` in results' outbox that its relay has not published: leased by a relay replica that stopped
 * (for an hour, so no relay takes it meanwhile), as the broker's outage or a killed relay leaves rows. The erasure
 * must remove it too (`rowsLeft` counts every outbox row naming the user).
 */
async function holdUnpublishedGame(userId: number): Promise<void> {
  const game = gameRecorded(userId);
  await world.stack.pool.query(
    `INSERT INTO results.outbox (id, destination, topic, name, payload, claimed_until)
     VALUES ($1, 'amqp', $2, $2, $3, now() + interval '1 hour')`,
    [game.id, EVENT_TYPES.gameResultRecorded, JSON.stringify(game)],
  );
}

/** Signs the pupil in with their pictures on a fresh browser and saves a five-question addition game, the first wrong unless all five are right. */
async function signInAndPlay(joinCode: string, pupil: ClassPupil, correct: 4 | 5) {
  const browser = await signInPupil(world.stack, joinCode, pupil);
  const saved = await saveGame(browser, {
    gameType: 'toplama',
    difficulty: 'kolay',
    count: 5,
    wrong: 5 - correct,
    totalTime: 30,
  });
  return { browser, saved };
}

async function pupilWhoPlayed(teacherBrowser: Browser, name: string) {
  const klass = await createClass(teacherBrowser, `C ${name}`, 1);
  const added = await addPupils(teacherBrowser, klass.id, [name, `${name} 2`]);
  const pupil = added.find((p) => p.name === name)!;
  const { browser, saved } = await signInAndPlay(klass.joinCode, pupil, 4);
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  return { classId: klass.id, pupil, browser };
}

describe('the class dashboard', () => {
  it("shows a pupil's game within seconds: this week's questions and accuracy, points, level, last played", async () => {
    const { classId, pupil, browser } = await pupilWhoPlayed(world.teacher, 'Ece');
    const progress = await waitFor(async () => {
      const res = await world.teacher.get<ClassProgress>(`/api/classes/${classId}/progress`);
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
    const nosy = await world.stack.signUp({ username: 'Nosy_Dash', teacher: true, verify: true });
    expect((await nosy.get(`/api/classes/${classId}/progress`)).status).toBe(404);
    expect((await browser.get(`/api/classes/${classId}/progress`)).status).toBe(404);
  });

  it('shows the pupil × topic grid, the most-missed topic and mistake, and the pupil detail with history', async () => {
    const { classId, pupil, browser } = await pupilWhoPlayed(world.teacher, 'Ada');
    const dashboard = await waitFor(async () => {
      const res = await world.teacher.get<ClassDashboard>(`/api/classes/${classId}/dashboard`);
      return res.status === 200 && res.body.mostFrequentMistakes.length > 0 ? res.body : null;
    });
    const ada = dashboard.pupils.find((p) => p.pupilId === pupil.id)!;
    expect(ada.topics.map((t) => t.gameType)).toEqual(['toplama', 'çıkarma', 'çarpma', 'bölme', 'kesirler']);
    expect(ada.topics[0]).toEqual({ gameType: 'toplama', questions: 5, correct: 4, accuracy: 80 });
    expect(ada.topics[1]).toEqual({ gameType: 'çıkarma', questions: 0, correct: 0, accuracy: null });
    const other = dashboard.pupils.find((p) => p.name === 'Ada 2')!;
    expect(other.topics.every((t) => t.questions === 0 && t.accuracy === null)).toBe(true);
    expect(dashboard.mostMissedTopics).toEqual([
      { gameType: 'toplama', wrong: 1, questions: 5, accuracy: 80 },
    ]);
    expect(dashboard.mostFrequentMistakes).toEqual([{ kind: expect.any(String), count: 1, pupils: 1 }]);

    const detail = await world.teacher.get<PupilProgressDetail>(
      `/api/classes/${classId}/pupils/${pupil.id}/progress`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      pupilId: pupil.id,
      name: 'Ada',
      questions: 5,
      correct: 4,
      accuracy: 80,
      points: pointsFor(4),
      level: levelForPoints(pointsFor(4)),
      mistakes: [{ kind: dashboard.mostFrequentMistakes[0]!.kind, count: 1 }],
    });
    expect(detail.body.history).toEqual([
      expect.objectContaining({
        gameType: 'toplama',
        difficulty: 'kolay',
        questionsCount: 5,
        correctAnswers: 4,
        points: pointsFor(4),
        mistakes: 1,
        playedAt: expect.any(String),
      }),
    ]);
    // A pupil with no game yet reads as zeros, not as an error.
    const quiet = await world.teacher.get<PupilProgressDetail>(
      `/api/classes/${classId}/pupils/${other.pupilId}/progress`,
    );
    expect(quiet.body).toMatchObject({
      questions: 0,
      accuracy: null,
      points: 0,
      level: 1,
      history: [],
      mistakes: [],
    });

    // IDOR: another teacher, the pupil themself and a signed-out browser read nothing, per endpoint.
    const nosy = await world.stack.signUp({ username: 'Nosy_Grid', teacher: true, verify: true });
    const nosyClass = await nosy.post<TeacherClassResponse>('/api/classes', { name: 'N', grade: 1 });
    const paths = [
      `/api/classes/${classId}/dashboard`,
      `/api/classes/${classId}/pupils/${pupil.id}/progress`,
      // Their own class id with the other teacher's pupil.
      `/api/classes/${nosyClass.body.class.id}/pupils/${pupil.id}/progress`,
    ];
    for (const path of paths) {
      expect((await nosy.get(path)).status, `another teacher: ${path}`).toBe(404);
      expect((await browser.get(path)).status, `the pupil: ${path}`).toBe(404);
      expect((await world.stack.browser().get(path)).status, `signed out: ${path}`).toBe(401);
    }
    // The teacher's own class with a pupil of another of their classes, and malformed ids: missing alike.
    const second = await pupilWhoPlayed(world.teacher, 'Elif');
    expect(
      (await world.teacher.get(`/api/classes/${classId}/pupils/${second.pupil.id}/progress`)).status,
    ).toBe(404);
    expect((await world.teacher.get(`/api/classes/${classId}/pupils/x/progress`)).status).toBe(404);
    expect((await world.teacher.get('/api/classes/0/dashboard')).status).toBe(404);
  });
});

describe('erasure', () => {
  it('deleting a pupil erases their rows in every schema and ends their session', async () => {
    const created = await world.teacher.post<TeacherClassResponse>('/api/classes', { name: 'E', grade: 1 });
    const classId = created.body.class.id;
    const added = await world.teacher.post<ClassPupilsResponse>(`/api/classes/${classId}/pupils`, {
      names: ['Deniz'],
    });
    const pupil = added.body.items[0]!;
    // Practice given to them by name, which the game below finishes.
    const assigned = await world.teacher.post(`/api/classes/${classId}/assignments`, {
      gameType: 'toplama',
      difficulty: 'kolay',
      questionsCount: 5,
      dueAt: new Date(Date.now() + 86_400_000).toISOString(),
      pupilIds: [pupil.id],
    });
    expect(assigned.status).toBe(201);

    // One wrong answer, so the pupil has a mistake row to erase too.
    const { browser, saved } = await signInAndPlay(created.body.class.joinCode, pupil, 4);
    expect(saved.status).toBe(201);
    // The result reached every read model before the deletion (so the erasure has something to erase).
    await waitFor(
      async () => {
        const left = await rowsLeft(pupil.id);
        return left['classes.pupil_progress'] &&
          left['classes.assignment_pupils'] &&
          left['classes.assignment_completions'] &&
          left['classes.pupil_topic_progress'] &&
          left['classes.pupil_mistakes'] &&
          left['classes.pupil_games'] &&
          left['badges.user_badges'] &&
          left['results.user_totals']
          ? left
          : null;
      },
      { timeoutMs: 20_000 },
    );
    await holdUnpublishedGame(pupil.id);
    expect((await world.teacher.delete(`/api/classes/${classId}/pupils/${pupil.id}`)).status).toBe(200);

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
    await lateGameWritesNothing(pupil.id);
    const left = await rowsLeft(pupil.id);
    expect(Object.keys(left)).toEqual(
      expect.arrayContaining([
        'auth.pupil_credentials',
        'results.game_results',
        'results.user_totals',
        'badges.user_badges',
        'classes.pupils',
        'classes.pupil_progress',
        'classes.assignment_pupils',
        'classes.assignment_completions',
        'classes.pupil_topic_progress',
        'classes.pupil_mistakes',
        'classes.pupil_games',
      ]),
    );
  });

  it('a teacher deleting their own account erases them, their classes and their pupils everywhere; sessions end', async () => {
    const leaving = await world.stack.signUp({
      username: 'Leaving_Teacher',
      teacher: true,
      verify: true,
      lang: 'en',
    });
    const me = await leaving.get<{ id: number }>('/api/auth/me');
    const created = await leaving.post<TeacherClassResponse>('/api/classes', { name: 'L', grade: 2 });
    const added = await leaving.post<ClassPupilsResponse>(`/api/classes/${created.body.class.id}/pupils`, {
      names: ['Nil', 'Can'],
    });
    const pupil = added.body.items[0]!;
    const assigned = await leaving.post(`/api/classes/${created.body.class.id}/assignments`, {
      gameType: 'bölme',
      difficulty: 'zor',
      questionsCount: 10,
      dueAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(assigned.status).toBe(201);
    const pupilBrowser = world.stack.browser();
    const roster = await pupilBrowser.get<ClassJoin>(`/api/class-codes/${created.body.class.joinCode}`);
    expect(
      (
        await pupilBrowser.post('/api/auth/pupil-login', {
          ticket: roster.body.ticket,
          pupilId: pupil.id,
          pictures: pupil.pictures,
        })
      ).status,
    ).toBe(200);

    const classRows = async () =>
      ((await world.stack.pool.query('SELECT 1 FROM classes.classes WHERE teacher_id = $1', [me.body.id]))
        .rowCount ?? 0) +
      ((await world.stack.pool.query('SELECT 1 FROM classes.assignments WHERE teacher_id = $1', [me.body.id]))
        .rowCount ?? 0);
    // The class and its assignment: both must go with the teacher.
    expect(await classRows()).toBe(2);

    // A pupil cannot delete themself; a wrong password names the field; nothing is deleted by either.
    const refused = await pupilBrowser.post('/api/profile/delete', { password: 'anything1' });
    expect(refused.status).toBe(403);
    const wrong = await leaving.post('/api/profile/delete', { password: 'not the password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      field: 'password',
      message: translate('account_password_wrong', 'en'),
    });
    expect((await leaving.get('/api/auth/me')).status).toBe(200);

    const deleted = await leaving.post('/api/profile/delete', { password: 'correct horse' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ message: translate('account_deleted', 'en') });
    expect((await leaving.get('/api/auth/me')).status).toBe(401);
    expect((await pupilBrowser.get('/api/auth/me')).status).toBe(401);

    await waitFor(
      async () => {
        const everyone = await Promise.all([me.body.id, ...added.body.items.map((p) => p.id)].map(rowsLeft));
        const clean = everyone.every((left) => Object.values(left).every((n) => n === 0));
        return clean && (await classRows()) === 0 ? everyone : null;
      },
      { timeoutMs: 20_000, message: 'rows of the deleted teacher or their pupils remain' },
    );
  });
});
