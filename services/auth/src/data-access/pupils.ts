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
    `UPDATE auth.pupil_credentials SET picture_hash = $2, failed_attempts = 0, locked_until = NULL,
            day_failures = 0, day_started_at = NULL
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
  /** Wrong tries in the pupil's current day (0 once it is over) and when that day began. */
  dayFailures: number;
  dayStartedAt: Date | null;
}

/** A day's counts: those of a day that began `windowSeconds` or more ago are over. */
const DAY_FAILURES = (windowParam: string) =>
  `CASE WHEN day_started_at > now() - make_interval(secs => ${windowParam}) THEN day_failures ELSE 0 END`;

/** Locks the row: concurrent guesses for one pupil are counted one after another. */
export async function lockPupilCredential(
  db: Db,
  userId: number,
  dayWindowSeconds: number,
): Promise<PupilCredential | null> {
  const { rows } = await db.query<PupilCredential>(
    `SELECT user_id AS "userId", class_id AS "classId", picture_hash AS "pictureHash",
            failed_attempts AS "failedAttempts", locked_until AS "lockedUntil",
            ${DAY_FAILURES('$2')} AS "dayFailures", day_started_at AS "dayStartedAt"
       FROM auth.pupil_credentials WHERE user_id = $1 FOR UPDATE`,
    [userId, dayWindowSeconds],
  );
  return rows[0] ?? null;
}

/**
 * Counts a wrong guess in the pupil's day (the 24 hours from the first wrong try of it): returns the day's count
 * and when it began. Only the teacher's unlock, reset or a new card clears it, never the child's sign-in.
 */
export async function recordPupilDayFailure(
  db: Db,
  userId: number,
  dayWindowSeconds: number,
): Promise<{ dayFailures: number; dayStartedAt: Date } | null> {
  const { rows } = await db.query<{ dayFailures: number; dayStartedAt: Date }>(
    `UPDATE auth.pupil_credentials
        SET day_failures = ${DAY_FAILURES('$2')} + 1,
            day_started_at = CASE WHEN day_started_at > now() - make_interval(secs => $2) THEN day_started_at
                                  ELSE now() END
      WHERE user_id = $1 RETURNING day_failures AS "dayFailures", day_started_at AS "dayStartedAt"`,
    [userId, dayWindowSeconds],
  );
  return rows[0] ?? null;
}

/**
 * Counts a wrong try at the class from a place outside the school in the class's day; returns the day's count and
 * when it began.
 */
export async function recordClassOutsideFailure(
  db: Db,
  classId: number,
  dayWindowSeconds: number,
): Promise<{ failures: number; dayStartedAt: Date }> {
  const { rows } = await db.query<{ failures: number; dayStartedAt: Date }>(
    `INSERT INTO auth.class_sign_in_days (class_id, day_started_at, outside_failures) VALUES ($1, now(), 1)
     ON CONFLICT (class_id) DO UPDATE SET
       outside_failures = CASE WHEN auth.class_sign_in_days.day_started_at > now() - make_interval(secs => $2)
                               THEN auth.class_sign_in_days.outside_failures + 1 ELSE 1 END,
       day_started_at = CASE WHEN auth.class_sign_in_days.day_started_at > now() - make_interval(secs => $2)
                             THEN auth.class_sign_in_days.day_started_at ELSE now() END
     RETURNING outside_failures AS failures, day_started_at AS "dayStartedAt"`,
    [classId, dayWindowSeconds],
  );
  return rows[0]!;
}

/** The class's wrong tries from outside the school in its current day (0 and null when none). */
export async function classOutsideDayOf(
  db: Db,
  classId: number,
  dayWindowSeconds: number,
): Promise<{ failures: number; dayStartedAt: Date | null }> {
  const { rows } = await db.query<{ failures: number; dayStartedAt: Date }>(
    `SELECT outside_failures AS failures, day_started_at AS "dayStartedAt" FROM auth.class_sign_in_days
      WHERE class_id = $1 AND day_started_at > now() - make_interval(secs => $2)`,
    [classId, dayWindowSeconds],
  );
  return rows[0] ?? { failures: 0, dayStartedAt: null };
}

/** How many of the class's pupils have `cap` or more wrong tries in their current day. */
export async function pupilsAtDayCap(
  db: Db,
  classId: number,
  cap: number,
  dayWindowSeconds: number,
): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM auth.pupil_credentials
      WHERE class_id = $1 AND day_started_at > now() - make_interval(secs => $3) AND day_failures >= $2`,
    [classId, cap, dayWindowSeconds],
  );
  return rows[0]?.n ?? 0;
}

