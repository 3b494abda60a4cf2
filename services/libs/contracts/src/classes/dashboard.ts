/** The class dashboard: progress, the pupil × topic grid, and one pupil's detail. */
import { z } from 'zod';
import { difficultySchema, gameTypeSchema } from '../schemas/fields.js';
import { mistakeKindSchema } from '../schemas/game-results.js';

export const classProgressSchema = z
  .object({
    items: z.array(
      z.object({
        pupilId: z.number().int().positive(),
        name: z.string(),
        questionsThisWeek: z.number().int().nonnegative(),
        /** Percent of this week's answers that were right; null before the first game of the week. */
        accuracyThisWeek: z.number().int().min(0).max(100).nullable(),
        points: z.number().int().nonnegative(),
        level: z.number().int().positive(),
        lastPlayedAt: z.iso.datetime({ offset: true }).nullable(),
      }),
    ),
  })
  .meta({ id: 'ClassProgress' });
export type ClassProgress = z.infer<typeof classProgressSchema>;

/**
 * How a pupil is doing in a topic, as a band the grid shows as a label and a shape besides its colour (so it reads
 * without colour): at least 80 % right is secure, at least 50 % is developing, below that needs support.
 */
export const ACCURACY_BANDS = ['secure', 'developing', 'needs-support'] as const;
export type AccuracyBand = (typeof ACCURACY_BANDS)[number];

export function accuracyBand(percent: number): AccuracyBand {
  if (percent >= 80) return 'secure';
  if (percent >= 50) return 'developing';
  return 'needs-support';
}

/** Most-missed topics and mistakes the dashboard lists for a class (the top of each ranking). */
export const CLASS_DASHBOARD_TOP = 5;

const topicAccuracySchema = z.object({
  gameType: gameTypeSchema,
  questions: z.number().int().nonnegative(),
  correct: z.number().int().nonnegative(),
  /** Percent right; null before the first answer in the topic. */
  accuracy: z.number().int().min(0).max(100).nullable(),
});
export type TopicAccuracy = z.infer<typeof topicAccuracySchema>;

const classMistakeSchema = z.object({
  kind: mistakeKindSchema,
  /** How often the class made this slip, and how many of its pupils did. */
  count: z.number().int().positive(),
  pupils: z.number().int().positive(),
});

/** The class grid (every pupil × every topic) and what the class gets wrong most. */
export const classDashboardSchema = z
  .object({
    pupils: z.array(
      z.object({
        pupilId: z.number().int().positive(),
        name: z.string(),
        /** One entry per game type, in GAME_TYPES order. */
        topics: z.array(topicAccuracySchema),
      }),
    ),
    /** Topics with wrong answers, most wrong answers first (at most CLASS_DASHBOARD_TOP). */
    mostMissedTopics: z.array(
      z.object({
        gameType: gameTypeSchema,
        wrong: z.number().int().positive(),
        questions: z.number().int().positive(),
        accuracy: z.number().int().min(0).max(100),
      }),
    ),
    /** Mistake kinds, most frequent first (at most CLASS_DASHBOARD_TOP). */
    mostFrequentMistakes: z.array(classMistakeSchema),
  })
  .meta({ id: 'ClassDashboard' });
export type ClassDashboard = z.infer<typeof classDashboardSchema>;

/** One pupil of the teacher's class: totals, per-topic accuracy, mistakes and the recent games. */
export const pupilProgressDetailSchema = z
  .object({
    pupilId: z.number().int().positive(),
    name: z.string(),
    questions: z.number().int().nonnegative(),
    correct: z.number().int().nonnegative(),
    accuracy: z.number().int().min(0).max(100).nullable(),
    points: z.number().int().nonnegative(),
    level: z.number().int().positive(),
    lastPlayedAt: z.iso.datetime({ offset: true }).nullable(),
    topics: z.array(topicAccuracySchema),
    mistakes: z.array(z.object({ kind: mistakeKindSchema, count: z.number().int().positive() })),
    /** The newest games first (the read model keeps a bounded number of them). */
    history: z.array(
      z.object({
        resultId: z.number().int().positive(),
        gameType: gameTypeSchema,
        difficulty: difficultySchema,
        questionsCount: z.number().int().positive(),
        correctAnswers: z.number().int().nonnegative(),
        points: z.number().int().nonnegative(),
        mistakes: z.number().int().nonnegative(),
        playedAt: z.iso.datetime({ offset: true }),
      }),
    ),
  })
  .meta({ id: 'PupilProgressDetail' });
export type PupilProgressDetail = z.infer<typeof pupilProgressDetailSchema>;
