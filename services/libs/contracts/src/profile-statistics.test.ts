import { describe, expect, it } from 'vitest';
import { adjustProfileStatistics, weeklyCorrectAnswers, weeklyPointsOf } from './profile-statistics.js';

const base = { totalQuestions: 40, correctAnswers: 30, weeklyProgress: [0, 0, 0, 0, 0, 0, 0] };

describe('profile statistics adjustment (product-rules.md#numbers)', () => {
  it('recomputes the success rate from correct and total', () => {
    expect(adjustProfileStatistics({ ...base, totalPoints: 300 }).successRate).toBe(75);
  });

  // The profile's weekly charts show points ("Çarşamba: 870 puan", not "87 doğru cevap").
  it("shows the week as the server's points per day, whatever the correct answers", () => {
    const weeklyProgress = [10, 5, 0, 87, 0, 0, 0];
    const weeklyPoints = [100, 50, 0, 870, 0, 0, 0];
    for (const totalPoints of [150, 1020, 5000])
      expect(
        adjustProfileStatistics({ ...base, totalPoints, weeklyProgress, weeklyPoints }).weeklyPoints,
      ).toEqual(weeklyPoints);
    // Points the server counted otherwise than × 10 are shown as it counted them.
    expect(
      adjustProfileStatistics({
        ...base,
        totalPoints: 90,
        weeklyProgress: [3, 0, 0, 0, 0, 0, 0],
        weeklyPoints: [45, 0, 0, 0, 0, 0, 0],
      }).weeklyPoints,
    ).toEqual([45, 0, 0, 0, 0, 0, 0]);
  });

  it("from a server without weeklyPoints, counts each day's correct answers × 10", () => {
    expect(weeklyPointsOf({ weeklyProgress: [3, -1, Number.NaN, 2.7, 0, 0, 1] })).toEqual([
      30, 0, 0, 20, 0, 0, 10,
    ]);
    expect(weeklyPointsOf({ weeklyProgress: [3, 0, 0, 0, 0, 0, 0], weeklyPoints: [1, 2] })).toEqual([
      30, 0, 0, 0, 0, 0, 0,
    ]);
    expect(weeklyCorrectAnswers([3, -1, Number.NaN, 2.7, 0, 0, 1])).toEqual([3, 0, 0, 2, 0, 0, 1]);
  });

  it("replaces total points by the week's points only when they differ by more than 5 and less than 20 percent", () => {
    const weeklyPoints = [100, 0, 0, 0, 0, 0, 0];
    const adjust = (totalPoints: number) =>
      adjustProfileStatistics({ ...base, totalPoints, weeklyProgress: [10, 0, 0, 0, 0, 0, 0], weeklyPoints })
        .totalPoints;
    expect(adjust(110)).toBe(100); // 9 %
    expect(adjust(104)).toBe(104); // 4 %
    expect(adjust(500)).toBe(500); // 80 %
  });

  it("uses the week's points when total points are 0 but the week is not", () => {
    expect(
      adjustProfileStatistics({ ...base, totalPoints: 0, weeklyProgress: [0, 3, 0, 0, 0, 0, 0] }).totalPoints,
    ).toBe(30);
    expect(
      adjustProfileStatistics({
        ...base,
        totalPoints: 0,
        weeklyProgress: [0, 3, 0, 0, 0, 0, 0],
        weeklyPoints: [0, 35, 0, 0, 0, 0, 0],
      }).totalPoints,
    ).toBe(35);
  });
});
