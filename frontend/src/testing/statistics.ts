import { DEFAULT_TIME_ZONE, type GameTypeStat, type StatisticsResponse } from '@mathgames/contracts';

/** One topic's counts as the statistics answer gives them. */
export const topicStat = (correct: number, total: number): GameTypeStat => ({
  correct,
  total,
  rate: total ? Math.round((correct / total) * 100) : 0,
});

/** A statistics answer: nothing played unless `fields` says otherwise. */
export function statisticsResponse(fields: Partial<StatisticsResponse> = {}): StatisticsResponse {
  const none = topicStat(0, 0);
  return {
    timeZone: DEFAULT_TIME_ZONE,
    totalPoints: 0,
    totalQuestions: 0,
    correctAnswers: 0,
    successRate: 0,
    weeklyProgress: [0, 0, 0, 0, 0, 0, 0],
    gameTypeStats: { toplama: none, çıkarma: none, çarpma: none, bölme: none, kesirler: none },
    ...fields,
  };
}
