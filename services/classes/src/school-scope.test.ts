import { randomBytes } from 'node:crypto';
import {
  createPool,
  type Pool,
  runMigrations,
  schoolScopedDb,
  withDatabase,
  withSchoolScope,
  withTransaction,
} from '@mathgames/platform';
import { createTestEnvironment, type TestEnvironment } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// School scope below the application (docs/decisions/0060-school-scope-row-level-security.md): as the classes
// service's own database role, a statement with no school set reads no pupil's or class's row of any school, and one
// with school A's set reads none of school B's, with no WHERE at all.

/**
 * Tables that hold no pupil's or class's data: the ladder, memberships, admins (invitations, second factors), the audit log
 * (ids of admin actions, read only by admin use cases) and the consumers' bookkeeping.
 */
const UNSCOPED = new Set([
  'provinces',
  'districts',
  'schools',
  'school_members',
  'ladder_admins',
  'admin_invitations',
  'audit_log',
  'admin_totp',
  'admin_recovery_codes',
  'processed_events',
  'erased_users',
]);

/** How each scoped table's row names whose it is: a class id, or a pupil's user id. */
const OWNER_COLUMN: Record<string, { column: string; of: 'class' | 'pupil' }> = {
  classes: { column: 'id', of: 'class' },
  pupils: { column: 'user_id', of: 'pupil' },
  assignments: { column: 'class_id', of: 'class' },
  assignment_pupils: { column: 'user_id', of: 'pupil' },
  assignment_completions: { column: 'user_id', of: 'pupil' },
  pupil_progress: { column: 'user_id', of: 'pupil' },
  pupil_topic_progress: { column: 'user_id', of: 'pupil' },
  pupil_mistakes: { column: 'user_id', of: 'pupil' },
  pupil_games: { column: 'user_id', of: 'pupil' },
  pupil_facts: { column: 'user_id', of: 'pupil' },
  pupil_mastery: { column: 'user_id', of: 'pupil' },
};

let env: TestEnvironment;
/** Connections as mathgames_classes, the role the service and its worker connect as. */
let role: Pool;
interface School {
  id: number;
  classId: number;
  pupils: number[];
}
let a: School;
let b: School;

async function seedSchool(admin: Pool, districtId: number, n: number): Promise<School> {
  return withTransaction(admin, async (tx) => {
    const school = await tx.query<{ id: number }>(
      'INSERT INTO classes.schools (district_id, name) VALUES ($1, $2) RETURNING id',
      [districtId, `School ${n}`],
    );
    const schoolId = school.rows[0]!.id;
    const teacherId = 1000 + n;
    await tx.query("INSERT INTO classes.school_members VALUES ($1, $2, 'teacher')", [schoolId, teacherId]);
    const klass = await tx.query<{ id: number }>(
      `INSERT INTO classes.classes (teacher_id, school_id, name, grade, join_code)
       VALUES ($1, $2, 'Class', 2, $3) RETURNING id`,
      [teacherId, schoolId, `${'ABCDEF'[n]}AAAAA`],
    );
    const classId = klass.rows[0]!.id;
    const pupils = [n * 100 + 1, n * 100 + 2];
    for (const pupil of pupils) {
      await tx.query('INSERT INTO classes.pupils (user_id, class_id, display_name) VALUES ($1, $2, $3)', [
        pupil,
        classId,
        `Pupil ${pupil}`,
      ]);
      await tx.query(
        "INSERT INTO classes.pupil_progress (user_id, week_start, questions_week) VALUES ($1, '2026-11-30', 5)",
        [pupil],
      );
      await tx.query("INSERT INTO classes.pupil_topic_progress VALUES ($1, 'toplama', 5, 4, now())", [pupil]);
      await tx.query("INSERT INTO classes.pupil_mistakes VALUES ($1, 'carry', 1)", [pupil]);
      await tx.query(
        `INSERT INTO classes.pupil_games (user_id, result_id, game_type, difficulty, questions_count,
                                          correct_answers, points, played_at)
         VALUES ($1, $1, 'toplama', 'kolay', 5, 4, 40, now())`,
        [pupil],
      );
      await tx.query(
        "INSERT INTO classes.pupil_facts (user_id, fact, correct, ms, tries, last_at) VALUES ($1, '2+3', '{t}', '{900}', 1, now())",
        [pupil],
      );
      await tx.query(
        "INSERT INTO classes.pupil_mastery (user_id, outcome, level, updated_at) VALUES ($1, 'M.2.1.2.1', 'practising', now())",
        [pupil],
      );
    }
    const assignment = await tx.query<{ id: number }>(
      `INSERT INTO classes.assignments (class_id, teacher_id, game_type, difficulty, questions_count, due_at,
                                        whole_class)
       VALUES ($1, $2, 'toplama', 'kolay', 5, now() + interval '1 day', false) RETURNING id`,
      [classId, teacherId],
    );
    const assignmentId = assignment.rows[0]!.id;
    for (const pupil of pupils) {
      await tx.query('INSERT INTO classes.assignment_pupils VALUES ($1, $2)', [assignmentId, pupil]);
      await tx.query('INSERT INTO classes.assignment_completions VALUES ($1, $2, 4, 5, 40, now(), false)', [
        assignmentId,
        pupil,
      ]);
    }
    return { id: schoolId, classId, pupils };
  });
}