/** The teacher's unlock: the pause, the consecutive count and the day's count go. */
export async function unlockPupilCredential(db: Db, userId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE auth.pupil_credentials
        SET failed_attempts = 0, locked_until = NULL, day_failures = 0, day_started_at = NULL
      WHERE user_id = $1`,
    [userId],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Counts a wrong guess against the pupil. Every `failures`-th consecutive wrong guess pauses the pupil, each pause
 * twice the one before (`lockSeconds`, then 2x, 4x...) up to `maxLockSeconds`; a right guess or the teacher resets.
 */
export async function recordPupilFailure(
  db: Db,
  userId: number,
  limits: { failures: number; lockSeconds: number; maxLockSeconds: number },
): Promise<Date | null> {
  const { rows } = await db.query<{ lockedUntil: Date | null }>(
    `UPDATE auth.pupil_credentials
        SET failed_attempts = failed_attempts + 1,
            locked_until = CASE WHEN (failed_attempts + 1) % $2 = 0
                                THEN now() + make_interval(secs => least($4::float8,
                                       $3::float8 * power(2, least(30, (failed_attempts + 1) / $2 - 1))))
                                ELSE locked_until END
      WHERE user_id = $1 RETURNING locked_until AS "lockedUntil"`,
    [userId, limits.failures, limits.lockSeconds, limits.maxLockSeconds],
  );
  return rows[0]?.lockedUntil ?? null;
}

/** A right guess: the consecutive count and its pause go; the day's count stays (only the teacher clears it). */
export async function clearPupilFailures(db: Db, userId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE auth.pupil_credentials SET failed_attempts = 0, locked_until = NULL WHERE user_id = $1',
    [userId],
  );
  return (rowCount ?? 0) > 0;
}

export interface SignInPlace {
  inside: boolean;
  lockedUntil: Date | null;
}

/**
 * The (class, place) row, made when new. Read without a lock, outside the sign-in's transaction: a whole class
 * signs in from one place at once, and each sign-in holds its transaction through a slow hash. Failures are counted
 * by one atomic update each, so concurrent wrong guesses still all count.
 */
export async function signInPlaceOf(
  db: Db,
  classId: number,
  place: string,
): Promise<SignInPlace & { ticketsValidAfter: Date | null }> {
  // One statement (a sign-in costs few pool connections): a place made now is not seen by this snapshot, and
  // reads as what it is, a new place: outside, not paused.
  const { rows } = await db.query<{ inside: boolean | null; lockedUntil: Date | null; after: Date | null }>(
    `WITH made AS (
       INSERT INTO auth.class_sign_in_places (class_id, place) VALUES ($1, $2) ON CONFLICT DO NOTHING
     )
     SELECT p.inside, CASE WHEN p.locked_until > now() THEN p.locked_until END AS "lockedUntil",
            (SELECT tickets_valid_after FROM auth.class_ticket_epochs WHERE class_id = $1) AS after
       FROM (SELECT 1) AS one
       LEFT JOIN auth.class_sign_in_places p ON p.class_id = $1 AND p.place = $2`,
    [classId, place],
  );
  const row = rows[0]!;
  return { inside: row.inside ?? false, lockedUntil: row.lockedUntil, ticketsValidAfter: row.after };
}

/** Counts a wrong guess in the place's window; past the limit the place pauses (the window starts again). */
export async function recordPlaceFailure(
  db: Db,
  classId: number,
  place: string,
  limits: { failures: number; windowSeconds: number; lockSeconds: number },
): Promise<void> {
  await db.query(
    `UPDATE auth.class_sign_in_places SET
       failures = CASE WHEN window_start < now() - make_interval(secs => $3) THEN 1 ELSE failures + 1 END,
       window_start = CASE WHEN window_start < now() - make_interval(secs => $3) THEN now() ELSE window_start END,
       total_failures = total_failures + 1, last_failure_at = now()
     WHERE class_id = $1 AND place = $2`,
    [classId, place, limits.windowSeconds],
  );
  await db.query(
    `UPDATE auth.class_sign_in_places
        SET locked_until = now() + make_interval(secs => $4), failures = 0, window_start = now()
      WHERE class_id = $1 AND place = $2 AND failures >= $3`,
    [classId, place, limits.failures, limits.lockSeconds],
  );
}

/** A pupil of the class signed in from here: the place is the school's from now on. */
export async function markPlaceInside(db: Db, classId: number, place: string): Promise<void> {
  await db.query(
    'UPDATE auth.class_sign_in_places SET inside = true WHERE class_id = $1 AND place = $2 AND NOT inside',
    [classId, place],
  );
}

export interface SignInTrouble {
  inside: boolean;
  failures: number;
  lastFailureAt: Date;
  pausedUntil: Date | null;
}

/** Where the class's wrong guesses came from (places, not addresses), the most recent first. */
export async function signInTroubleOf(db: Db, classId: number): Promise<SignInTrouble[]> {
  const { rows } = await db.query<SignInTrouble>(
    `SELECT inside, total_failures AS failures, last_failure_at AS "lastFailureAt",
            CASE WHEN locked_until > now() THEN locked_until END AS "pausedUntil"
       FROM auth.class_sign_in_places
      WHERE class_id = $1 AND total_failures > 0
      ORDER BY last_failure_at DESC LIMIT 20`,
    [classId],
  );
  return rows;
}

/** The teacher's reset: the class's counts and pauses go (its places stay known), and every pupil's pause. */
export async function clearClassSignInTrouble(db: Db, classId: number): Promise<void> {
  await db.query(
    `UPDATE auth.class_sign_in_places
        SET failures = 0, total_failures = 0, locked_until = NULL, last_failure_at = NULL
      WHERE class_id = $1`,
    [classId],
  );
  await db.query(
    `UPDATE auth.pupil_credentials
        SET failed_attempts = 0, locked_until = NULL, day_failures = 0, day_started_at = NULL
      WHERE class_id = $1`,
    [classId],
  );
  await db.query('DELETE FROM auth.class_sign_in_days WHERE class_id = $1', [classId]);
}

/** Tickets the classes service issued before now stop working (a new code, joining closed, a reset). */
export async function retireClassTickets(db: Db, classId: number): Promise<void> {
  await db.query(
    `INSERT INTO auth.class_ticket_epochs (class_id, tickets_valid_after) VALUES ($1, now())
     ON CONFLICT (class_id) DO UPDATE SET tickets_valid_after = now()`,
    [classId],
  );
}

/** Stores the hash of a new sign-in link (the old link stops working), or NULL to turn links off. */
/** A link ends with the school year it was made in (`auth.school_year_end`: the next 1 September). */
export async function replaceSignInLinkHash(db: Db, userId: number, hash: Buffer | null): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE auth.pupil_credentials
        SET sign_in_link_hash = $2,
            sign_in_link_expires_at = CASE WHEN $2::bytea IS NULL THEN NULL ELSE auth.school_year_end(now()) END
      WHERE user_id = $1`,
    [userId, hash],
  );
  return (rowCount ?? 0) > 0;
}

/** The pupil's link hash, and whether its school year is over. */
export async function signInLinkOf(
  db: Db,
  userId: number,
): Promise<{ hash: Buffer; expired: boolean } | null> {
  const { rows } = await db.query<{ hash: Buffer | null; expired: boolean }>(
    `SELECT sign_in_link_hash AS hash, COALESCE(sign_in_link_expires_at <= now(), false) AS expired
       FROM auth.pupil_credentials WHERE user_id = $1`,
    [userId],
  );
  const row = rows[0];
  return row?.hash ? { hash: row.hash, expired: row.expired } : null;
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
