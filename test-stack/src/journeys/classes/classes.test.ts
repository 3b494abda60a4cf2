import {
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  MAX_CLASSES_PER_TEACHER,
  type TeacherClass,
  type TeacherClassResponse,
  translate,
} from '@mathgames/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createClass } from './classes-api.js';
import { useClassesStack } from './classes-stack.js';

const codePattern = new RegExp(`^[${JOIN_CODE_ALPHABET}]{${JOIN_CODE_LENGTH}}$`);

const world = useClassesStack({}, ['Ayse_Ogretmen', 'Other_Teacher']);

describe('teacher accounts', () => {
  it('registering with "I am a teacher" gives the teacher role; without it an ordinary user', async () => {
    expect((await world.teacher.get('/api/auth/me')).body).toMatchObject({
      role: 'teacher',
      isVerified: true,
    });
    const pupilParent = await world.stack.signUp({ username: 'Just_A_Parent', teacher: false, verify: true });
    expect((await pupilParent.get('/api/auth/me')).body).toMatchObject({ role: 'user' });
  });

  it('a teacher whose e-mail is not verified cannot create a class yet, told why in their language', async () => {
    const unverified = await world.stack.signUp({
      username: 'New_Teacher',
      teacher: true,
      verify: false,
      lang: 'en',
    });
    const res = await unverified.post('/api/classes', { name: '1-A', grade: 1 });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(translate('teacher_email_not_verified', 'en'));
    expect((await unverified.get('/api/classes')).body).toEqual({ items: [] });
  });

  it('an account without the teacher role cannot create a class', async () => {
    const user = await world.stack.signUp({ username: 'Not_Teacher', teacher: false, verify: true });
    const res = await user.post('/api/classes', { name: '1-A', grade: 1 });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(translate('teacher_role_required', 'tr'));
  });

  it('a visitor without a session gets 401', async () => {
    expect((await world.stack.browser().get('/api/classes')).status).toBe(401);
    expect((await world.stack.browser().post('/api/classes', { name: 'x', grade: 1 })).status).toBe(401);
  });
});

