import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DEV_MAIL_TOKEN_KEY } from './config.js';

/**
 * MAIL_TOKEN_KEY: only auth (which seals the tokens of mail jobs) and the mail worker (which opens them) have
 * it, so the outbox row, the BullMQ job and a database or Redis dump never hold a usable link. Production
 * refuses the development value (config.ts SECRET_NEEDS).
 */
export const mailTokenConfigShape = {
  MAIL_TOKEN_KEY: z.string().default(DEV_MAIL_TOKEN_KEY),
};

const PREFIX = 'sealed.v1.';
const keyOf = (secret: string) => createHash('sha256').update(`mail-token:${secret}`).digest();

/** AES-256-GCM: `sealed.v1.<iv>.<ciphertext>.<tag>` (base64url). */
export function sealMailToken(token: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return `${PREFIX}${[iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url')).join('.')}`;
}

/** The token, or null when the value is not sealed with this key (tampered, wiped, or another key). */
export function openMailToken(sealed: string, secret: string): string | null {
  if (!sealed.startsWith(PREFIX)) return null;
  const [iv, body, tag] = sealed
    .slice(PREFIX.length)
    .split('.')
    .map((p) => Buffer.from(p, 'base64url'));
  if (!iv || !body || !tag || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
