import type { Db } from '@mathgames/platform';

export interface TotpRow {
  secretSealed: string;
  confirmed: boolean;
  lastStep: number;
}

export async function findTotp(db: Db, userId: number): Promise<TotpRow | null> {
  const { rows } = await db.query<TotpRow>(
    `SELECT secret_sealed AS "secretSealed", confirmed_at IS NOT NULL AS confirmed, last_step::float8 AS "lastStep"
       FROM classes.admin_totp WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

/**
 * A new, unconfirmed secret and its recovery codes, replacing an unconfirmed one (and its codes). False when the
 * user already has a confirmed one: that is changed only by a reset, never by enrolling over it.
 */
export async function replaceUnconfirmedTotp(
  db: Db,
  userId: number,
  secretSealed: string,
  recoveryHashes: Buffer[],
): Promise<boolean> {
  const { rows } = await db.query<{ done: boolean }>(
    `WITH upserted AS (
       INSERT INTO classes.admin_totp (user_id, secret_sealed) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET secret_sealed = excluded.secret_sealed, last_step = 0, created_at = now()
         WHERE classes.admin_totp.confirmed_at IS NULL
       RETURNING user_id
     ), cleared AS (
       DELETE FROM classes.admin_recovery_codes WHERE user_id IN (SELECT user_id FROM upserted)
     ), added AS (
       INSERT INTO classes.admin_recovery_codes (user_id, code_hash)
       SELECT user_id, unnest($3::bytea[]) FROM upserted
     )
     SELECT EXISTS (SELECT 1 FROM upserted) AS done`,
    [userId, secretSealed, recoveryHashes],
  );
  return rows[0]!.done;
}

/** Accepts the code's time step once: true only when it is newer than the last accepted (and confirms). */
export async function acceptTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE classes.admin_totp SET last_step = $2, confirmed_at = coalesce(confirmed_at, now())
      WHERE user_id = $1 AND last_step < $2`,
    [userId, step],
  );
  return (rowCount ?? 0) > 0;
}

/** Spends a recovery code of a confirmed second factor: true once per code. */
export async function spendRecoveryCode(db: Db, userId: number, codeHash: Buffer): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE classes.admin_recovery_codes r SET used_at = now()
       FROM classes.admin_totp t
      WHERE r.user_id = $1 AND r.code_hash = $2 AND r.used_at IS NULL
        AND t.user_id = r.user_id AND t.confirmed_at IS NOT NULL`,
    [userId, codeHash],
  );
  return (rowCount ?? 0) > 0;
}
