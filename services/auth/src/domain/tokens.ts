import { createHash, randomBytes } from 'node:crypto';

export type TokenPurpose = 'verify_email' | 'reset_password' | 'change_email' | 'revert_email';

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  change_email: 24 * 60 * 60 * 1000,
  // The way back for the old address: long enough for a parent who reads mail weekly.
  revert_email: 7 * 24 * 60 * 60 * 1000,
};

/** 32 random bytes, base64url in the link; only the SHA-256 of it is stored. */
export function createToken(): { token: string; hash: Buffer } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
