import type pg from 'pg';

/** Deletes the account's roster rows (their read model goes with them) and the classes it teaches (caller's transaction). */
export async function eraseAccountRows(tx: pg.PoolClient, userId: number): Promise<void> {
  await tx.query('DELETE FROM classes.pupils WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM classes.classes WHERE teacher_id = $1', [userId]);
  // Their memberships, and their own school once no class is left in it (ids only, nothing else of them).
  await tx.query('DELETE FROM classes.school_members WHERE user_id = $1', [userId]);
  await tx.query(
    `DELETE FROM classes.schools s WHERE s.personal_teacher_id = $1
        AND NOT EXISTS (SELECT 1 FROM classes.classes c WHERE c.school_id = s.id)`,
    [userId],
  );
}