describe('classes', () => {
  it('a verified teacher creates a class with a 6-character code without look-alikes', async () => {
    const created = await createClass(world.teacher, '  3-A Yıldızlar  ', 3);
    expect(created).toMatchObject({ name: '3-A Yıldızlar', grade: 3, joiningOpen: true, archived: false });
    expect(created.pupilCount).toBe(0);
    expect(created.joinCode).toMatch(codePattern);
    expect(created.joinCode).not.toMatch(/[0O1IL]/);
    const list = await world.teacher.get<{ items: TeacherClass[] }>('/api/classes');
    expect(list.body.items.map((c) => c.id)).toContain(created.id);
  });

  it('renames, changes the grade, closes joining, archives and restores a class', async () => {
    const created = await createClass(world.teacher);
    const renamed = await world.teacher.patch<TeacherClassResponse>(`/api/classes/${created.id}`, {
      name: '4-C',
      grade: 4,
      joiningOpen: false,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.class).toMatchObject({ name: '4-C', grade: 4, joiningOpen: false, archived: false });
    const archived = await world.teacher.patch<TeacherClassResponse>(`/api/classes/${created.id}`, {
      archived: true,
    });
    expect(archived.body.class.archived).toBe(true);
    const restored = await world.teacher.patch<TeacherClassResponse>(`/api/classes/${created.id}`, {
      archived: false,
    });
    expect(restored.body.class).toMatchObject({ archived: false, name: '4-C', joiningOpen: false });
  });

  it('regenerating the code replaces it (the old one names no class any more)', async () => {
    const created = await createClass(world.teacher);
    const res = await world.teacher.post<TeacherClassResponse>(`/api/classes/${created.id}/join-code`);
    expect(res.status).toBe(200);
    expect(res.body.class.joinCode).toMatch(codePattern);
    expect(res.body.class.joinCode).not.toBe(created.joinCode);
    const { rows } = await world.stack.pool.query('SELECT 1 FROM classes.classes WHERE join_code = $1', [
      created.joinCode,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('deletes a class', async () => {
    const created = await createClass(world.teacher);
    expect((await world.teacher.delete(`/api/classes/${created.id}`)).status).toBe(200);
    expect((await world.teacher.get(`/api/classes/${created.id}`)).status).toBe(404);
    expect((await world.teacher.delete(`/api/classes/${created.id}`)).status).toBe(404);
  });

  it('bad input is a 400 naming the field in the caller language, never a 500', async () => {
    const cases: Array<[unknown, string, Parameters<typeof translate>[0]]> = [
      [{ name: '', grade: 2 }, 'name', 'class_name_required'],
      [{ name: 'x'.repeat(61), grade: 2 }, 'name', 'class_name_too_long'],
      [{ name: '2-B', grade: 5 }, 'grade', 'class_grade_invalid'],
      [{ name: '2-B', grade: 'two' }, 'grade', 'class_grade_invalid'],
      [{ name: '2-B' }, 'grade', 'class_grade_invalid'],
    ];
    for (const [body, field, key] of cases) {
      const res = await world.otherTeacher.post('/api/classes', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ field, message: translate(key, 'en') });
    }
    const created = await createClass(world.otherTeacher);
    const patch = await world.otherTeacher.patch(`/api/classes/${created.id}`, { archived: 'yes' });
    expect(patch.status).toBe(400);
    expect(patch.body.field).toBe('archived');
    for (const id of ['abc', '0', '1.5', '99999999999'])
      expect((await world.otherTeacher.get(`/api/classes/${id}`)).status, id).toBe(404);
  });

  it(`stops at ${MAX_CLASSES_PER_TEACHER} classes per teacher`, async () => {
    const busy = await world.stack.signUp({ username: 'Busy_Teacher', teacher: true, verify: true });
    const { rows } = await world.stack.pool.query<{ id: number }>(
      'SELECT id FROM auth.users WHERE username = $1',
      ['Busy_Teacher'],
    );
    // Filled straight in the table: 50 calls would only test the HTTP loop.
    await world.stack.pool.query(
      `INSERT INTO classes.classes (teacher_id, name, grade, join_code)
       SELECT $1, 'c' || i, 1, 'ZZZZ' || substr('ABCDEFGH', 1 + i % 8, 1) || substr('ABCDEFGH', 1 + i / 8, 1)
         FROM generate_series(1, $2::int - 1) i`,
      [rows[0]!.id, MAX_CLASSES_PER_TEACHER],
    );
    expect((await busy.post('/api/classes', { name: 'last', grade: 1 })).status).toBe(201);
    const over = await busy.post('/api/classes', { name: 'one too many', grade: 1 });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(translate('class_limit_reached', 'tr', { max: MAX_CLASSES_PER_TEACHER }));
  });
});

describe('another teacher cannot read or change a class (IDOR)', () => {
  let mine: TeacherClass;
  beforeAll(async () => {
    mine = await createClass(world.teacher, 'Mine', 1);
  });

  it('does not list it', async () => {
    const list = await world.otherTeacher.get<{ items: TeacherClass[] }>('/api/classes');
    expect(list.body.items.map((c) => c.id)).not.toContain(mine.id);
  });
  it('GET /api/classes/:id is 404', async () => {
    expect((await world.otherTeacher.get(`/api/classes/${mine.id}`)).status).toBe(404);
  });
  it('PATCH /api/classes/:id is 404 and changes nothing', async () => {
    expect((await world.otherTeacher.patch(`/api/classes/${mine.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await world.teacher.get<TeacherClass>(`/api/classes/${mine.id}`)).body.name).toBe('Mine');
  });
  it('POST /api/classes/:id/join-code is 404 and the code stays', async () => {
    expect((await world.otherTeacher.post(`/api/classes/${mine.id}/join-code`)).status).toBe(404);
    expect((await world.teacher.get<TeacherClass>(`/api/classes/${mine.id}`)).body.joinCode).toBe(
      mine.joinCode,
    );
  });
  it('DELETE /api/classes/:id is 404 and the class stays', async () => {
    expect((await world.otherTeacher.delete(`/api/classes/${mine.id}`)).status).toBe(404);
    expect((await world.teacher.get(`/api/classes/${mine.id}`)).status).toBe(200);
  });
});
