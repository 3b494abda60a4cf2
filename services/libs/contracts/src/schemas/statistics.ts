/** The profile's statistics: totals, this week and the most frequent mistakes. */
import { z } from 'zod';
import { mistakeKindSchema } from './game-results.js';

const dayCounts = z.array(z.number().int().nonnegative()).length(7);

export const gameTypeStatSchema = z.object({
  correct: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  rate: z.number().int().min(0).max(100),
});
export type GameTypeStat = z.infer<typeof gameTypeStatSchema>;

export const mistakeCountSchema = z
  .object({ kind: mistakeKindSchema, count: z.number().int().positive() })
  .meta({ id: 'MistakeCount' });
export type MistakeCount = z.infer<typeof mistakeCountSchema>;

export const statisticsResponseSchema = z
  .object({
    totalPoints: z.number().int().nonnegative(),
    totalQuestions: z.number().int().nonnegative(),
    correctAnswers: z.number().int().nonnegative(),
    successRate: z.number().int().min(0).max(100),
    /**
     * The IANA time zone the server counts days and weeks in (its TIME_ZONE config): the browser takes its day and
     * week boundaries from here, so both sides agree on "today" and "Monday".
     */
    timeZone: z.string(),
    /** Correct answers per day of the current Monday-first week in `timeZone`. */
    weeklyProgress: dayCounts,
    /** Questions per day of the same week, for the chart's tooltips. */
    weeklyQuestions: dayCounts.optional(),
    /** Points per day of the same week: the profile's weekly points charts (spec, Profile). */
    weeklyPoints: dayCounts.optional(),
    totalGames: z.number().int().nonnegative().optional(),
    /** "Mistakes I make most": explained wrong answers per kind, most frequent first. */
    topMistakes: z.array(mistakeCountSchema).optional(),
    gameTypeStats: z.object({
      toplama: gameTypeStatSchema,
      çıkarma: gameTypeStatSchema,
      çarpma: gameTypeStatSchema,
      bölme: gameTypeStatSchema,
      kesirler: gameTypeStatSchema,
    }),
  })
  .meta({ id: 'StatisticsResponse' });
export type StatisticsResponse = z.infer<typeof statisticsResponseSchema>;
