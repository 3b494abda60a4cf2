import { GAME_TYPES, isMistakeKind, type MistakeCount, successRate } from '@mathgames/contracts';
import type pg from 'pg';
import { readStatistics } from '../data-access/statistics-repository.js';

export interface TypeStats {
  correct: number;
  total: number;
  rate: number;
}

export interface Statistics {
  /** The zone the days and the week are counted in (config TIME_ZONE), so the browser counts them alike. */
  timeZone: string;
  totalPoints: number;
  totalQuestions: number;
  correctAnswers: number;
  successRate: number;
  totalGames: number;
  /** Correct answers per day of the current week, Monday first, in `timeZone`. */
  weeklyProgress: number[];
  /** Questions per day of the same week (chart tooltips). */
  weeklyQuestions: number[];
  /** Points per day of the same week (profile chart). */
  weeklyPoints: number[];
  gameTypeStats: Record<string, TypeStats>;
  topMistakes: MistakeCount[];
}

export interface StatisticsDeps {
  pool: pg.Pool;
  now: () => Date;
  timeZone: string;
}

/** The user's statistics from the read model only: the same few rows whether they played 10 games or 100,000. */
export async function getStatistics(deps: StatisticsDeps, userId: number): Promise<Statistics> {
  const read = await readStatistics(deps.pool, userId, deps.now(), deps.timeZone);
  const gameTypeStats: Record<string, TypeStats> = {};
  // Every topic is listed, unplayed ones as zero, so screens need no special case.
  for (const type of GAME_TYPES) {
    const t = read.byType[type];
    const correct = t?.correct ?? 0;
    const total = t?.questions ?? 0;
    gameTypeStats[type] = { correct, total, rate: successRate(correct, total) };
  }
  return {
    timeZone: deps.timeZone,
    totalPoints: read.totals.points,
    totalQuestions: read.totals.questions,
    correctAnswers: read.totals.correct,
    successRate: successRate(read.totals.correct, read.totals.questions),
    totalGames: read.totals.games,
    weeklyProgress: read.week.map((d) => d.correct),
    weeklyQuestions: read.week.map((d) => d.questions),
    weeklyPoints: read.week.map((d) => d.points),
    gameTypeStats,
    // A kind a later release renamed is skipped rather than shown unexplained.
    topMistakes: read.mistakes.flatMap((m) =>
      isMistakeKind(m.kind) ? [{ kind: m.kind, count: m.count }] : [],
    ),
  };
}
