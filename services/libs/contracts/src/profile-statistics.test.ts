import { describe, expect, it } from 'vitest';
import { adjustProfileStatistics, weeklyCorrectAnswers } from './profile-statistics.js';

const base = { totalQuestions: 40, correctAnswers: 30, weeklyProgress: [0, 0, 0, 0, 0, 0, 0] };

describe('profile statistics adjustment (product-rules.md#numbers)', () => {
  it('recomputes the success rate from correct and total', () => {
    expect(adjustProfileStatistics({ ...base, totalPoints: 300 }).successRate).toBe(75);
  });

  it('keeps the week as correct answers per day, the quantity the statistics chart shows too', () => {
    const weekly = [10, 5, 0, 0, 5, 0, 0];
    // Whatever the total points, the same day keeps the same number (the old ×10 rule depended on them).
    for (const totalPoints of [150, 200, 260])
      expect(adjustProfileStatistics({ ...base, totalPoints, weeklyProgress: weekly }).weeklyCorrect).toEqual(
        weeklyCorrectAnswers(weekly),
      );
    expect(weeklyCorrectAnswers([3, -1, Number.NaN, 2.7, 0, 0, 1])).toEqual([3, 0, 0, 2, 0, 0, 1]);
  });

  it("replaces total points by the week's points (correct × 10) only when they differ by more than 5 and less than 20 percent", () => {
    const weekly = [10, 0, 0, 0, 0, 0, 0]; // 100 points
    expect(adjustProfileStatistics({ ...base, totalPoints: 110, weeklyProgress: weekly }).totalPoints).toBe(
      100,
    ); // 9 %
    expect(adjustProfileStatistics({ ...base, totalPoints: 104, weeklyProgress: weekly }).totalPoints).toBe(
      104,
    ); // 4 %
    expect(adjustProfileStatistics({ ...base, totalPoints: 500, weeklyProgress: weekly }).totalPoints).toBe(
      500,
    ); // 80 %
  });

  it("uses the week's points when total points are 0 but the week is not", () => {
    expect(
      adjustProfileStatistics({ ...base, totalPoints: 0, weeklyProgress: [0, 3, 0, 0, 0, 0, 0] }).totalPoints,
    ).toBe(30);
  });
});
