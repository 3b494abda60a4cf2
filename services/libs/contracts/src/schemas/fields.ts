/** Fields several requests share: account fields and the game type and difficulty, canonicalised on writes. */
import { z } from 'zod';
import {
  CATEGORY_KEYS,
  DIFFICULTIES,
  GAME_TYPES,
  LANGUAGES,
  parseDifficulty,
  parseGameType,
  QUESTION_COUNTS,
} from '../values.js';
import { k } from './shared.js';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 72;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const EMAIL_MAX = 254;

/** Trimmed and lower-cased so one address is one account whatever the keyboard did. */
export const emailSchema = z
  .string({ error: k('email_required') })
  .trim()
  .toLowerCase()
  .min(1, k('email_required'))
  .max(EMAIL_MAX, k('email_too_long'))
  .regex(z.regexes.email, k('email_invalid'))
  .meta({ example: 'ali@example.com' });

export const passwordSchema = z
  .string({ error: k('password_required') })
  .min(PASSWORD_MIN, k('password_too_short'))
  .max(PASSWORD_MAX, k('password_too_long'));

/** Letters of any alphabet (Turkish included), digits, dot, dash, underscore and single inner spaces. */
const USERNAME_PATTERN = /^[\p{L}\p{N}._-]+(?: [\p{L}\p{N}._-]+)*$/u;
export const usernameSchema = z
  .string({ error: k('username_required') })
  .trim()
  .min(1, k('username_required'))
  .min(USERNAME_MIN, k('username_too_short'))
  .max(USERNAME_MAX, k('username_too_long'))
  .regex(USERNAME_PATTERN, k('username_invalid'))
  // The OpenAPI generator writes a regex's flags into the pattern ("…$/u"); JSON Schema patterns are Unicode-aware.
  .meta({ pattern: USERNAME_PATTERN.source });

export const langSchema = z.enum(LANGUAGES);

/** 5, 10, 15 or 20 questions. The OpenAPI generator lists only a multi-value literal's first value: `enum` says all. */
export const questionsCountSchema = z
  .literal(QUESTION_COUNTS, { error: k('invalid_question_count') })
  .meta({ enum: [...QUESTION_COUNTS] });

export const gameTypeSchema = z.enum(GAME_TYPES);
export const difficultySchema = z.enum(DIFFICULTIES);
export const categoryKeySchema = z.enum(CATEGORY_KEYS);

/** Accepts every topic alias (docs/product-rules.md#values) and gives the canonical game type; unknown is a 400 on writes. */
export const gameTypeInputSchema = z.string({ error: k('invalid_game_type') }).transform((s, ctx) => {
  const t = parseGameType(s);
  if (!t) {
    ctx.addIssue({ code: 'custom', message: k('invalid_game_type') });
    return z.NEVER;
  }
  return t;
});

export const difficultyInputSchema = z.string({ error: k('invalid_difficulty') }).transform((s, ctx) => {
  const d = parseDifficulty(s);
  if (!d) {
    ctx.addIssue({ code: 'custom', message: k('invalid_difficulty') });
    return z.NEVER;
  }
  return d;
});
