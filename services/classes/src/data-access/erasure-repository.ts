import type pg from 'pg';

/** Deletes the account's roster rows (their read model goes with them) and the classes it teaches (caller's transaction). */
export async function eraseAccountRows(tx: pg.PoolClient, userId: number): Promise<void> {
  await tx.query('DELETE FROM classes.pupils WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM classes.classes WHERE teacher_id = $1', [userId]);
}
