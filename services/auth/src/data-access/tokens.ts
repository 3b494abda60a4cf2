import { type Db, queryOne } from '@mathgames/platform';
import type { TokenPurpose } from '../domain/tokens.js';

export type TokenRecord = { userId: number; email: string; expiresAt: Date; usedAt: Date | null };

export async function insertToken(
  db: Db,
  token: { hash: Buffer; purpose: TokenPurpose; userId: number; email: string; expiresAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO auth.tokens (token_hash, purpose, user_id, email, expires_at) VALUES ($1, $2, $3, $4, $5)`,
    [token.hash, token.purpose, token.userId, token.email, token.expiresAt],
  );
}

/** The token if it exists, is unused and unexpired; it stays usable (for validate-reset-token). */
export async function findUsableToken(
  db: Db,
  hash: Buffer,
  purpose: TokenPurpose,
): Promise<TokenRecord | null> {
  return queryOne<TokenRecord>(
    db,
    `SELECT user_id AS "userId", email, expires_at AS "expiresAt", used_at AS "usedAt"
       FROM auth.tokens
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
    [hash, purpose],
  );
}

/** Spends a token atomically: of two concurrent uses exactly one gets the row. */
export async function consumeToken(db: Db, hash: Buffer, purpose: TokenPurpose): Promise<TokenRecord | null> {
  const { rows } = await db.query<TokenRecord>(
    `UPDATE auth.tokens SET used_at = now()
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id AS "userId", email, expires_at AS "expiresAt", used_at AS "usedAt"`,
    [hash, purpose],
  );
  return rows[0] ?? null;
}

/** Spends every open token of a purpose (a reset ends all other reset links; a new e-mail ends old ones). */
export async function revokeTokens(db: Db, userId: number, purpose: TokenPurpose): Promise<void> {
  await db.query(
    'UPDATE auth.tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
    [userId, purpose],
  );
}
