/** Practice my mistakes: the Leitner review schedule and the answers of a review. */
import { z } from 'zod';
import { LEITNER_BOXES, REVIEW_MAX_QUESTIONS } from '../learning/review-schedule.js';
import { MISTAKE_KINDS } from '../questions/mistakes.js';
import { difficultyInputSchema, difficultySchema, gameTypeInputSchema, gameTypeSchema } from './fields.js';
import { mistakeKindSchema, savedQuestionSchema } from './game-results.js';
import { input, isoDateTime, k } from './shared.js';

export const reviewCardSchema = z
  .object({
    gameType: gameTypeSchema,
    difficulty: difficultySchema,
    mistake: mistakeKindSchema,
    box: z.number().int().min(1).max(LEITNER_BOXES),
    dueAt: isoDateTime,
  })
  .meta({ id: 'ReviewCard' });

export const reviewScheduleResponseSchema = z
  .object({
    /** Due now, interleaved across topics: the next review asks these in this order. */
    due: z.array(reviewCardSchema),
    /** Waiting for their day, soonest first. */
    later: z.array(reviewCardSchema),
  })
  .meta({ id: 'ReviewScheduleResponse' });
export type ReviewScheduleResponse = z.infer<typeof reviewScheduleResponseSchema>;

export const reviewAnswerSchema = input({
  gameType: gameTypeInputSchema,
  difficulty: difficultyInputSchema,
  mistake: z.enum(MISTAKE_KINDS, { error: k('validation_error') }),
  question: savedQuestionSchema.shape.question,
  answer: savedQuestionSchema.shape.answer,
  userAnswer: savedQuestionSchema.shape.userAnswer,
}).meta({ id: 'ReviewAnswer' });

export const reviewAnswersRequestSchema = input({
  answers: z
    .array(reviewAnswerSchema, { error: k('invalid_questions') })
    .min(1, k('invalid_questions'))
    .max(REVIEW_MAX_QUESTIONS, k('invalid_questions')),
}).meta({ id: 'ReviewAnswersRequest' });
export type ReviewAnswersRequest = z.infer<typeof reviewAnswersRequestSchema>;
export type ReviewAnswersRequestInput = z.input<typeof reviewAnswersRequestSchema>;
