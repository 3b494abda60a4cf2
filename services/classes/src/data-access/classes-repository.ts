import type { Db } from '@mathgames/platform';

export interface ClassRecord {
  id: number;
  teacherId: number;
  name: string;
  grade: number;
  joinCode: string;
  joiningOpen: boolean;
  archived: boolean;
  pupilCount: number;
  createdAt: Date;
}

const SELECT_CLASS = `
  SELECT c.id, c.teacher_id AS "teacherId", c.name, c.grade, c.join_code AS "joinCode",
         c.joining_open AS "joiningOpen", c.archived_at IS NOT NULL AS archived, c.created_at AS "createdAt",
         (SELECT count(*)::int FROM classes.pupils p WHERE p.class_id = c.id) AS "pupilCount"
    FROM classes.classes c`;

export async function listClassesOfTeacher(db: Db, teacherId: number): Promise<ClassRecord[]> {
  const { rows } = await db.query<ClassRecord>(
    `${SELECT_CLASS} WHERE c.teacher_id = $1 ORDER BY c.archived_at IS NOT NULL, c.created_at, c.id`,
    [teacherId],
  );
  return rows;
}

/** Only the teacher's own class: another teacher's id reads as missing. */
export async function findClassOfTeacher(
  db: Db,
  teacherId: number,
  classId: number,
): Promise<ClassRecord | null> {
  const { rows } = await db.query<ClassRecord>(`${SELECT_CLASS} WHERE c.id = $1 AND c.teacher_id = $2`, [
    classId,
    teacherId,
  ]);
  return rows[0] ?? null;
}

export async function countClassesOfTeacher(db: Db, teacherId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM classes.classes WHERE teacher_id = $1',
    [teacherId],
  );
  return rows[0]!.n;
}

/** Null when the code is taken (the caller draws another). */
export async function insertClass(
  db: Db,
  values: { teacherId: number; schoolId: number; name: string; grade: number; joinCode: string },
): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO classes.classes (teacher_id, school_id, name, grade, join_code) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (join_code) DO NOTHING RETURNING id`,
    [values.teacherId, values.schoolId, values.name, values.grade, values.joinCode],
  );
  return rows[0]?.id ?? null;
}

export async function updateClass(
  db: Db,
  teacherId: number,
  classId: number,
  changes: { name?: string; grade?: number; archived?: boolean; joiningOpen?: boolean },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE classes.classes
        SET name = coalesce($3, name),
            grade = coalesce($4, grade),
            archived_at = CASE WHEN $5::boolean IS NULL THEN archived_at
                               WHEN $5 THEN coalesce(archived_at, now()) ELSE NULL END,
            joining_open = coalesce($6, joining_open)
      WHERE id = $1 AND teacher_id = $2`,
    [
      classId,
      teacherId,
      changes.name ?? null,
      changes.grade ?? null,
      changes.archived ?? null,
      changes.joiningOpen ?? null,
    ],
  );
  return (rowCount ?? 0) > 0;
}

/** Null when the new code is taken; false when the class is not the teacher's. */
export async function replaceJoinCode(
  db: Db,
  teacherId: number,
  classId: number,
  joinCode: string,
): Promise<boolean | null> {
  try {
    const { rowCount } = await db.query(
      'UPDATE classes.classes SET join_code = $3 WHERE id = $1 AND teacher_id = $2',
      [classId, teacherId, joinCode],
    );
    return (rowCount ?? 0) > 0;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') return null;
    throw err;
  }
}

export async function deleteClass(db: Db, teacherId: number, classId: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM classes.classes WHERE id = $1 AND teacher_id = $2', [
    classId,
    teacherId,
  ]);
  return (rowCount ?? 0) > 0;
}

/** The class a code opens, only while joining is open and the class is not archived. */
export async function findJoinableClass(
  db: Db,
  joinCode: string,
): Promise<{ id: number; name: string } | null> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM classes.classes
      WHERE join_code = $1 AND joining_open AND archived_at IS NULL`,
    [joinCode],
  );
  return rows[0] ?? null;
}