beforeAll(async () => {
  env = await createTestEnvironment({ amqp: false });
  const url = new URL(env.env.DATABASE_URL!);
  url.username = 'mathgames_classes';
  url.password = '';
  // One connection: every statement below shares it, so a scope left behind would show in the next one.
  role = createPool(url.toString(), { max: 1 });
  const province = await env.pool.query<{ id: number }>(
    "INSERT INTO classes.provinces (name) VALUES ('İl') RETURNING id",
  );
  const district = await env.pool.query<{ id: number }>(
    "INSERT INTO classes.districts (province_id, name) VALUES ($1, 'İlçe') RETURNING id",
    [province.rows[0]!.id],
  );
  a = await seedSchool(env.pool, district.rows[0]!.id, 1);
  b = await seedSchool(env.pool, district.rows[0]!.id, 2);
});
afterAll(async () => {
  await role?.end();
  await env?.cleanup();
});

/** Every table of the classes schema, and whether row security is on for it. */
async function classesTables(): Promise<Array<{ name: string; rls: boolean }>> {
  const { rows } = await env.pool.query<{ name: string; rls: boolean }>(
    `SELECT c.relname AS name, c.relrowsecurity AS rls FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'classes' AND c.relkind = 'r' ORDER BY 1`,
  );
  return rows;
}

/** The scoped tables, from the catalogue: a new table holding pupils' data must be listed (and scoped) here. */
async function scopedTables(): Promise<string[]> {
  return (await classesTables()).filter((t) => !UNSCOPED.has(t.name)).map((t) => t.name);
}

function ownersOf(school: School, of: 'class' | 'pupil'): number[] {
  return of === 'class' ? [school.classId] : school.pupils;
}

