/** The profile screen's statistics adjustment rules (spec §9), applied to a statistics response. */
import { successRate } from './scoring.js';

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
  /** Points per day, Monday first. */
  weeklyPoints: number[];
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * 1. The success rate is recomputed from correct / total.
 * 2. Weekly values are taken as correct answers and multiplied by 10 when points ÷ their sum lies in [8, 12].
 * 3. Total points become the weekly sum when they differ from it by more than 5 % and less than 20 %
 *    (of the total points), or when points are 0 while the sum is positive.
 */
export function adjustProfileStatistics(input: ProfileStatisticsInput): ProfileStatistics {
  let weekly = input.weeklyProgress.map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  const rawSum = sum(weekly);
  if (rawSum > 0) {
    const ratio = input.totalPoints / rawSum;
    if (ratio >= 8 && ratio <= 12) weekly = weekly.map((v) => v * 10);
  }
  const weeklySum = sum(weekly);
  let totalPoints = input.totalPoints;
  if (totalPoints === 0 && weeklySum > 0) totalPoints = weeklySum;
  else if (totalPoints > 0) {
    const differencePercent = (Math.abs(totalPoints - weeklySum) / totalPoints) * 100;
    if (differencePercent > 5 && differencePercent < 20) totalPoints = weeklySum;
  }
  return {
    totalPoints,
    totalQuestions: input.totalQuestions,
    correctAnswers: input.correctAnswers,
    successRate: successRate(input.correctAnswers, input.totalQuestions),
    weeklyPoints: weekly,
  };
}
