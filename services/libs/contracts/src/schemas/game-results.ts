/** A finished game as the browser sends it, and the history the game-results service keeps. */
import { z } from 'zod';
import { MISTAKE_KINDS } from '../questions/mistakes.js';
import {
  difficultyInputSchema,
  gameTypeInputSchema,
  gameTypeSchema,
  questionsCountSchema,
} from './fields.js';
import { input, isoDateTime, k } from './shared.js';

export const QUESTION_TEXT_MAX = 40;
export const MAX_TOTAL_TIME_SECONDS = 24 * 60 * 60;
/** A result kept on a device is accepted for this long after it was played (weekly charts reach back a week). */
export const PLAYED_AT_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** A tablet's clock may run this far ahead of the server's. */
export const PLAYED_AT_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** True when a sent play time is in the future (beyond clock skew) or older than the accepted age. */
export function playedAtOutOfBounds(playedAt: Date, now: Date): boolean {
  const age = now.getTime() - playedAt.getTime();
  return Number.isNaN(age) || age < -PLAYED_AT_CLOCK_SKEW_MS || age > PLAYED_AT_MAX_AGE_MS;
}

/** One answer may take at most this long to count (a longer one is a child who walked away, not a time). */
export const MAX_RESPONSE_MS = 10 * 60 * 1000;

const answerValue = z
  .number({ error: k('invalid_answer') })
  .int(k('invalid_answer'))
  .nonnegative(k('invalid_answer'))
  .max(2_000_000, k('invalid_answer'));

export const savedQuestionSchema = input({
  question: z
    .string({ error: k('invalid_question_text') })
    .trim()
    .min(3, k('invalid_question_text'))
    .max(QUESTION_TEXT_MAX, k('invalid_question_text')),
  answer: answerValue,
  /** null when the question was left unanswered. */
  userAnswer: answerValue.nullable(),
  isCorrect: z.boolean({ error: k('invalid_questions') }),
  /**
   * Milliseconds from the question appearing to the tap (feedback excluded): fact fluency. null or absent when
   * unanswered or sent by an older app; bounded here and checked against the game time by validateGameResult.
   */
  responseMs: z
    .number({ error: k('invalid_response_time') })
    .int(k('invalid_response_time'))
    .nonnegative(k('invalid_response_time'))
    .max(MAX_RESPONSE_MS, k('invalid_response_time'))
    .nullable()
    .optional(),
}).meta({ id: 'SavedQuestion' });
export type SavedQuestion = z.infer<typeof savedQuestionSchema>;

/** Which slip a wrong answer stands for (contracts/mistakes.ts); always derived on the server. */
export const mistakeKindSchema = z.enum(MISTAKE_KINDS).meta({ id: 'MistakeKind' });

export const gameResultRequestSchema = input({
  gameType: gameTypeInputSchema,
  difficulty: difficultyInputSchema,
  questionsCount: questionsCountSchema,
  correctAnswers: z
    .number({ error: k('invalid_correct_answers') })
    .int(k('invalid_correct_answers'))
    .nonnegative(k('invalid_correct_answers'))
    .max(20, k('invalid_correct_answers')),
  totalTime: z
    .number({ error: k('invalid_total_time') })
    .int(k('invalid_total_time'))
    .nonnegative(k('invalid_total_time'))
    .max(MAX_TOTAL_TIME_SECONDS, k('invalid_total_time')),
  questions: z
    .array(savedQuestionSchema, { error: k('invalid_questions') })
    .min(1, k('invalid_questions'))
    .max(20, k('invalid_questions')),
  /**
   * When the game ended, for a result sent later (kept on the device while offline or signed out); absent means
   * now. The server refuses one outside `playedAtProblem`'s bounds.
   */
  playedAt: z.iso
    .datetime({ offset: true, error: k('invalid_played_at') })
    .optional()
    .meta({ description: 'When the game ended (ISO 8601); defaults to now' }),
}).meta({ id: 'GameResultRequest' });
export type GameResultRequest = z.infer<typeof gameResultRequestSchema>;
export type GameResultRequestInput = z.input<typeof gameResultRequestSchema>;

export const historyRecordSchema = z
  .object({
    id: z.number().int().positive(),
    gameType: gameTypeSchema,
    /** Stored text; an unknown legacy value is shown as is (parseDifficulty gives null). */
    difficulty: z.string(),
    createdAt: isoDateTime,
    correctAnswers: z.number().int().nonnegative(),
    questionsCount: z.number().int().nonnegative(),
    totalTime: z.number().int().nonnegative(),
    points: z.number().int().nonnegative(),
  })
  .meta({ id: 'HistoryRecord' });
export type HistoryRecord = z.infer<typeof historyRecordSchema>;

export const HISTORY_DEFAULT_LIMIT = 20;
export const HISTORY_MAX_LIMIT = 100;

export const historyQuerySchema = input({
  limit: z.coerce
    .number({ error: k('invalid_limit') })
    .int(k('invalid_limit'))
    .min(1, k('invalid_limit'))
    .max(HISTORY_MAX_LIMIT, k('invalid_limit'))
    .default(HISTORY_DEFAULT_LIMIT),
  cursor: z
    .string({ error: k('invalid_cursor') })
    .max(200, k('invalid_cursor'))
    .regex(/^[A-Za-z0-9_-]*$/, k('invalid_cursor'))
    .optional(),
}).meta({ id: 'HistoryQuery' });
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyResponseSchema = z
  .object({
    items: z.array(historyRecordSchema),
    nextCursor: z.string().nullable(),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'HistoryResponse' });
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

export const gameResultResponseSchema = historyRecordSchema
  .extend({
    message: z.string().optional(),
  })
  .meta({ id: 'GameResultResponse' });
export type GameResultResponse = z.infer<typeof gameResultResponseSchema>;
