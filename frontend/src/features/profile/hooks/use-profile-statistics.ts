import {
  adjustProfileStatistics,
  type ProfileStatistics,
  type StatisticsResponse,
} from '@mathgames/contracts';

/** The profile adjustment (rules live in contracts), applied to whatever the statistics call answered. */
export function profileStatisticsFrom(data: StatisticsResponse | undefined): ProfileStatistics | null {
  if (!data) return null;
  return adjustProfileStatistics({
    totalPoints: data.totalPoints,
    totalQuestions: data.totalQuestions,
    correctAnswers: data.correctAnswers,
    weeklyProgress: data.weeklyProgress,
    weeklyPoints: data.weeklyPoints,
  });
}
