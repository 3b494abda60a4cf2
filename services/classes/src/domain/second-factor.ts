import { createHash, randomInt } from 'node:crypto';
import { type Db, openMailToken, sealMailToken } from '@mathgames/platform';
import { Secret, TOTP } from 'otpauth';
import {
  acceptTotpStep,
  findTotp,
  replaceUnconfirmedTotp,
  spendRecoveryCode,
} from '../data-access/second-factor-repository.js';

/**
 * Admins' second factor (docs/decisions/0062-admin-second-factor-totp.md): TOTP as every authenticator app reads it
 * (RFC 6238: SHA-1, 6 digits, 30 s), a code accepted one step early or late for clock drift and never twice, and ten
 * one-time recovery codes.
 */
export const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Steps either side of now a code may come from (phones' clocks drift). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Unambiguous letters and digits (no 0/O, 1/I/L), 10 of them: about 49 bits a code. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RECOVERY_LENGTH = 10;
/** The issuer and label the authenticator app shows: the product and the admin's id, never a name or address. */
export const TOTP_ISSUER = 'mathgames';

export interface SecondFactorKeys {
  /** The key sealing TOTP secrets at rest (AES-256-GCM). */
  sealingKey: string;
}

const recoveryHash = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest();

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_LENGTH; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

const totpOf = (userId: number, secret: Secret) =>
  new TOTP({ issuer: TOTP_ISSUER, label: `admin-${userId}`, secret, ...TOTP_SETTINGS });

export type EnrolmentStart =
  | { ok: true; uri: string; secret: string; recoveryCodes: string[] }
  | { ok: false; reason: 'already_enrolled' };

/**
 * A new secret for the admin's app (the `otpauth://` URI for a QR code, and the base32 secret to type) and their
 * recovery codes, each shown once. Enrolling again before confirming replaces both; a confirmed factor stays.
 */
export async function startTotpEnrolment(
  db: Db,
  keys: SecondFactorKeys,
  userId: number,
): Promise<EnrolmentStart> {
  const secret = new Secret({ size: 20 });
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const stored = await replaceUnconfirmedTotp(
    db,
    userId,
    sealMailToken(secret.base32, keys.sealingKey),
    recoveryCodes.map(recoveryHash),
  );
  if (!stored) return { ok: false, reason: 'already_enrolled' };
  return { ok: true, uri: totpOf(userId, secret).toString(), secret: secret.base32, recoveryCodes };
}

export type SecondFactorCheck =
  | { ok: true; by: 'totp' | 'recovery_code' }
  | { ok: false; reason: 'not_enrolled' | 'wrong_code' };

/**
 * Checks a code: a TOTP code of the admin's app (the first right one confirms an enrolment) or, once confirmed, one
 * of their unused recovery codes (spent by this use). A code already accepted, or older than the last one accepted,
 * is wrong: a code seen over a shoulder or in a log cannot be used again.
 */
export async function checkSecondFactor(
  db: Db,
  keys: SecondFactorKeys,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<SecondFactorCheck> {
  const row = await findTotp(db, userId);
  if (!row) return { ok: false, reason: 'not_enrolled' };
  const typed = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(typed)) {
    const base32 = openMailToken(row.secretSealed, keys.sealingKey);
    if (base32 === null) return { ok: false, reason: 'wrong_code' };
    const delta = totpOf(userId, Secret.fromBase32(base32)).validate({
      token: typed,
      timestamp: now,
      window: TOTP_WINDOW,
    });
    if (delta === null) return { ok: false, reason: 'wrong_code' };
    const step = Math.floor(now / 1000 / TOTP_SETTINGS.period) + delta;
    return (await acceptTotpStep(db, userId, step))
      ? { ok: true, by: 'totp' }
      : { ok: false, reason: 'wrong_code' };
  }
  if (!row.confirmed) return { ok: false, reason: 'wrong_code' };
  return (await spendRecoveryCode(db, userId, recoveryHash(typed)))
    ? { ok: true, by: 'recovery_code' }
    : { ok: false, reason: 'wrong_code' };
}
