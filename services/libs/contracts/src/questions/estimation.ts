/**
 * Estimation items (docs/product-rules.md#questions; grade 3, MAT.3.2.1: reasoning about sums and differences by estimating, before the
 * written procedure): at these levels one question in ESTIMATE_EVERY asks for the result with each operand rounded
 * to the nearest ten (`≈ 48 + 31` → 50 + 30 = 80). Their operands never end in 0 (nothing to round) or 5 (no tie),
 * and a difference stays positive after rounding. The generator makes them; the answer checker and
 * `questionFitsDifficulty` judge them by the same rules.
 */
import type { Difficulty, GameType } from '../values.js';
import { roundToTen } from './arithmetic.js';
import { INTEGER_RANGES, within } from './pools.js';
import { int, type Random, shuffle } from './random.js';

export const ESTIMATE_LEVELS: Partial<Record<GameType, readonly Difficulty[]>> = {
  toplama: ['zor', 'çok zor'],
  çıkarma: ['zor', 'çok zor'],
};
export const ESTIMATE_EVERY = 5;

/** How many estimation items a game of `count` questions at this topic and level asks. */
export function estimateCount(gameType: GameType, difficulty: Difficulty, count: number): number {
  return ESTIMATE_LEVELS[gameType]?.includes(difficulty) ? Math.floor(count / ESTIMATE_EVERY) : 0;
}

const RANDOM_ATTEMPTS = 10;
const roundable = (n: number) => n % 10 !== 0 && n % 10 !== 5;

/** Whether two operands make an estimation item of this topic and level (its range, the digits, the sign). */
export function estimateFits(gameType: GameType, difficulty: Difficulty, a: number, b: number): boolean {
  if (gameType === 'kesirler' || !ESTIMATE_LEVELS[gameType]?.includes(difficulty)) return false;
  const range = INTEGER_RANGES[gameType][difficulty];
  const fits = within(a, range.a) && within(b, range.b) && roundable(a) && roundable(b);
  return gameType === 'çıkarma' ? fits && roundToTen(b) < roundToTen(a) : fits;
}

/**
 * Operands of an estimation item: drawn from the level's range with `random` for the first RANDOM_ATTEMPTS attempts
 * (a draw the game already has is refused by the caller, which asks again), then the pairs that fit in turn.
 */
export function estimateOperands(
  gameType: GameType,
  difficulty: Difficulty,
  random: Random,
  attempt: number,
): [number, number] {
  if (gameType === 'kesirler') throw new RangeError('fractions have no estimation items');
  const range = INTEGER_RANGES[gameType][difficulty];
  const draw = ([lo, hi]: readonly [number, number]) => int(random, lo, hi);
  if (attempt < RANDOM_ATTEMPTS)
    for (let t = 0; t < 50; t++) {
      const [a, b] = [draw(range.a), draw(range.b)];
      if (estimateFits(gameType, difficulty, a, b)) return [a, b];
    }
  let seen = RANDOM_ATTEMPTS;
  for (let a = range.a[0]; a <= range.a[1]; a++)
    for (let b = range.b[0]; b <= range.b[1]; b++)
      if (estimateFits(gameType, difficulty, a, b) && seen++ >= attempt) return [a, b];
  throw new Error(`no estimation item fits ${gameType}/${difficulty}`);
}

/** An estimation item's three wrong options: other tens near the estimate (never 0 or below). */
export function estimateWrongOptions(answer: number, random: Random): number[] {
  const near = [10, -10, 20, -20, 30, 40].map((step) => answer + step).filter((v) => v > 0);
  return shuffle(random, near.slice(0, 4)).slice(0, 3);
}
