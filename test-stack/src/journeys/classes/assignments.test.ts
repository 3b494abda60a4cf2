import {
  type ClassAssignment,
  type ClassAssignmentList,
  type ClassAssignmentResponse,
  type ClassPupil,
  type Difficulty,
  type GameType,
  MAX_ASSIGNMENTS_PER_CLASS,
  type PupilAssignmentList,
  pointsFor,
  translate,
} from '@mathgames/contracts';
import { waitFor } from '@mathgames/platform/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPupils, createClass, saveGame, signInPupil } from './classes-api.js';
import { type Browser, useClassesStack } from './classes-stack.js';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const practice = (overrides: Record<string, unknown> = {}) => ({
  gameType: 'çarpma',
  difficulty: 'orta',
  questionsCount: 5,
  dueAt: inDays(3),
  ...overrides,
});

async function classWithPupils(owner: Browser, names: string[]) {
  const klass = await createClass(owner, `A ${names[0]}`, 3);
  return { klass, pupils: await addPupils(owner, klass.id, names) };
}

const signIn = (joinCode: string, pupil: ClassPupil) => signInPupil(world.stack, joinCode, pupil, 'en');

/** Saves a game through game-results, as the gameplay screen does: every answer right but the first `wrong`. */
async function play(
  browser: Browser,
  game: { gameType: GameType; difficulty: Difficulty; count: 5 | 10 },
  wrong = 0,
) {
  const saved = await saveGame(browser, { ...game, wrong });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
}

const world = useClassesStack({ everything: true }, ['Odev_Ogretmen', 'Other_Assigner']);

describe('giving practice', () => {
  it('a teacher assigns practice to the whole class; every pupil is listed as not finished yet', async () => {
    const { klass, pupils } = await classWithPupils(world.teacher, ['Ali', 'Banu']);
    const res = await world.teacher.post<ClassAssignmentResponse>(
      `/api/classes/${klass.id}/assignments`,
      practice(),
    );
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(translate('assignment_created', 'tr'));
    expect(res.body.assignment).toMatchObject({
      gameType: 'çarpma',
      difficulty: 'orta',
      questionsCount: 5,
      wholeClass: true,
      closed: false,
      pupils: pupils.map((p) => ({
        pupilId: p.id,
        name: p.name,
        finished: false,
        correctAnswers: null,
        late: null,
      })),
    });
    const list = await world.teacher.get<ClassAssignmentList>(`/api/classes/${klass.id}/assignments`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((a) => a.id)).toEqual([res.body.assignment.id]);
  });

  it('aliases of a topic and difficulty are accepted; chosen pupils only get it', async () => {
    const { klass, pupils } = await classWithPupils(world.teacher, ['Cem', 'Derya', 'Ece']);
    const res = await world.teacher.post<ClassAssignmentResponse>(
      `/api/classes/${klass.id}/assignments`,
      practice({
        gameType: 'subtraction',
        difficulty: 'cok kolay',
        pupilIds: [pupils[0]!.id, pupils[2]!.id],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.assignment).toMatchObject({
      gameType: 'çıkarma',
      difficulty: 'çok kolay',
      wholeClass: false,
    });
    expect(res.body.assignment.pupils.map((p) => p.name)).toEqual(['Cem', 'Ece']);

    const derya = await signIn(klass.joinCode, pupils[1]!);
    expect((await derya.get<PupilAssignmentList>('/api/classes/me/assignments')).body.items).toEqual([]);
    const cem = await signIn(klass.joinCode, pupils[0]!);
    expect((await cem.get<PupilAssignmentList>('/api/classes/me/assignments')).body.items).toEqual([
      expect.objectContaining({
        id: res.body.assignment.id,
        gameType: 'çıkarma',
        done: false,
        correctAnswers: null,
      }),
    ]);
  });

  it.each([
    ['gameType', { gameType: 'geometry' }, 'invalid_game_type'],
    ['difficulty', { difficulty: 'impossible' }, 'invalid_difficulty'],
    ['questionsCount', { questionsCount: 7 }, 'invalid_question_count'],
    ['dueAt', { dueAt: 'tomorrow' }, 'assignment_due_invalid'],
    ['dueAt', { dueAt: inDays(-1) }, 'assignment_due_invalid'],
    ['dueAt', { dueAt: inDays(400) }, 'assignment_due_invalid'],
    ['pupilIds', { pupilIds: [] }, 'assignment_pupils_required'],
    ['pupilIds', { pupilIds: 'all' }, 'assignment_pupils_required'],
  ] as const)(
    'bad input: %s (%j) is a 400 naming the field, in the caller’s language',
    async (field, change, key) => {
      const { klass } = await classWithPupils(world.otherTeacher, [`Bad ${key}`]);
      const res = await world.otherTeacher.post(`/api/classes/${klass.id}/assignments`, practice(change));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field, message: translate(key, 'en') });
    },
  );

  it('a pupil of another class cannot be chosen (400 on pupilIds), and nothing is created', async () => {
    const mine = await classWithPupils(world.teacher, ['Fatma']);
    const theirs = await classWithPupils(world.otherTeacher, ['Stranger']);
    const res = await world.teacher.post(
      `/api/classes/${mine.klass.id}/assignments`,
      practice({ pupilIds: [mine.pupils[0]!.id, theirs.pupils[0]!.id] }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      field: 'pupilIds',
      message: translate('assignment_pupils_unknown', 'tr'),
    });
    expect(
      (await world.teacher.get<ClassAssignmentList>(`/api/classes/${mine.klass.id}/assignments`)).body.items,
    ).toEqual([]);
  });

  it(`a class keeps at most ${MAX_ASSIGNMENTS_PER_CLASS} assignments (409)`, async () => {
    const { klass } = await classWithPupils(world.teacher, ['Gül']);
    await world.stack.pool.query(
      `INSERT INTO classes.assignments (class_id, teacher_id, game_type, difficulty, questions_count, due_at, whole_class)
       SELECT $1, teacher_id, 'toplama', 'kolay', 5, now() + interval '1 day', true
         FROM classes.classes, generate_series(1, $2) WHERE id = $1`,
      [klass.id, MAX_ASSIGNMENTS_PER_CLASS],
    );
    const res = await world.teacher.post(`/api/classes/${klass.id}/assignments`, practice());
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      translate('assignment_limit_reached', 'tr', { max: MAX_ASSIGNMENTS_PER_CLASS }),
    );
  });
});

