/** The profile screen's statistics adjustment (docs/product-rules.md#numbers), applied to a statistics response. */
import { pointsFor, successRate } from './scoring.js';

export interface ProfileStatisticsInput {
  totalPoints: number;
  totalQuestions: number;
  correctAnswers: number;
  weeklyProgress: readonly number[];
  /** Points per day, Monday first, as the statistics response's `weeklyPoints` counts them (absent from older servers). */
  weeklyPoints?: readonly number[] | undefined;
}

export interface ProfileStatistics {
  totalPoints: number;
  totalQuestions: number;
  correctAnswers: number;
  successRate: number;
  /**
   * Points per day, Monday first: what the profile's two weekly charts show (spec, Profile: "weekly points chart",
   * "points per day"; see `weeklyPointsOf`). The statistics screen's chart counts correct answers instead.
   */
  weeklyPoints: number[];
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const dayCount = (v: number) => (Number.isFinite(v) && v > 0 ? Math.trunc(v) : 0);

/**
 * Correct answers per day, Monday first, as the statistics response's `weeklyProgress` counts them: what the
 * statistics screen's weekly chart shows (spec, Statistics).
 */
export function weeklyCorrectAnswers(weeklyProgress: readonly number[]): number[] {
  return weeklyProgress.map(dayCount);
}

/**
 * Points per day, Monday first: the server's `weeklyPoints` (the points it awarded, as the totals count them);
 * from a server that does not send them, each day's correct answers × points per correct answer.
 */
export function weeklyPointsOf(
  input: Pick<ProfileStatisticsInput, 'weeklyProgress' | 'weeklyPoints'>,
): number[] {
  if (input.weeklyPoints && input.weeklyPoints.length === 7) return input.weeklyPoints.map(dayCount);
  return weeklyCorrectAnswers(input.weeklyProgress).map(pointsFor);
}

/**
 * 1. The success rate is recomputed from correct / total.
 * 2. The week is shown as points per day (`weeklyPointsOf`): the server counts them, so the old rule that
 *    guessed when to multiply the week's values by 10 is not needed.
 * 3. Total points become the week's points when they differ from them by more than 5 % and less than 20 % (of
 *    the total points), or when points are 0 while the week has some.
 */
export function adjustProfileStatistics(input: ProfileStatisticsInput): ProfileStatistics {
  const weekly = weeklyPointsOf(input);
  const weeklyPoints = sum(weekly);
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
    weeklyPoints: weekly,
  };
}
