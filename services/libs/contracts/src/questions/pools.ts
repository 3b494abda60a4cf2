/**
 * Fixed sample questions (5 per operation and difficulty) and the random ranges the generator falls back on.
 * Integer samples are [num1, num2]; fraction samples are [n1, d1, operator, n2, d2].
 */
import type { Difficulty, GameType } from '../values.js';

export type FractionOperator = '+' | '-' | '×';
export type IntegerSample = readonly [number, number];
export type FractionSample = readonly [number, number, FractionOperator, number, number];

type IntegerType = Exclude<GameType, 'kesirler'>;

export const INTEGER_POOLS: Record<IntegerType, Record<Difficulty, readonly IntegerSample[]>> = {
  toplama: {
    // Very easy sums stay within 5.
    'çok kolay': [
      [1, 2],
      [2, 2],
      [1, 3],
      [3, 2],
      [1, 4],
    ],
    kolay: [
      [6, 7],
      [8, 5],
      [12, 6],
      [9, 9],
      [14, 5],
    ],
    orta: [
      [23, 18],
      [35, 27],
      [46, 19],
      [28, 34],
      [52, 29],
    ],
    zor: [
      [67, 48],
      [85, 39],
      [74, 58],
      [96, 27],
      [59, 66],
    ],
    // Very hard sums lie between 125 and 163.
    'çok zor': [
      [67, 58],
      [75, 69],
      [88, 75],
      [79, 68],
      [94, 57],
    ],
  },
  çıkarma: {
    'çok kolay': [
      [3, 1],
      [4, 2],
      [5, 3],
      [5, 1],
      [4, 3],
    ],
    kolay: [
      [12, 5],
      [15, 7],
      [18, 9],
      [11, 4],
      [16, 8],
    ],
    orta: [
      [45, 18],
      [52, 27],
      [63, 35],
      [71, 46],
      [38, 19],
    ],
    zor: [
      [124, 67],
      [150, 83],
      [112, 58],
      [137, 49],
      [145, 96],
    ],
    'çok zor': [
      [253, 178],
      [301, 145],
      [276, 189],
      [224, 137],
      [298, 159],
    ],
  },
  çarpma: {
    'çok kolay': [
      [1, 3],
      [2, 2],
      [2, 3],
      [3, 1],
      [2, 4],
    ],
    kolay: [
      [3, 4],
      [5, 2],
      [4, 6],
      [3, 7],
      [2, 9],
    ],
    orta: [
      [6, 7],
      [8, 4],
      [7, 9],
      [9, 6],
      [8, 8],
    ],
    zor: [
      [12, 7],
      [11, 9],
      [13, 6],
      [14, 5],
      [12, 12],
    ],
    // Very hard products reach about 400.
    'çok zor': [
      [12, 15],
      [16, 18],
      [19, 21],
      [17, 23],
      [14, 25],
    ],
  },
  bölme: {
    'çok kolay': [
      [4, 2],
      [6, 3],
      [2, 1],
      [8, 4],
      [3, 3],
    ],
    kolay: [
      [12, 3],
      [15, 5],
      [16, 4],
      [18, 6],
      [14, 2],
    ],
    orta: [
      [42, 6],
      [56, 7],
      [72, 8],
      [63, 9],
      [48, 6],
    ],
    zor: [
      [96, 8],
      [132, 11],
      [144, 12],
      [105, 7],
      [117, 9],
    ],
    // Very hard quotients lie between 9 and 21.
    'çok zor': [
      [108, 12],
      [156, 12],
      [225, 15],
      [288, 16],
      [294, 14],
    ],
  },
};

export const FRACTION_POOLS: Record<Difficulty, readonly FractionSample[]> = {
  'çok kolay': [
    [1, 4, '+', 1, 4],
    [1, 3, '+', 1, 3],
    [1, 5, '+', 2, 5],
    [2, 5, '+', 1, 5],
    [1, 6, '+', 1, 6],
  ],
  kolay: [
    [3, 5, '-', 1, 5],
    [2, 7, '+', 3, 7],
    [5, 8, '-', 3, 8],
    [1, 9, '+', 4, 9],
    [7, 10, '-', 3, 10],
  ],
  orta: [
    [1, 2, '+', 1, 4],
    [2, 3, '-', 1, 6],
    [3, 4, '+', 1, 8],
    [5, 6, '-', 1, 3],
    [1, 5, '+', 3, 10],
  ],
  // Hard: numerators 2-7, denominators 5-12, in the fifths, sixths, eighths, tenths and twelfths a 9-10 year old
  // meets (not 7/10 − 4/11 = 37/110).
  zor: [
    [2, 5, '+', 3, 10],
    [5, 6, '-', 5, 12],
    [3, 8, '+', 5, 12],
    [7, 10, '-', 2, 5],
    [4, 5, '-', 3, 10],
  ],
  // Very hard: numerators 3-9, denominators 5-16, and multiplication.
  'çok zor': [
    [3, 5, '×', 7, 9],
    [5, 12, '+', 7, 16],
    [9, 14, '-', 3, 8],
    [4, 7, '×', 5, 11],
    [8, 15, '+', 3, 10],
  ],
};

