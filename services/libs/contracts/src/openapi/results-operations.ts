/** Results, statistics and badges: game-results' and badges' public routes. */
import { z } from 'zod';
import { FLUENCY_THRESHOLDS, factsResponseSchema } from '../learning/fact-fluency.js';
import { masteryResponseSchema } from '../learning/mastery.js';
import {
  badgeSummaryQuerySchema,
  badgeSummarySchema,
  gameResultRequestSchema,
  gameResultResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  messageResponseSchema,
  reviewAnswersRequestSchema,
  reviewScheduleResponseSchema,
  statisticsResponseSchema,
  userBadgesQuerySchema,
  userBadgesResponseSchema,
} from '../schemas/index.js';
import type { Operation } from './operation.js';

const week = [3, 0, 5, 2, 0, 0, 0];

/** `?threshold=`: the fact-fluency reads' one query parameter (a pupil's own and their teacher's view). */
export const fluencyThresholdQuery = z.object({
  threshold: z
    .enum(FLUENCY_THRESHOLDS.map(String) as [string, ...string[]])
    .optional()
    .meta({ description: 'Milliseconds within which a right answer counts as fluent', example: '3000' }),
});
const stat = { correct: 18, total: 20, rate: 90 };

export const resultsOperations: Operation[] = [
  {
    method: 'post',
    path: '/api/game-results',
    operationId: 'recordGameResult',
    summary:
      'Save a finished game (every answer re-checked on the server); `Idempotency-Key` makes a resend count once',
    tag: 'game-results',
    access: 'signed-in',
    body: {
      schema: gameResultRequestSchema,
      example: {
        gameType: 'toplama',
        difficulty: 'kolay',
        questionsCount: 5,
        correctAnswers: 4,
        totalTime: 41,
        questions: [
          { question: '3 + 4', answer: 7, userAnswer: 7, isCorrect: true, responseMs: 2100 },
          { question: '5 + 2', answer: 7, userAnswer: 7, isCorrect: true, responseMs: 1800 },
          { question: '6 + 3', answer: 9, userAnswer: 8, isCorrect: false, responseMs: 4200 },
          { question: '2 + 2', answer: 4, userAnswer: 4, isCorrect: true, responseMs: 1200 },
          { question: '8 + 1', answer: 9, userAnswer: 9, isCorrect: true, responseMs: 1500 },
        ],
      },
    },
    ok: {
      status: 201,
      schema: gameResultResponseSchema,
      description: 'Saved (or, with a known Idempotency-Key, the first answer again)',
    },
    also: { 422: 'The Idempotency-Key was used for another result (`idempotency_key_reused`)' },
  },
  {
    method: 'get',
    path: '/api/game-results',
    operationId: 'listGameHistory',
    summary: 'Game history, newest first, a page at a time',
    tag: 'game-results',
    access: 'signed-in',
    query: historyQuerySchema,
    ok: {
      status: 200,
      schema: historyResponseSchema,
      description: 'A page of history',
      example: { items: [], nextCursor: null, total: 0 },
    },
  },
  {
    method: 'get',
    path: '/api/game-results/review',
    operationId: 'getReviewSchedule',
    summary: 'Practice my mistakes: the Leitner schedule',
    tag: 'game-results',
    access: 'signed-in',
    ok: {
      status: 200,
      schema: reviewScheduleResponseSchema,
      description: 'Shapes due now and later',
      example: { due: [], later: [] },
    },
  },
  {
    method: 'post',
    path: '/api/game-results/review',
    operationId: 'recordReview',
    summary: 'The answers of a review: right moves a shape up a box, wrong back to box 1',
    tag: 'game-results',
    access: 'signed-in',
    body: {
      schema: reviewAnswersRequestSchema,
      example: {
        answers: [
          {
            gameType: 'toplama',
            difficulty: 'kolay',
            mistake: 'off-by-one',
            question: '6 + 3',
            answer: 9,
            userAnswer: 9,
          },
        ],
      },
    },
    ok: { status: 200, schema: reviewScheduleResponseSchema, description: 'The schedule after the review' },
  },
  {
    method: 'get',
    path: '/api/statistics',
    operationId: 'getStatistics',
    summary: 'Totals, per-topic performance and this week',
    tag: 'statistics',
    access: 'signed-in',
    ok: {
      status: 200,
      schema: statisticsResponseSchema,
      description: 'Statistics',
      example: {
        totalPoints: 1240,
        totalQuestions: 100,
        correctAnswers: 90,
        successRate: 90,
        timeZone: 'Europe/Istanbul',
        weeklyProgress: week,
        gameTypeStats: { toplama: stat, çıkarma: stat, çarpma: stat, bölme: stat, kesirler: stat },
      },
    },
  },
  {
    method: 'get',
    path: '/api/statistics/facts',
    operationId: 'getFactFluency',
    summary: 'Fact fluency: each fact’s state from its last tries',
    tag: 'statistics',
    access: 'signed-in',
    query: fluencyThresholdQuery,
    ok: { status: 200, schema: factsResponseSchema, description: 'Every fact tried so far' },
  },
  {
    method: 'get',
    path: '/api/statistics/outcomes',
    operationId: 'getOutcomeMastery',
    summary: 'Mastery per curriculum outcome: the started outcomes and their checks',
    tag: 'statistics',
    access: 'signed-in',
    ok: {
      status: 200,
      schema: masteryResponseSchema,
      description: 'Started outcomes, in the outcome map’s order',
      example: { outcomes: [] },
    },
  },
  {
    method: 'post',
    path: '/api/statistics/resetWeeklyProgress',
    operationId: 'resetWeeklyProgress',
    summary: 'Start a new week (idempotent: the week is derived from the calendar)',
    tag: 'statistics',
    access: 'signed-in',
    ok: {
      status: 200,
      schema: messageResponseSchema,
      description: 'Reset',
      example: { message: 'Weekly progress reset' },
    },
  },
  {
    method: 'get',
    path: '/api/user-badges',
    operationId: 'listUserBadges',
    summary: 'Badges with the signed-in user’s progress',
    tag: 'badges',
    access: 'signed-in',
    query: userBadgesQuerySchema,
    ok: { status: 200, schema: userBadgesResponseSchema, description: 'Badges', example: [] },
  },
  {
    method: 'get',
    path: '/api/user-badges/summary',
    operationId: 'getBadgeSummary',
    summary: 'Completed and total badge counts (polled; answers 304 to a matching If-None-Match)',
    tag: 'badges',
    access: 'signed-in',
    query: badgeSummaryQuerySchema,
    ok: {
      status: 200,
      schema: badgeSummarySchema,
      description: 'Summary, with an ETag',
      example: { total: 175, completed: 12 },
    },
    also: { 304: 'Unchanged since the ETag in If-None-Match' },
  },
];
