import type { ClassAssignment, TeacherClassList } from '@mathgames/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPupils, createClass } from './classes-api.js';
import { type Browser, type ClassesStack, startClassesStack } from './classes-stack.js';

// School scope through the whole product (docs/decisions/0060-school-scope-row-level-security.md): two districts
// with two schools each, a teacher, a class, pupils and an assignment in every school. Every classes route, called
// by a teacher of one school with the ids of the other schools' classes, pupils and assignments (taken from the
// database, not picked by hand), answers 404 and changes nothing. The classes service runs as its own database role
// (the stack connects it so), so the school scope's Row-Level Security is what it meets.

interface SchoolWorld {
  schoolId: number;
  teacher: Browser;
  classId: number;
}

let stack: ClassesStack;
const schools: SchoolWorld[] = [];

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const practice = { gameType: 'toplama', difficulty: 'kolay', questionsCount: 5, dueAt: inDays(3) };

beforeAll(async () => {
  stack = await startClassesStack();
  const admin = stack.pool;
  const province = await admin.query<{ id: number }>(
    "INSERT INTO classes.provinces (name) VALUES ('Ankara') RETURNING id",
  );
  for (const district of ['Çankaya', 'Keçiören']) {
    const { rows } = await admin.query<{ id: number }>(
      'INSERT INTO classes.districts (province_id, name) VALUES ($1, $2) RETURNING id',
      [province.rows[0]!.id, district],
    );
    for (const n of [1, 2]) {
      const school = await admin.query<{ id: number }>(
        'INSERT INTO classes.schools (district_id, name) VALUES ($1, $2) RETURNING id',
        [rows[0]!.id, `${district} ${n}. İlkokulu`],
      );
      const schoolId = school.rows[0]!.id;
      const teacher = await stack.signUp({
        username: `Teacher_${schoolId}_${n}`,
        teacher: true,
        verify: true,
      });
      const me = await teacher.get<{ id: number }>('/api/auth/me');
      await admin.query("INSERT INTO classes.school_members VALUES ($1, $2, 'teacher')", [
        schoolId,
        me.body.id,
      ]);
      const klass = await createClass(teacher, `Sınıf ${schoolId}`, 2);
      await addPupils(teacher, klass.id, [`Ada ${schoolId}`, `Can ${schoolId}`]);
      const assigned = await teacher.post(`/api/classes/${klass.id}/assignments`, practice);
      expect(assigned.status).toBe(201);
      schools.push({ schoolId, teacher, classId: klass.id });
    }
  }
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

/** Each school's classes, pupils and assignments, as the database holds them. */
async function idsOutside(schoolId: number) {
  const { rows } = await stack.pool.query<{ classId: number; pupilId: number; assignmentId: number }>(
    `SELECT c.id AS "classId", p.user_id AS "pupilId", a.id AS "assignmentId"
       FROM classes.classes c JOIN classes.pupils p ON p.class_id = c.id JOIN classes.assignments a ON a.class_id = c.id
      WHERE c.school_id <> $1 ORDER BY 1, 2`,
    [schoolId],
  );
  return rows;
}

/** Everything of the classes schema a call could change, to compare before and after. */
async function snapshot() {
  const read = async (sql: string) => (await stack.pool.query(sql)).rows;
  return {
    classes: await read(
      'SELECT id, school_id, teacher_id, name, grade, join_code, joining_open, archived_at FROM classes.classes ORDER BY id',
    ),
    pupils: await read(
      'SELECT user_id, class_id, display_name, picture_count FROM classes.pupils ORDER BY user_id',
    ),
    assignments: await read('SELECT id, class_id, closed_at FROM classes.assignments ORDER BY id'),
    credentials: await read(
      'SELECT user_id, picture_hash, sign_in_link_hash FROM auth.pupil_credentials ORDER BY user_id',
    ),
  };
}

type Call = [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown];

/** Every classes route that names a pupil or an assignment of a class. */
function memberCalls(classId: number, pupilId: number, assignmentId: number): Call[] {
  const p = `/api/classes/${classId}/pupils/${pupilId}`;
  const a = `/api/classes/${classId}/assignments/${assignmentId}`;
  return [
    ['POST', `/api/classes/${classId}/cards`, { pupilIds: [pupilId] }],
    ['GET', `${p}/progress`],
    ['GET', `${p}/facts`],
    ['PATCH', p, { name: 'Başka Ad' }],
    ['POST', `${p}/pictures`],
    ['POST', `${p}/unlock`],
    ['POST', `${p}/sign-in-link`],
    ['DELETE', `${p}/sign-in-link`],
    ['DELETE', p],
    ['POST', `${a}/close`],
    ['DELETE', a],
  ];
}

/** Every classes route that names a class, then those naming a pupil or assignment of it, then deleting it. */
function classCalls(classId: number, pupilId: number, assignmentId: number): Call[] {
  const c = `/api/classes/${classId}`;
  return [
    ['GET', c],
    ['PATCH', c, { name: 'Taken' }],
    ['POST', `${c}/join-code`],
    ['GET', `${c}/sign-in-trouble`],
    ['POST', `${c}/sign-in-trouble/reset`],
    ['GET', `${c}/progress`],
    ['GET', `${c}/dashboard`],
    ['GET', `${c}/outcomes`],
    ['GET', `${c}/pupils`],
    ['POST', `${c}/pupils`, { names: ['Yeni Öğrenci'] }],
    ['POST', `${c}/pupils/import`, { names: ['Yeni Öğrenci'] }],
    ['POST', `${c}/cards`, {}],
    ['GET', `${c}/assignments`],
    ['POST', `${c}/assignments`, practice],
    ['POST', `${c}/assignments`, { ...practice, pupilIds: [pupilId] }],
    ...memberCalls(classId, pupilId, assignmentId),
    ['DELETE', c],
  ];
}

describe('classes across schools', () => {
  it("a teacher of one school gets 404 on every route with another school's ids, and nothing changes", async () => {
    const before = await snapshot();
    let calls = 0;
    const notFound: string[] = [];
    for (const own of schools) {
      const foreign = await idsOutside(own.schoolId);
      // The three other schools, each with its class, two pupils and an assignment.
      expect(new Set(foreign.map((f) => f.classId)).size).toBe(schools.length - 1);
      expect(foreign.length).toBe((schools.length - 1) * 2);
      const ownAssignment = (
        await own.teacher.get<{ items: ClassAssignment[] }>(`/api/classes/${own.classId}/assignments`)
      ).body.items[0]!.id;
      const ownPupil = (
        await own.teacher.get<{ items: Array<{ id: number }> }>(`/api/classes/${own.classId}/pupils`)
      ).body.items[0]!.id;
      for (const f of foreign) {
        const tried = [
          ...classCalls(f.classId, f.pupilId, f.assignmentId),
          // The teacher's own class with another school's pupil or assignment.
          ...memberCalls(own.classId, f.pupilId, f.assignmentId),
          // Another school's class with the teacher's own pupil and assignment.
          ...memberCalls(f.classId, ownPupil, ownAssignment),
        ];
        for (const [method, path, body] of tried) {
          const res = await own.teacher.request(method, path, body === undefined ? {} : { json: body });
          calls += 1;
          if (res.status !== 404)
            notFound.push(`${method} ${path} → ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
      // The lists hold only the teacher's own.
      const list = await own.teacher.get<TeacherClassList>('/api/classes');
      expect(list.body.items.map((k) => k.id)).toEqual([own.classId]);
      expect((await own.teacher.get<{ items: unknown[] }>('/api/classes/me/assignments')).body.items).toEqual(
        [],
      );
      calls += 2;
    }
    console.log(
      `cross-school calls: ${calls} (schools: ${schools.length}), answered other than 404: ${notFound.length}`,
    );
    expect(notFound).toEqual([]);
    expect(calls).toBeGreaterThan(400);
    expect(await snapshot()).toEqual(before);
  });

  it("a teacher's own class still works end to end in their school", async () => {
    const own = schools[0]!;
    const res = await own.teacher.get<{ items: Array<{ id: number }> }>(`/api/classes/${own.classId}/pupils`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(2);
    const { rows } = await stack.pool.query<{ school_id: number }>(
      'SELECT school_id FROM classes.classes WHERE id = $1',
      [own.classId],
    );
    expect(rows[0]!.school_id).toBe(own.schoolId);
    expect((await own.teacher.get(`/api/classes/${own.classId}/dashboard`)).status).toBe(200);
  });

  it("a teacher's own class moved into a school they do not work in is out of their reach: the scope, not the WHERE", async () => {
    // Every query also filters by teacher; only Row-Level Security tells this class (still the teacher's) apart.
    const [mover, other] = [schools[1]!, schools[2]!];
    const move = (schoolId: number) =>
      stack.pool.query('UPDATE classes.classes SET school_id = $2 WHERE id = $1', [mover.classId, schoolId]);
    await move(other.schoolId);
    try {
      expect((await mover.teacher.get<TeacherClassList>('/api/classes')).body.items).toEqual([]);
      for (const path of ['', '/pupils', '/dashboard', '/progress', '/outcomes', '/assignments'])
        expect({
          path,
          status: (await mover.teacher.get(`/api/classes/${mover.classId}${path}`)).status,
        }).toEqual({
          path,
          status: 404,
        });
      expect(
        (await mover.teacher.post(`/api/classes/${mover.classId}/pupils`, { names: ['Ek'] })).status,
      ).toBe(404);
    } finally {
      await move(mover.schoolId);
    }
    expect((await mover.teacher.get(`/api/classes/${mover.classId}/dashboard`)).status).toBe(200);
  });
});
