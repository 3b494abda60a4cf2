import type { Db } from './db.js';

/** A pupil account: no e-mail and no usable password ('!' never verifies); the pictures are checked instead. */
export async function insertPupil(
  db: Db,
  pupil: { username: string; displayName: string; lang: 'tr' | 'en'; classId: number; pictureHash: string },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO auth.users (username, email, password_hash, display_name, lang, role, is_verified)
     VALUES ($1, NULL, '!', $2, $3, 'pupil', true) RETURNING id`,
    [pupil.username, pupil.displayName, pupil.lang],
  );
  const id = rows[0]!.id;
  await db.query('INSERT INTO auth.pupil_credentials (user_id, class_id, picture_hash) VALUES ($1, $2, $3)', [
    id,
    pupil.classId,
    pupil.pictureHash,
  ]);
  return id;
}

/** A new hash also lifts any lockout: the teacher handed out new pictures. */
export async function replacePictureHash(db: Db, userId: number, pictureHash: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE auth.pupil_credentials SET picture_hash = $2, failed_attempts = 0, locked_until = NULL
      WHERE user_id = $1`,
    [userId, pictureHash],
  );
  return (rowCount ?? 0) > 0;
}

export async function renamePupil(db: Db, userId: number, displayName: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE auth.users SET display_name = $2 WHERE id = $1 AND role = 'pupil'`,
    [userId, displayName],
  );
  return (rowCount ?? 0) > 0;
}

/** Credentials, tokens and photo go with the user (ON DELETE CASCADE). */
export async function deletePupil(db: Db, userId: number): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM auth.users WHERE id = $1 AND role = 'pupil'`, [userId]);
  return (rowCount ?? 0) > 0;
}
