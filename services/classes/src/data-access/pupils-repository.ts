import type { Db } from '@mathgames/platform';

export interface PupilRecord {
  id: number;
  name: string;
  createdAt: Date;
  /** Pictures on the pupil's current card: 2 (printed before three) or 3. */
  pictureCount: number;
}

export async function listPupilsOfClass(db: Db, classId: number): Promise<PupilRecord[]> {
  const { rows } = await db.query<PupilRecord>(
    `SELECT user_id AS id, display_name AS name, created_at AS "createdAt", picture_count AS "pictureCount"
       FROM classes.pupils WHERE class_id = $1 ORDER BY lower(display_name), user_id`,
    [classId],
  );
  return rows;
}

export async function countPupilsOfClass(db: Db, classId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM classes.pupils WHERE class_id = $1',
    [classId],
  );
  return rows[0]!.n;
}

export async function insertPupils(
  db: Db,
  classId: number,
  pupils: { id: number; name: string; pictureCount: number }[],
): Promise<PupilRecord[]> {
  const { rows } = await db.query<PupilRecord>(
    `INSERT INTO classes.pupils (user_id, class_id, display_name, picture_count)
     SELECT * FROM unnest($1::int[], array_fill($2::int, ARRAY[cardinality($1::int[])]), $3::text[], $4::smallint[])
     RETURNING user_id AS id, display_name AS name, created_at AS "createdAt", picture_count AS "pictureCount"`,
    [pupils.map((p) => p.id), classId, pupils.map((p) => p.name), pupils.map((p) => p.pictureCount)],
  );
  return rows;
}

/** Only a pupil of this teacher's class (another teacher's pupil reads as missing). */
export async function findPupilOfTeacher(
  db: Db,
  teacherId: number,
  classId: number,
  pupilId: number,
): Promise<PupilRecord | null> {
  const { rows } = await db.query<PupilRecord>(
    `SELECT p.user_id AS id, p.display_name AS name, p.created_at AS "createdAt",
            p.picture_count AS "pictureCount"
       FROM classes.pupils p JOIN classes.classes c ON c.id = p.class_id
      WHERE p.user_id = $1 AND p.class_id = $2 AND c.teacher_id = $3`,
    [pupilId, classId, teacherId],
  );
  return rows[0] ?? null;
}

/** The pupils got new cards: remember how many pictures each has now. */
/** How many pictures a pupil of the class taps (null when the pupil is not in that class). */
export async function pictureCountOf(db: Db, classId: number, pupilId: number): Promise<number | null> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT picture_count AS n FROM classes.pupils WHERE class_id = $1 AND user_id = $2',
    [classId, pupilId],
  );
  return rows[0]?.n ?? null;
}

export async function setPictureCounts(db: Db, cards: { id: number; pictureCount: number }[]): Promise<void> {
  await db.query(
    `UPDATE classes.pupils p SET picture_count = c.n
       FROM unnest($1::int[], $2::smallint[]) AS c(id, n) WHERE p.user_id = c.id`,
    [cards.map((c) => c.id), cards.map((c) => c.pictureCount)],
  );
}

export async function renamePupilRow(db: Db, pupilId: number, name: string): Promise<void> {
  await db.query('UPDATE classes.pupils SET display_name = $2 WHERE user_id = $1', [pupilId, name]);
}

/** The pupil's progress goes with the roster row (ON DELETE CASCADE). */
export async function deletePupilRow(db: Db, pupilId: number): Promise<void> {
  await db.query('DELETE FROM classes.pupils WHERE user_id = $1', [pupilId]);
}
