/** Join codes: what a class types to reach its pupil list. */
import { z } from 'zod';
import { k } from '../schemas/shared.js';

/** Letters and digits a child cannot mistake for each other: no 0/O, no 1/I/L. */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 6;

/**
 * A join code from random bytes (crypto.getRandomValues in the browser, randomBytes in Node). Bytes at or above
 * the largest multiple of the alphabet size are skipped, so every character is equally likely.
 */
export function joinCodeFromBytes(bytes: Uint8Array): string | null {
  const limit = 256 - (256 % JOIN_CODE_ALPHABET.length);
  let code = '';
  for (const byte of bytes) {
    if (byte >= limit) continue;
    code += JOIN_CODE_ALPHABET[byte % JOIN_CODE_ALPHABET.length];
    if (code.length === JOIN_CODE_LENGTH) return code;
  }
  return null;
}

/** What a child typed: upper-cased, spaces and dashes dropped. */
export function normaliseJoinCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

export const joinCodeSchema = z
  .string({ error: k('validation_error') })
  .transform(normaliseJoinCode)
  .pipe(
    z
      .string()
      .length(JOIN_CODE_LENGTH, k('validation_error'))
      .regex(new RegExp(`^[${JOIN_CODE_ALPHABET}]+$`), k('validation_error')),
  );
