/** Random and exhaustive samples of each operation's range at a difficulty (the ranges are in pools.ts). */

import type { Difficulty, GameType } from '../values.js';
import { gcd } from './fraction.js';
import { FRACTION_RANGES, type FractionSample, INTEGER_RANGES, type IntegerSample } from './pools.js';
import { int, pick, type Random } from './random.js';

/** A random integer question from the difficulty's range; subtraction never negative, division exact. */
export function randomIntegerSample(
  type: Exclude<GameType, 'kesirler'>,
  difficulty: Difficulty,
  random: Random,
) {
  const range = INTEGER_RANGES[type][difficulty];
  const a = int(random, range.a[0], range.a[1]);
  switch (type) {
    case 'toplama': {
      const maxB = range.maxSum ? Math.min(range.b[1], range.maxSum - a) : range.b[1];
      return [a, int(random, range.b[0], Math.max(range.b[0], maxB))] as const;
    }
    case 'çıkarma':
      return [a, int(random, range.b[0], Math.max(range.b[0], Math.min(range.b[1], a - 1)))] as const;
    case 'çarpma':
      return [a, int(random, range.b[0], range.b[1])] as const;
    case 'bölme':
      return [a * int(random, range.b[0], range.b[1]), a] as const;
  }
}

/** Every integer question of the range, in a fixed order: the deterministic fill when random tries run out. */
export function* allIntegerSamples(
  type: Exclude<GameType, 'kesirler'>,
  difficulty: Difficulty,
): Generator<IntegerSample> {
  const range = INTEGER_RANGES[type][difficulty];
  for (let a = range.a[0]; a <= range.a[1]; a++) {
    for (let b = range.b[0]; b <= range.b[1]; b++) {
      if (type === 'toplama' && range.maxSum && a + b > range.maxSum) continue;
      if (type === 'çıkarma' && b >= a) continue;
      yield type === 'bölme' ? [a * b, a] : [a, b];
    }
  }
}

export function randomFractionSample(difficulty: Difficulty, random: Random): FractionSample {
  const r = FRACTION_RANGES[difficulty];
  const op = pick(random, r.operators);
  if (r.denominators === 'same') {
    // Proper fractions whose sum stays within a whole and whose difference stays positive.
    const d = int(random, Math.max(r.denominator[0], 3), r.denominator[1]);
    const n1 = int(random, op === '-' ? 2 : 1, Math.min(r.numerator[1], d - 1));
    const n2 = op === '-' ? int(random, 1, n1 - 1) : int(random, 1, Math.min(r.numerator[1], d - n1));
    return [n1, d, op, n2, d];
  }
  if (r.denominators === 'multiple') {
    const k = int(random, 2, 3);
    const base = int(random, r.denominator[0], Math.max(r.denominator[0], Math.floor(r.denominator[1] / k)));
    return [int(random, 1, base - 1 || 1), base, op, int(random, 1, base * k - 1), base * k];
  }
  const denominator = () =>
    r.friendly ? pick(random, r.friendly) : int(random, r.denominator[0], r.denominator[1]);
  return [
    int(random, r.numerator[0], r.numerator[1]),
    denominator(),
    op,
    int(random, r.numerator[0], r.numerator[1]),
    denominator(),
  ];
}

export function* allFractionSamples(): Generator<FractionSample> {
  for (let d = 3; d <= 12; d++) {
    for (let n1 = 1; n1 < d; n1++) {
      for (let n2 = 1; n2 < d; n2++) if (gcd(n1, d) === 1 && gcd(n2, d) === 1) yield [n1, d, '+', n2, d];
    }
  }
}
