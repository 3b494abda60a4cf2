/** The profile screen's statistics adjustment (docs/product-rules.md#numbers), applied to a statistics response. */
import { pointsFor, successRate } from './scoring.js';

export interface ProfileStatisticsInput {
  totalPoints: number;
  totalQuestions: number;
  correctAnswers: number;
  weeklyProgress: readonly number[];
}

export interface ProfileStatistics {
  totalPoints: number;
  totalQuestions: number;
  correctAnswers: number;
  successRate: number;
  /** Correct answers per day, Monday first: what every weekly chart shows (see `weeklyCorrectAnswers`). */
  weeklyCorrect: number[];
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * The one quantity every weekly chart shows (statistics screen and profile alike): correct answers per day,
 * Monday first, as the statistics response's `weeklyProgress` counts them. A chart that showed points on one
 * screen and correct answers on another gave the same day two different numbers (issue 17).
 */
export function weeklyCorrectAnswers(weeklyProgress: readonly number[]): number[] {
  return weeklyProgress.map((v) => (Number.isFinite(v) && v > 0 ? Math.trunc(v) : 0));
}

/**
 * 1. The success rate is recomputed from correct / total.
 * 2. The week is shown as correct answers per day (`weeklyCorrectAnswers`); the old rule that sometimes
 *    multiplied them by 10 into points is gone, so the profile and statistics charts agree.
 * 3. Total points become the week's points (its correct answers × points per correct answer) when they differ
 *    from them by more than 5 % and less than 20 % (of the total points), or when points are 0 while the week
 *    has some.
 */
export function adjustProfileStatistics(input: ProfileStatisticsInput): ProfileStatistics {
  const weekly = weeklyCorrectAnswers(input.weeklyProgress);
  const weeklyPoints = pointsFor(sum(weekly));
  let totalPoints = input.totalPoints;
  if (totalPoints === 0 && weeklyPoints > 0) totalPoints = weeklyPoints;
  else if (totalPoints > 0) {
    const differencePercent = (Math.abs(totalPoints - weeklyPoints) / totalPoints) * 100;
    if (differencePercent > 5 && differencePercent < 20) totalPoints = weeklyPoints;
  }
  return {
    totalPoints,
    totalQuestions: input.totalQuestions,
    correctAnswers: input.correctAnswers,
    successRate: successRate(input.correctAnswers, input.totalQuestions),
    weeklyCorrect: weekly,
  };
}
