import type { Db } from '@mathgames/platform';

/** A pupil account: no e-mail and no usable password ('!' never verifies); the pictures are checked instead. */
export async function insertPupil(
  db: Db,
  pupil: {
    username: string;
    displayName: string;
    lang: 'tr' | 'en';
    classId: number;
    teacherId: number;
    pictureHash: string;
  },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO auth.users (username, email, password_hash, display_name, lang, role, is_verified)
     VALUES ($1, NULL, '!', $2, $3, 'pupil', true) RETURNING id`,
    [pupil.username, pupil.displayName, pupil.lang],
  );
  const id = rows[0]!.id;
  await db.query(
    'INSERT INTO auth.pupil_credentials (user_id, class_id, teacher_id, picture_hash) VALUES ($1, $2, $3, $4)',
    [id, pupil.classId, pupil.teacherId, pupil.pictureHash],
  );
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

export interface PupilCredential {
  userId: number;
  classId: number;
  pictureHash: string;
  failedAttempts: number;
  lockedUntil: Date | null;
}

/** Locks the row: concurrent guesses for one pupil are counted one after another. */
export async function lockPupilCredential(db: Db, userId: number): Promise<PupilCredential | null> {
  const { rows } = await db.query<PupilCredential>(
    `SELECT user_id AS "userId", class_id AS "classId", picture_hash AS "pictureHash",
            failed_attempts AS "failedAttempts", locked_until AS "lockedUntil"
       FROM auth.pupil_credentials WHERE user_id = $1 FOR UPDATE`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function recordPupilFailure(
  db: Db,
  userId: number,
  limits: { failures: number; lockSeconds: number },
): Promise<Date | null> {
  const { rows } = await db.query<{ lockedUntil: Date | null }>(
    `UPDATE auth.pupil_credentials
        SET failed_attempts = CASE WHEN failed_attempts + 1 >= $2 THEN 0 ELSE failed_attempts + 1 END,
            locked_until = CASE WHEN failed_attempts + 1 >= $2 THEN now() + make_interval(secs => $3)
                                ELSE locked_until END
      WHERE user_id = $1 RETURNING locked_until AS "lockedUntil"`,
    [userId, limits.failures, limits.lockSeconds],
  );
  return rows[0]?.lockedUntil ?? null;
}

export async function clearPupilFailures(db: Db, userId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE auth.pupil_credentials SET failed_attempts = 0, locked_until = NULL WHERE user_id = $1',
    [userId],
  );
  return (rowCount ?? 0) > 0;
}

export async function classPausedUntil(db: Db, classId: number): Promise<Date | null> {
  const { rows } = await db.query<{ lockedUntil: Date }>(
    `SELECT locked_until AS "lockedUntil" FROM auth.class_sign_in_guard
      WHERE class_id = $1 AND locked_until > now()`,
    [classId],
  );
  return rows[0]?.lockedUntil ?? null;
}

/** Counts a wrong guess in the class's window; past the limit the class pauses (the window starts again). */
export async function recordClassFailure(
  db: Db,
  classId: number,
  limits: { failures: number; windowSeconds: number; lockSeconds: number },
): Promise<void> {
  await db.query(
    `INSERT INTO auth.class_sign_in_guard AS g (class_id, window_start, failures) VALUES ($1, now(), 1)
     ON CONFLICT (class_id) DO UPDATE SET
       failures = CASE WHEN g.window_start < now() - make_interval(secs => $2) THEN 1 ELSE g.failures + 1 END,
       window_start = CASE WHEN g.window_start < now() - make_interval(secs => $2) THEN now() ELSE g.window_start END`,
    [classId, limits.windowSeconds],
  );
  await db.query(
    `UPDATE auth.class_sign_in_guard
        SET locked_until = now() + make_interval(secs => $3), failures = 0, window_start = now()
      WHERE class_id = $1 AND failures >= $2`,
    [classId, limits.failures, limits.lockSeconds],
  );
}

/** Stores the hash of a new sign-in link (the old link stops working), or NULL to turn links off. */
export async function replaceSignInLinkHash(db: Db, userId: number, hash: Buffer | null): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE auth.pupil_credentials SET sign_in_link_hash = $2 WHERE user_id = $1',
    [userId, hash],
  );
  return (rowCount ?? 0) > 0;
}

export async function signInLinkHashOf(db: Db, userId: number): Promise<Buffer | null> {
  const { rows } = await db.query<{ hash: Buffer | null }>(
    'SELECT sign_in_link_hash AS hash FROM auth.pupil_credentials WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.hash ?? null;
}

export async function pupilsOfTeacher(db: Db, teacherId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT user_id AS id FROM auth.pupil_credentials WHERE teacher_id = $1',
    [teacherId],
  );
  return rows.map((r) => r.id);
}

export async function deleteUser(db: Db, userId: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM auth.users WHERE id = $1', [userId]);
  return (rowCount ?? 0) > 0;
}
