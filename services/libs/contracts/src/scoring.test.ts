import { describe, expect, it } from 'vitest';
import { messages } from './message-catalogue.js';
import {
  LEVEL_TITLES,
  levelBounds,
  levelForPoints,
  levelProgress,
  levelTitle,
  pointsFor,
  resultBand,
  resultBandMessageKey,
  successRate,
} from './scoring.js';

describe('points and levels', () => {
  it('gives 10 points per correct answer', () => {
    expect(pointsFor(0)).toBe(0);
    expect(pointsFor(7)).toBe(70);
  });

  it.each([
    [0, 1],
    [99, 1],
    [100, 2],
    [399, 2],
    [400, 3],
    [899, 3],
    [900, 4],
    [36_099, 19],
    [36_100, 20],
    [40_000, 21],
  ])('puts %i points at level %i', (points, level) => {
    expect(levelForPoints(points)).toBe(level);
  });

  it('starts each level at (level-1)² × 100 and the next at level² × 100', () => {
    for (let level = 1; level <= 30; level++) {
      const { start, next } = levelBounds(level);
      expect(start).toBe((level - 1) ** 2 * 100);
      expect(next).toBe(level ** 2 * 100);
      expect(levelForPoints(start)).toBe(level);
      expect(levelForPoints(next - 1)).toBe(level);
      expect(levelForPoints(next)).toBe(level + 1);
    }
  });

  it('reports the way to the next level', () => {
    expect(levelProgress(250)).toEqual({
      level: 2,
      start: 100,
      next: 400,
      percentToNext: 50,
      pointsToNext: 150,
    });
  });

  it('has 20 titles in both languages and keeps the last beyond level 20', () => {
    expect(LEVEL_TITLES.en).toHaveLength(20);
    expect(LEVEL_TITLES.tr).toHaveLength(20);
    expect(levelTitle(1, 'en')).toBe('Beginner');
    expect(levelTitle(20, 'en')).toBe('Math King');
    expect(levelTitle(35, 'en')).toBe('Math King');
    expect(levelTitle(35, 'tr')).toBe(LEVEL_TITLES.tr[19]);
  });
});

describe('result bands', () => {
  it.each([
    [100, 'amazing'],
    [90, 'amazing'],
    [89, 'good'],
    [70, 'good'],
    [69, 'nice'],
    [50, 'nice'],
    [49, 'effort'],
    [30, 'effort'],
    [29, 'keep-trying'],
    [0, 'keep-trying'],
  ])('puts %i %% in the %s band', (percent, band) => {
    expect(resultBand(percent)).toBe(band);
  });

  it('shows the result band texts (product-rules.md#screens)', () => {
    expect(messages.en[resultBandMessageKey(95)]).toBe('Congratulations! Amazing performance!');
    expect(messages.en[resultBandMessageKey(10)]).toBe('Keep trying! You can do it!');
  });

  it('rounds the success rate and gives 0 when nothing was asked', () => {
    expect(successRate(2, 3)).toBe(67);
    expect(successRate(1, 8)).toBe(13);
    expect(successRate(0, 0)).toBe(0);
  });
});