describe('finishing an assignment', () => {
  it('the pupil sees it, plays it, and the teacher sees them finished with the score; a non-matching game does not count', async () => {
    const { klass, pupils } = await classWithPupils(world.teacher, ['Hande', 'Ilker']);
    const given = await world.teacher.post<ClassAssignmentResponse>(
      `/api/classes/${klass.id}/assignments`,
      practice({ gameType: 'toplama', difficulty: 'kolay', questionsCount: 5 }),
    );
    const hande = await signIn(klass.joinCode, pupils[0]!);
    const mine = await hande.get<PupilAssignmentList>('/api/classes/me/assignments');
    expect(mine.status).toBe(200);
    expect(mine.body.items).toEqual([
      expect.objectContaining({
        id: given.body.assignment.id,
        gameType: 'toplama',
        difficulty: 'kolay',
        done: false,
      }),
    ]);

    // Another difficulty is other practice; the assigned game, one answer wrong, finishes it.
    await play(hande, { gameType: 'toplama', difficulty: 'orta', count: 5 });
    await play(hande, { gameType: 'toplama', difficulty: 'kolay', count: 5 }, 1);

    const finished = await waitFor(
      async () => {
        const res = await world.teacher.get<ClassAssignmentList>(`/api/classes/${klass.id}/assignments`);
        const row = res.body.items[0]?.pupils.find((p) => p.pupilId === pupils[0]!.id);
        return row?.finished ? res.body.items[0]! : null;
      },
      { timeoutMs: 20_000, message: 'the finished game never reached the assignment' },
    );
    expect(finished.pupils).toEqual([
      {
        pupilId: pupils[0]!.id,
        name: 'Hande',
        finished: true,
        correctAnswers: 4,
        points: pointsFor(4),
        finishedAt: expect.any(String),
        late: false,
      },
      {
        pupilId: pupils[1]!.id,
        name: 'Ilker',
        finished: false,
        correctAnswers: null,
        points: null,
        finishedAt: null,
        late: null,
      },
    ]);
    expect((await hande.get<PupilAssignmentList>('/api/classes/me/assignments')).body.items).toEqual([
      expect.objectContaining({ id: given.body.assignment.id, done: true, correctAnswers: 4 }),
    ]);
  });
});

