import type { Db } from '@mathgames/platform';

/**
 * The schools a signed-in user's requests may see: their memberships (teacher, school admin, coach) and a pupil's
 * class's school (`classes.school_ids_of_user`, docs/decisions/0060-school-scope-row-level-security.md).
 */
export async function schoolIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const { rows } = await db.query<{ ids: number[] }>({
    name: 'classes-school-ids-of-user',
    text: 'SELECT classes.school_ids_of_user($1) AS ids',
    values: [userId],
  });
  return rows[0]!.ids;
}

/** The school a teacher's new class goes into: their first school as a teacher, else one of their own (made now). */
export async function schoolForNewClass(db: Db, teacherId: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>('SELECT classes.school_for_new_class($1) AS id', [
    teacherId,
  ]);
  return rows[0]!.id;
}
