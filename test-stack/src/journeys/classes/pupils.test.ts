import {
  type ClassPupil,
  type ClassPupilList,
  type ClassPupilsResponse,
  MAX_PUPILS_PER_CLASS,
  PUPIL_PICTURES,
  translate,
} from '@mathgames/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPupils, createClass, signInPupil } from './classes-api.js';
import { type Browser, useClassesStack } from './classes-stack.js';

const newClass = async (browser: Browser, name = '2-B') => (await createClass(browser, name, 2)).id;

const rowsOf = async (sql: string, id: number) => (await world.stack.pool.query(sql, [id])).rows;
const authUser = (id: number) => rowsOf('SELECT * FROM auth.users WHERE id = $1', id);
const credentials = (id: number) => rowsOf('SELECT * FROM auth.pupil_credentials WHERE user_id = $1', id);
const rosterRow = (id: number) => rowsOf('SELECT * FROM classes.pupils WHERE user_id = $1', id);

const world = useClassesStack({}, ['Pupils_Teacher', 'Nosy_Teacher']);

describe('pupils without e-mail', () => {
  it('a teacher adds a pupil by name: an account without e-mail with three different pictures, kept hashed', async () => {
    const classId = await newClass(world.teacher);
    const [pupil] = await addPupils(world.teacher, classId, ['  Ada Yılmaz ']);
    expect(pupil!.name).toBe('Ada Yılmaz');
    const pictures = pupil!.pictures!;
    expect(pictures).toHaveLength(3);
    expect(new Set(pictures).size).toBe(3);
    expect(pictures[0]).not.toBe(pictures[1]);
    for (const picture of pictures) expect(PUPIL_PICTURES).toContain(picture);

    const [user] = await authUser(pupil!.id);
    expect(user).toMatchObject({ role: 'pupil', email: null, display_name: 'Ada Yılmaz' });
    const [credential] = await credentials(pupil!.id);
    // Keyed with PICTURE_KEY (docs/decisions/0055-keyed-picture-hash.md): the database alone cannot check a guess.
    expect(credential.picture_hash).toMatch(/^\$pk1\$/);
    expect(credential.picture_hash).not.toContain(pictures[0]);
    expect(credential.class_id).toBe(classId);
    // The list never shows the pictures again.
    const list = await world.teacher.get<ClassPupilList>(`/api/classes/${classId}/pupils`);
    expect(list.body.items).toEqual([
      { id: pupil!.id, name: 'Ada Yılmaz', createdAt: pupil!.createdAt, oldCard: false },
    ]);
  });

  it('adds a pasted list of 25 names at once, listed by name', async () => {
    const classId = await newClass(world.teacher, '3-C');
    const names = Array.from({ length: 25 }, (_, i) => `Öğrenci ${String(i + 1).padStart(2, '0')}`);
    const added = await addPupils(world.teacher, classId, names);
    expect(added.map((p) => p.name)).toEqual(names);
    expect(added.every((p) => p.pictures?.length === 3)).toBe(true);
    const list = await world.teacher.get<ClassPupilList>(`/api/classes/${classId}/pupils`);
    expect(list.body.items.map((p) => p.name)).toEqual(names);
    const classes = await world.teacher.get<{ items: { id: number; pupilCount: number }[] }>('/api/classes');
    expect(classes.body.items.find((c) => c.id === classId)?.pupilCount).toBe(25);
  });

  it(`refuses more than ${MAX_PUPILS_PER_CLASS} pupils in a class, creating no account`, async () => {
    const classId = await newClass(world.teacher, 'Full');
    await addPupils(
      world.teacher,
      classId,
      Array.from({ length: 39 }, (_, i) => `P${i}`),
    );
    const before = (
      await world.stack.pool.query(`SELECT count(*)::int AS n FROM auth.users WHERE role = 'pupil'`)
    ).rows[0].n;
    const res = await world.teacher.post(`/api/classes/${classId}/pupils`, { names: ['One', 'Two'] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ field: 'names', message: translate('class_full', 'tr', { max: 40 }) });
    const after = (
      await world.stack.pool.query(`SELECT count(*)::int AS n FROM auth.users WHERE role = 'pupil'`)
    ).rows[0].n;
    expect(after).toBe(before);
    const tooMany = await world.teacher.post(`/api/classes/${classId}/pupils`, {
      names: Array.from({ length: 41 }, (_, i) => `Q${i}`),
    });
    expect(tooMany.status).toBe(400);
  });

  it('bad names are a 400 naming the field, translated', async () => {
    const classId = await newClass(world.otherTeacher, 'Names');
    const empty = await world.otherTeacher.post(`/api/classes/${classId}/pupils`, { names: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'names', message: translate('pupil_names_required', 'en') });
    const blank = await world.otherTeacher.post(`/api/classes/${classId}/pupils`, { names: ['Ok', '  '] });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(translate('pupil_name_required', 'en'));
    const long = await world.otherTeacher.post(`/api/classes/${classId}/pupils`, { names: ['x'.repeat(41)] });
    expect(long.body.message).toBe(translate('pupil_name_too_long', 'en'));
    expect((await world.otherTeacher.post(`/api/classes/${classId}/pupils`, { names: 'Ada' })).status).toBe(
      400,
    );
  });

  it('renames a pupil (in the roster and the account), resets the pictures, removes a pupil with every row', async () => {
    const classId = await newClass(world.teacher, 'Edit');
    const [pupil] = await addPupils(world.teacher, classId, ['Can']);
    const renamed = await world.teacher.patch<ClassPupilsResponse>(
      `/api/classes/${classId}/pupils/${pupil!.id}`,
      {
        name: 'Can Demir',
      },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.items[0]!.name).toBe('Can Demir');
    expect((await authUser(pupil!.id))[0].display_name).toBe('Can Demir');

    const hashBefore = (await credentials(pupil!.id))[0].picture_hash;
    const reset = await world.teacher.post<ClassPupilsResponse>(
      `/api/classes/${classId}/pupils/${pupil!.id}/pictures`,
    );
    expect(reset.status).toBe(200);
    expect(reset.body.items[0]!.pictures).toHaveLength(3);
    expect((await credentials(pupil!.id))[0].picture_hash).not.toBe(hashBefore);

    const removed = await world.teacher.delete(`/api/classes/${classId}/pupils/${pupil!.id}`);
    expect(removed.status).toBe(200);
    expect(await authUser(pupil!.id)).toEqual([]);
    expect(await credentials(pupil!.id)).toEqual([]);
    expect(await rosterRow(pupil!.id)).toEqual([]);
  });

  it("deleting a class deletes its pupils' accounts", async () => {
    const classId = await newClass(world.teacher, 'Gone');
    const pupils = await addPupils(world.teacher, classId, ['A', 'B']);
    expect((await world.teacher.delete(`/api/classes/${classId}`)).status).toBe(200);
    for (const pupil of pupils) {
      expect(await authUser(pupil.id)).toEqual([]);
      expect(await rosterRow(pupil.id)).toEqual([]);
    }
  });

  it("auth's pupil endpoints cannot be reached through the gateway", async () => {
    const res = await fetch(`${world.stack.baseUrl}/internal/pupils`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ classId: 1, names: ['Intruder'] }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const { rowCount } = await world.stack.pool.query(
      `SELECT 1 FROM auth.users WHERE display_name = 'Intruder'`,
    );
    expect(rowCount).toBe(0);
  });
});