describe('school scope (Row-Level Security, as the classes service role)', () => {
  it('is on for every table holding a pupil or class, and binds the role: not owner, not BYPASSRLS', async () => {
    const tables = await classesTables();
    for (const t of tables)
      expect({ table: t.name, rls: t.rls }).toEqual({ table: t.name, rls: !UNSCOPED.has(t.name) });
    expect(Object.keys(OWNER_COLUMN).sort()).toEqual(await scopedTables());
    const { rows } = await env.pool.query<{ rolsuper: boolean; rolbypassrls: boolean; owns: number }>(
      `SELECT r.rolsuper, r.rolbypassrls,
              (SELECT count(*)::int FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = 'classes' AND c.relowner = r.oid) AS owns
         FROM pg_roles r WHERE r.rolname = 'mathgames_classes'`,
    );
    expect(rows[0]).toEqual({ rolsuper: false, rolbypassrls: false, owns: 0 });
  });

  it('without a school set reads 0 rows of any school, from every scoped table', async () => {
    let seen = 0;
    for (const table of await scopedTables()) {
      const all = await env.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM classes.${table}`);
      expect(all.rows[0]!.n, table).toBeGreaterThan(0);
      const { rows } = await role.query<{ n: number }>(`SELECT count(*)::int AS n FROM classes.${table}`);
      expect({ table, n: rows[0]!.n }).toEqual({ table, n: 0 });
      seen += 1;
    }
    expect(seen).toBe(Object.keys(OWNER_COLUMN).length);
    // An empty school set is no school either.
    const empty = schoolScopedDb(role, { schoolIds: [] });
    expect((await empty.query('SELECT 1 FROM classes.pupils')).rowCount).toBe(0);
  });

  it("with school A's set reads all of A's rows and 0 of B's, with no WHERE at all", async () => {
    const scoped = schoolScopedDb(role, { schoolIds: [a.id] });
    for (const [table, { column, of }] of Object.entries(OWNER_COLUMN)) {
      const { rows } = await scoped.query<{ owner: number }>(
        `SELECT ${column} AS owner FROM classes.${table}`,
      );
      const owners = rows.map((r) => r.owner);
      expect({ table, ofB: owners.filter((o) => ownersOf(b, of).includes(o)) }).toEqual({ table, ofB: [] });
      const expected = await env.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM classes.${table} WHERE ${column} = ANY($1::int[])`,
        [ownersOf(a, of)],
      );
      expect({ table, n: rows.length }).toEqual({ table, n: expected.rows[0]!.n });
      expect(rows.length, table).toBeGreaterThan(0);
    }
  });

  it("with school A's set changes none of B's rows, and cannot write into B", async () => {
    const scoped = schoolScopedDb(role, { schoolIds: [a.id] });
    expect((await scoped.query('UPDATE classes.pupils SET display_name = $1', ['Renamed'])).rowCount).toBe(
      a.pupils.length,
    );
    expect((await scoped.query('DELETE FROM classes.pupil_games')).rowCount).toBe(a.pupils.length);
    expect(
      (await scoped.query('UPDATE classes.classes SET school_id = $1', [b.id]).catch((e) => e)).message,
    ).toMatch(/row-level security/);
    await expect(
      scoped.query('INSERT INTO classes.pupils (user_id, class_id, display_name) VALUES (999, $1, $2)', [
        b.classId,
        'Intruder',
      ]),
    ).rejects.toThrow(/row-level security/);
    const bNames = await env.pool.query<{ display_name: string }>(
      'SELECT display_name FROM classes.pupils WHERE class_id = $1',
      [b.classId],
    );
    expect(bNames.rows.map((r) => r.display_name).sort()).toEqual(b.pupils.map((p) => `Pupil ${p}`));
    const bGames = await env.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM classes.pupil_games WHERE user_id = ANY($1::int[])',
      [b.pupils],
    );
    expect(bGames.rows[0]!.n).toBe(b.pupils.length);
  });

  it('ends with its transaction: the same connection reads nothing afterwards', async () => {
    const scoped = schoolScopedDb(role, { schoolIds: [a.id, b.id] });
    expect((await scoped.query('SELECT 1 FROM classes.classes')).rowCount).toBe(2);
    await scoped.transaction(async (tx) => {
      expect((await tx.query('SELECT 1 FROM classes.pupils')).rowCount).toBe(4);
    });
    expect((await role.query('SELECT 1 FROM classes.classes')).rowCount).toBe(0);
    // A failed statement rolls its transaction back and leaves the connection clean and unscoped.
    await expect(scoped.query('SELECT 1/0 FROM classes.classes')).rejects.toThrow(/division by zero/);
    expect((await role.query('SELECT 1 FROM classes.classes')).rowCount).toBe(0);
  });

  it("gives a consumer's transaction every school only when it asks, and a user's set from memberships and roster", async () => {
    await withTransaction(role, async (tx) => {
      expect((await tx.query('SELECT 1 FROM classes.pupil_progress')).rowCount).toBe(0);
      await withSchoolScope(tx, { allSchools: true });
      expect((await tx.query('SELECT 1 FROM classes.pupil_progress')).rowCount).toBe(4);
    });
    const ids = async (userId: number) =>
      (await role.query<{ ids: number[] }>('SELECT classes.school_ids_of_user($1) AS ids', [userId])).rows[0]!
        .ids;
    expect(await ids(1001)).toEqual([a.id]);
    expect(await ids(b.pupils[0]!)).toEqual([b.id]);
    expect(await ids(424242)).toEqual([]);
    // The lookup's own every-school scope ended with it.
    expect((await role.query('SELECT 1 FROM classes.pupils')).rowCount).toBe(0);
  });

  it('migrates as a database owner that is no superuser, as the migration role does in compose and Kubernetes', async () => {
    // Some statements only a superuser may run (a function's SET clause naming a custom setting, for one): the
    // migrations must not need one. Its own role and database, dropped after.
    const name = `mg_migrate_${randomBytes(4).toString('hex')}`;
    await env.pool.query(`CREATE ROLE ${name} LOGIN`);
    await env.pool.query(`CREATE DATABASE ${name} OWNER ${name}`);
    try {
      const url = new URL(withDatabase(env.env.DATABASE_URL!, name));
      url.username = name;
      url.password = '';
      const applied = await runMigrations({ databaseUrl: url.toString() });
      expect(applied).toContain('1764300000400_classes-schools');
      expect(await runMigrations({ databaseUrl: url.toString(), direction: 'down', count: 3 })).toHaveLength(
        3,
      );
      expect(await runMigrations({ databaseUrl: url.toString() })).toHaveLength(3);
    } finally {
      await env.pool.query(`DROP DATABASE IF EXISTS ${name}`);
      await env.pool.query(`DROP ROLE IF EXISTS ${name}`);
    }
  });
});
