import { describe, expect, it } from 'vitest';
import { adjustProfileStatistics } from './profile-statistics.js';

const base = { totalQuestions: 40, correctAnswers: 30, weeklyProgress: [0, 0, 0, 0, 0, 0, 0] };

describe('profile statistics adjustment (spec §9)', () => {
  it('recomputes the success rate from correct and total', () => {
    expect(adjustProfileStatistics({ ...base, totalPoints: 300 }).successRate).toBe(75);
  });

  it('turns weekly correct answers into points when points ÷ their sum lies between 8 and 12', () => {
    const weekly = [10, 5, 0, 0, 5, 0, 0]; // sum 20
    expect(
      adjustProfileStatistics({ ...base, totalPoints: 200, weeklyProgress: weekly }).weeklyPoints,
    ).toEqual([100, 50, 0, 0, 50, 0, 0]);
    expect(
      adjustProfileStatistics({ ...base, totalPoints: 160, weeklyProgress: weekly }).weeklyPoints[0],
    ).toBe(100);
    expect(
      adjustProfileStatistics({ ...base, totalPoints: 240, weeklyProgress: weekly }).weeklyPoints[0],
    ).toBe(100);
    expect(
      adjustProfileStatistics({ ...base, totalPoints: 260, weeklyProgress: weekly }).weeklyPoints[0],
    ).toBe(10);
    expect(
      adjustProfileStatistics({ ...base, totalPoints: 150, weeklyProgress: weekly }).weeklyPoints[0],
    ).toBe(10);
  });

  it('replaces total points by the weekly sum only when they differ by more than 5 and less than 20 percent', () => {
    const weekly = [100, 0, 0, 0, 0, 0, 0];
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

  it('uses the weekly sum when points are 0 but the week is not', () => {
    expect(
      adjustProfileStatistics({ ...base, totalPoints: 0, weeklyProgress: [0, 30, 0, 0, 0, 0, 0] })
        .totalPoints,
    ).toBe(30);
  });
});