describe('picture hashes from before the keyed form', () => {
  it('a card hashed before the keyed form (argon2id) still signs in, and is stored keyed from then on', async () => {
    const created = await createClass(world.teacher, 'Old hash');
    const [pupil] = await addPupils(world.teacher, created.id, ['Oya']);
    const { hashPassword } = await import('@mathgames/auth/testing');
    await world.stack.pool.query('UPDATE auth.pupil_credentials SET picture_hash = $2 WHERE user_id = $1', [
      pupil!.id,
      await hashPassword(pupil!.pictures!.join(':')),
    ]);
    await signInPupil(world.stack, created.joinCode, pupil!);
    const rehashed = (await credentials(pupil!.id))[0].picture_hash;
    expect(rehashed).toMatch(/^\$pk1\$/);
    await signInPupil(world.stack, created.joinCode, pupil!);
    expect((await credentials(pupil!.id))[0].picture_hash).toBe(rehashed);
  });
});

describe("another teacher cannot read or change a teacher's pupils (IDOR)", () => {
  let classId: number;
  let pupil: ClassPupil;
  beforeAll(async () => {
    classId = await newClass(world.teacher, 'Private');
    [pupil] = (await addPupils(world.teacher, classId, ['Elif'])) as [ClassPupil];
  });

  it('GET /api/classes/:id/pupils is 404', async () => {
    expect((await world.otherTeacher.get(`/api/classes/${classId}/pupils`)).status).toBe(404);
  });
  it('POST /api/classes/:id/pupils is 404 and adds no one', async () => {
    expect((await world.otherTeacher.post(`/api/classes/${classId}/pupils`, { names: ['Spy'] })).status).toBe(
      404,
    );
    const list = await world.teacher.get<ClassPupilList>(`/api/classes/${classId}/pupils`);
    expect(list.body.items.map((p) => p.name)).toEqual(['Elif']);
  });
  it('PATCH /api/classes/:id/pupils/:pupilId is 404 and renames no one', async () => {
    expect(
      (await world.otherTeacher.patch(`/api/classes/${classId}/pupils/${pupil.id}`, { name: 'X' })).status,
    ).toBe(404);
    expect((await authUser(pupil.id))[0].display_name).toBe('Elif');
  });
  it('POST /api/classes/:id/pupils/:pupilId/pictures is 404 and changes no picture', async () => {
    const before = (await credentials(pupil.id))[0].picture_hash;
    expect(
      (await world.otherTeacher.post(`/api/classes/${classId}/pupils/${pupil.id}/pictures`)).status,
    ).toBe(404);
    expect((await credentials(pupil.id))[0].picture_hash).toBe(before);
  });
  it('DELETE /api/classes/:id/pupils/:pupilId is 404 and the pupil stays', async () => {
    expect((await world.otherTeacher.delete(`/api/classes/${classId}/pupils/${pupil.id}`)).status).toBe(404);
    expect(await authUser(pupil.id)).toHaveLength(1);
  });
  it("a pupil id through the teacher's own other class is 404 too", async () => {
    const ownClass = await newClass(world.otherTeacher, 'Own');
    expect((await world.otherTeacher.delete(`/api/classes/${ownClass}/pupils/${pupil.id}`)).status).toBe(404);
    expect(
      (await world.otherTeacher.post(`/api/classes/${ownClass}/pupils/${pupil.id}/pictures`)).status,
    ).toBe(404);
    expect(await authUser(pupil.id)).toHaveLength(1);
  });
});
