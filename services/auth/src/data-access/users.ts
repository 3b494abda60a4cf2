import type { Lang, UserRole } from '@mathgames/contracts';
import type { Db } from '@mathgames/platform';

export type UserRecord = {
  id: number;
  username: string;
  email: string | null;
  passwordHash: string;
  displayName: string | null;
  about: string | null;
  receiveNotifications: boolean;
  avatarColor: string | null;
  role: UserRole;
  isVerified: boolean;
  lang: Lang;
  createdAt: Date;
  lastLogin: Date | null;
  photoVersion: string | null;
};

const SELECT_USER = `
  SELECT u.id, u.username, u.email, u.password_hash AS "passwordHash", u.display_name AS "displayName", u.about,
         u.receive_notifications AS "receiveNotifications", u.avatar_color AS "avatarColor", u.role,
         u.is_verified AS "isVerified", u.lang, u.created_at AS "createdAt", u.last_login AS "lastLogin",
         p.version AS "photoVersion"
    FROM auth.users u
    LEFT JOIN auth.photos p ON p.user_id = u.id`;

export async function findUserById(db: Db, id: number): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRecord>(`${SELECT_USER} WHERE u.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRecord>(`${SELECT_USER} WHERE lower(u.email) = lower($1)`, [email]);
  return rows[0] ?? null;
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM auth.users WHERE lower(username) = lower($1)', [
    username,
  ]);
  return (rowCount ?? 0) > 0;
}

export async function isEmailTaken(db: Db, email: string, exceptUserId?: number): Promise<boolean> {
  const { rowCount } = await db.query(
    'SELECT 1 FROM auth.users WHERE lower(email) = lower($1) AND id IS DISTINCT FROM $2',
    [email, exceptUserId ?? null],
  );
  return (rowCount ?? 0) > 0;
}

/** Inserts a user; null when the username or e-mail is already taken (the caller finds out which). */
export async function insertUser(
  db: Db,
  user: { username: string; email: string; passwordHash: string; lang: Lang; role: UserRole },
): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO auth.users (username, email, password_hash, display_name, lang, role)
     VALUES ($1, $2, $3, $1, $4, $5)
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [user.username, user.email, user.passwordHash, user.lang, user.role],
  );
  return rows[0]?.id ?? null;
}

export async function recordLogin(db: Db, id: number, lang: Lang, rehashed: string | null): Promise<void> {
  await db.query(
    `UPDATE auth.users SET last_login = now(), lang = $2, password_hash = coalesce($3, password_hash) WHERE id = $1`,
    [id, lang, rehashed],
  );
}

export type ProfileChanges = {
  displayName?: string | undefined;
  email?: string | undefined;
  about?: string | null | undefined;
  receiveNotifications?: boolean | undefined;
  avatarColor?: string | null | undefined;
  lang?: Lang | undefined;
};

const PROFILE_COLUMNS: Record<keyof ProfileChanges, string> = {
  displayName: 'display_name',
  email: 'email',
  about: 'about',
  receiveNotifications: 'receive_notifications',
  avatarColor: 'avatar_color',
  lang: 'lang',
};

/**
 * Applies the given fields (undefined = unchanged). A new e-mail makes the account unverified again.
 * Returns false when the new e-mail collides with another account (unique index).
 */
export async function updateProfile(
  db: Db,
  id: number,
  changes: ProfileChanges,
  emailChanged: boolean,
): Promise<boolean> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const [key, column] of Object.entries(PROFILE_COLUMNS) as [keyof ProfileChanges, string][]) {
    if (changes[key] === undefined) continue;
    values.push(changes[key]);
    sets.push(`${column} = $${values.length}`);
  }
  if (emailChanged) sets.push('is_verified = false');
  if (sets.length === 0) return true;
  try {
    await db.query(`UPDATE auth.users SET ${sets.join(', ')} WHERE id = $1`, values);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
}

export async function setPasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.query('UPDATE auth.users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
}

/** Marks the account verified only while its e-mail is still the one the link was sent to. */
export async function markVerified(db: Db, id: number, email: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE auth.users SET is_verified = true WHERE id = $1 AND lower(email) = lower($2)',
    [id, email],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Puts a confirmed address on the account (verified: the link proved it). False when another account took it
 * in the meantime (unique index).
 */
export async function setVerifiedEmail(db: Db, id: number, email: string): Promise<boolean> {
  try {
    const { rowCount } = await db.query(
      'UPDATE auth.users SET email = $2, is_verified = true WHERE id = $1',
      [id, email],
    );
    return (rowCount ?? 0) > 0;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
}