describe('lateness', () => {
  it('is judged by when the server received the game: a late game sent with an earlier playedAt is late', async () => {
    const { klass, pupils } = await classWithPupils(world.teacher, ['Kerem']);
    const given = await world.teacher.post<ClassAssignmentResponse>(
      `/api/classes/${klass.id}/assignments`,
      practice({ gameType: 'toplama', difficulty: 'kolay', questionsCount: 5 }),
    );
    expect(given.status).toBe(201);
    // Two days pass: the practice was given two days ago and was due yesterday.
    const past = await world.stack.pool.query<{ due_at: Date }>(
      `UPDATE classes.assignments SET created_at = now() - interval '2 days', due_at = now() - interval '1 day'
        WHERE id = $1 RETURNING due_at`,
      [given.body.assignment.id],
    );
    const dueAt = past.rows[0]!.due_at.getTime();
    const kerem = await signIn(klass.joinCode, pupils[0]!);
    // The game is played now, but the device claims it was played a day and a half ago, before the due time.
    const claimed = new Date(dueAt - 12 * 60 * 60 * 1000).toISOString();
    const saved = await saveGame(kerem, {
      gameType: 'toplama',
      difficulty: 'kolay',
      count: 5,
      playedAt: claimed,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);

    const row = await waitFor(
      async () => {
        const res = await world.teacher.get<ClassAssignmentList>(`/api/classes/${klass.id}/assignments`);
        const pupil = res.body.items[0]?.pupils.find((p) => p.pupilId === pupils[0]!.id);
        return pupil?.finished ? pupil : null;
      },
      { timeoutMs: 20_000, message: 'the game never reached the assignment' },
    );
    expect(row.late).toBe(true);
    // "Finished at" is the server's receipt, after the due time, not the claimed play time.
    expect(Date.parse(row.finishedAt!)).toBeGreaterThan(dueAt);
    expect(row.finishedAt).not.toBe(claimed);
  });
});

describe('closing and deleting', () => {
  it('a closed assignment leaves the pupils’ list and keeps its results; a deleted one is gone', async () => {
    const { klass, pupils } = await classWithPupils(world.teacher, ['Jale']);
    const a = await world.teacher.post<ClassAssignmentResponse>(
      `/api/classes/${klass.id}/assignments`,
      practice(),
    );
    const b = await world.teacher.post<ClassAssignmentResponse>(
      `/api/classes/${klass.id}/assignments`,
      practice({ questionsCount: 10 }),
    );
    const jale = await signIn(klass.joinCode, pupils[0]!);
    expect((await jale.get<PupilAssignmentList>('/api/classes/me/assignments')).body.items).toHaveLength(2);

    const closed = await world.teacher.post(
      `/api/classes/${klass.id}/assignments/${a.body.assignment.id}/close`,
    );
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe(translate('assignment_closed', 'tr'));
    expect(
      (await jale.get<PupilAssignmentList>('/api/classes/me/assignments')).body.items.map((x) => x.id),
    ).toEqual([b.body.assignment.id]);
    const listed = await world.teacher.get<ClassAssignmentList>(`/api/classes/${klass.id}/assignments`);
    expect(listed.body.items.find((x) => x.id === a.body.assignment.id)).toMatchObject({ closed: true });

    const deleted = await world.teacher.delete(
      `/api/classes/${klass.id}/assignments/${b.body.assignment.id}`,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(translate('assignment_deleted', 'tr'));
    expect(
      (await world.teacher.get<ClassAssignmentList>(`/api/classes/${klass.id}/assignments`)).body.items.map(
        (x) => x.id,
      ),
    ).toEqual([a.body.assignment.id]);
    expect(
      (await world.teacher.delete(`/api/classes/${klass.id}/assignments/${b.body.assignment.id}`)).status,
    ).toBe(404);
  });
});

describe('IDOR: only the class’s own teacher', () => {
  let klass: { id: number; joinCode: string };
  let assignment: ClassAssignment;
  let pupil: Browser;

  beforeAll(async () => {
    const made = await classWithPupils(world.teacher, ['Kaan']);
    klass = made.klass;
    assignment = (
      await world.teacher.post<ClassAssignmentResponse>(`/api/classes/${klass.id}/assignments`, practice())
    ).body.assignment;
    pupil = await signIn(klass.joinCode, made.pupils[0]!);
  });

  const calls = () =>
    [
      ['list', (b: Browser) => b.get(`/api/classes/${klass.id}/assignments`), 'class_not_found'],
      [
        'create',
        (b: Browser) => b.post(`/api/classes/${klass.id}/assignments`, practice()),
        'class_not_found',
      ],
      [
        'close',
        (b: Browser) => b.post(`/api/classes/${klass.id}/assignments/${assignment.id}/close`),
        'assignment_not_found',
      ],
      [
        'delete',
        (b: Browser) => b.delete(`/api/classes/${klass.id}/assignments/${assignment.id}`),
        'assignment_not_found',
      ],
    ] as const;

  it.each(['list', 'create', 'close', 'delete'])(
    'another teacher: %s answers 404 like a missing class',
    async (name) => {
      const [, call, key] = calls().find(([n]) => n === name)!;
      const res = await call(world.otherTeacher);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(translate(key, 'en'));
    },
  );

  it.each(['list', 'create', 'close', 'delete'])('the pupil of the class: %s answers 404', async (name) => {
    const [, call] = calls().find(([n]) => n === name)!;
    expect((await call(pupil)).status).toBe(404);
  });

  it('another teacher’s assignment id under one’s own class is a 404 too, and changes nothing', async () => {
    const { klass: own } = await classWithPupils(world.otherTeacher, ['Lale']);
    expect(
      (await world.otherTeacher.post(`/api/classes/${own.id}/assignments/${assignment.id}/close`)).status,
    ).toBe(404);
    expect(
      (await world.otherTeacher.delete(`/api/classes/${own.id}/assignments/${assignment.id}`)).status,
    ).toBe(404);
    const still = await world.teacher.get<ClassAssignmentList>(`/api/classes/${klass.id}/assignments`);
    expect(still.body.items).toEqual([expect.objectContaining({ id: assignment.id, closed: false })]);
  });

  it('a malformed id answers 404; a visitor without a session 401', async () => {
    expect((await world.teacher.get('/api/classes/abc/assignments')).status).toBe(404);
    expect((await world.teacher.delete(`/api/classes/${klass.id}/assignments/-1`)).status).toBe(404);
    const visitor = world.stack.browser();
    expect((await visitor.get(`/api/classes/${klass.id}/assignments`)).status).toBe(401);
    expect((await visitor.get('/api/classes/me/assignments')).status).toBe(401);
  });

  it('“my assignments” are the caller’s own: a teacher has none, another pupil sees none of this class', async () => {
    expect((await world.teacher.get<PupilAssignmentList>('/api/classes/me/assignments')).body).toEqual({
      items: [],
    });
    const { klass: other, pupils } = await classWithPupils(world.otherTeacher, ['Mert']);
    const mert = await signIn(other.joinCode, pupils[0]!);
    expect((await mert.get<PupilAssignmentList>('/api/classes/me/assignments')).body).toEqual({ items: [] });
    expect(
      (await pupil.get<PupilAssignmentList>('/api/classes/me/assignments')).body.items.map((a) => a.id),
    ).toEqual([assignment.id]);
  });
});