/** Whether `v` lies in the closed range. */
export const within = (v: number, [lo, hi]: readonly [number, number]) => v >= lo && v <= hi;

export interface IntegerRange {
  a: readonly [number, number];
  b: readonly [number, number];
  /** Upper bound for a + b (addition). */
  maxSum?: number;
}

/**
 * Random ranges per difficulty. For subtraction `a` is the minuend (b < a); for division `a` is the divisor
 * and `b` the quotient, so the dividend a × b always divides exactly. Each range holds at least 20 distinct
 * questions so a 20-question game can always be filled without repeats.
 */
export const INTEGER_RANGES: Record<IntegerType, Record<Difficulty, IntegerRange>> = {
  toplama: {
    'çok kolay': { a: [1, 9], b: [1, 9], maxSum: 10 },
    kolay: { a: [3, 20], b: [3, 20] },
    orta: { a: [10, 60], b: [10, 60] },
    zor: { a: [25, 100], b: [25, 100] },
    'çok zor': { a: [60, 99], b: [60, 99] },
  },
  çıkarma: {
    'çok kolay': { a: [2, 10], b: [1, 9] },
    kolay: { a: [10, 30], b: [2, 20] },
    orta: { a: [25, 90], b: [5, 60] },
    zor: { a: [60, 160], b: [15, 120] },
    'çok zor': { a: [150, 320], b: [60, 250] },
  },
  çarpma: {
    'çok kolay': { a: [1, 5], b: [1, 5] },
    kolay: { a: [2, 6], b: [2, 10] },
    orta: { a: [2, 10], b: [2, 10] },
    zor: { a: [3, 12], b: [3, 15] },
    'çok zor': { a: [8, 20], b: [11, 20] },
  },
  bölme: {
    'çok kolay': { a: [1, 5], b: [1, 5] },
    kolay: { a: [2, 6], b: [2, 10] },
    orta: { a: [2, 10], b: [2, 10] },
    zor: { a: [3, 12], b: [3, 15] },
    'çok zor': { a: [6, 15], b: [9, 21] },
  },
};

export interface FractionRange {
  numerator: readonly [number, number];
  denominator: readonly [number, number];
  operators: readonly FractionOperator[];
  /** same: one denominator (easy levels); multiple: one divides the other; any: unrelated. */
  denominators: 'same' | 'multiple' | 'any';
  /**
   * The denominators random questions use, inside `denominator` (the difficulty's ceiling): the ones a child of that age
   * works with, so a hard game asks 3/8 + 5/12, not 5/8 + 7/11.
   */
  friendly?: readonly number[];
}

export const FRACTION_RANGES: Record<Difficulty, FractionRange> = {
  'çok kolay': { numerator: [1, 4], denominator: [2, 6], operators: ['+'], denominators: 'same' },
  kolay: { numerator: [1, 8], denominator: [3, 10], operators: ['+', '-'], denominators: 'same' },
  orta: { numerator: [1, 9], denominator: [2, 12], operators: ['+', '-'], denominators: 'multiple' },
  zor: {
    numerator: [2, 7],
    denominator: [5, 12],
    operators: ['+', '-'],
    denominators: 'any',
    friendly: [5, 6, 8, 10, 12],
  },
  'çok zor': {
    numerator: [3, 9],
    denominator: [5, 16],
    operators: ['+', '-', '×'],
    denominators: 'any',
    friendly: [5, 6, 8, 9, 10, 12, 15, 16],
  },
};

/** Used when the fraction generator fails (docs/product-rules.md#questions). */
export const FRACTION_FALLBACKS: readonly FractionSample[] = [
  [1, 2, '+', 1, 2],
  [3, 4, '-', 1, 4],
];
