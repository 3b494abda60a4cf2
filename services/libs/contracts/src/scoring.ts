/** Points, levels and result bands (docs/product-rules.md#numbers, #screens). */
import type { MessageKey } from './message-catalogue.js';
import type { Lang } from './values.js';

export const POINTS_PER_CORRECT = 10;

export function pointsFor(correctAnswers: number): number {
  return Math.max(0, Math.trunc(correctAnswers)) * POINTS_PER_CORRECT;
}

/** Level = floor(sqrt(points / 100)) + 1, computed in integers so perfect squares never round down. */
export function levelForPoints(points: number): number {
  const p = Math.max(0, Math.floor(points));
  let level = Math.floor(Math.sqrt(p / 100)) + 1;
  while (level * level * 100 <= p) level++;
  while (level > 1 && (level - 1) * (level - 1) * 100 > p) level--;
  return level;
}

/** A level starts at (level-1)² × 100 points; the next starts at level² × 100. */
export function levelBounds(level: number): { start: number; next: number } {
  const l = Math.max(1, Math.floor(level));
  return { start: (l - 1) * (l - 1) * 100, next: l * l * 100 };
}

export interface LevelProgress {
  level: number;
  start: number;
  next: number;
  /** 0-100, whole percent of the way from this level's start to the next. */
  percentToNext: number;
  pointsToNext: number;
}

export function levelProgress(points: number): LevelProgress {
  const p = Math.max(0, Math.floor(points));
  const level = levelForPoints(p);
  const { start, next } = levelBounds(level);
  return {
    level,
    start,
    next,
    percentToNext: Math.min(100, Math.max(0, Math.floor(((p - start) / (next - start)) * 100))),
    pointsToNext: next - p,
  };
}

export const LEVEL_TITLES: Record<Lang, readonly string[]> = {
  en: [
    'Beginner',
    'Explorer',
    'Apprentice',
    'Researcher',
    'Scholar',
    'Expert',
    'Master',
    'Champion',
    'Hero',
    'Super Genius',
    'Math Genius',
    'Legend',
    'Math Wizard',
    'Math Professor',
    'Math Legend',
    'Math Master',
    'Math Prodigy',
    'Math Guru',
    'Math Lord',
    'Math King',
  ],
  tr: [
    'Başlangıç',
    'Kaşif',
    'Çırak',
    'Araştırmacı',
    'Bilgin',
    'Uzman',
    'Usta',
    'Şampiyon',
    'Kahraman',
    'Süper Dahi',
    'Matematik Dahisi',
    'Efsane',
    'Matematik Büyücüsü',
    'Matematik Profesörü',
    'Matematik Efsanesi',
    'Matematik Ustası',
    'Matematik Harikası',
    'Matematik Gurusu',
    'Matematik Lordu',
    'Matematik Kralı',
  ],
};

/** Title of a level; levels beyond 20 keep the last title. */
export function levelTitle(level: number, lang: Lang): string {
  const titles = LEVEL_TITLES[lang] ?? LEVEL_TITLES.tr;
  const i = Math.min(titles.length, Math.max(1, Math.floor(level))) - 1;
  return titles[i]!;
}

export const RESULT_BANDS = ['amazing', 'good', 'nice', 'effort', 'keep-trying'] as const;
export type ResultBand = (typeof RESULT_BANDS)[number];

export const RESULT_BAND_MESSAGE_KEYS = {
  amazing: 'result_amazing',
  good: 'result_good',
  nice: 'result_nice',
  effort: 'result_effort',
  'keep-trying': 'result_keep_trying',
} as const satisfies Record<ResultBand, MessageKey>;

/** Bands at 90, 70, 50 and 30 percent (inclusive). */
export function resultBand(percent: number): ResultBand {
  if (percent >= 90) return 'amazing';
  if (percent >= 70) return 'good';
  if (percent >= 50) return 'nice';
  if (percent >= 30) return 'effort';
  return 'keep-trying';
}

export function resultBandMessageKey(percent: number): MessageKey {
  return RESULT_BAND_MESSAGE_KEYS[resultBand(percent)];
}

/** Whole percent, rounded half up; 0 when nothing was asked. */
export function successRate(correct: number, total: number): number {
  if (!(total > 0) || !(correct > 0)) return 0;
  return Math.round((Math.min(correct, total) / total) * 100);
}
