/** Fraction answers travel as numbers: 1,000,000 + numerator × 1000 + denominator (docs/product-rules.md#values). */

export const FRACTION_OFFSET = 1_000_000;
export const FRACTION_NUMERATOR_FACTOR = 1000;

export interface Fraction {
  numerator: number;
  denominator: number;
}

export function gcd(a: number, b: number): number {
  let x = Math.abs(a);
  let y = Math.abs(b);
  while (y) [x, y] = [y, x % y];
  return x;
}

/** Numerators 0-999 and denominators 1-999 fit the codec; anything else is a programming error. */
export function encodeFraction(numerator: number, denominator: number): number {
  if (
    !Number.isInteger(numerator) ||
    !Number.isInteger(denominator) ||
    numerator < 0 ||
    numerator >= FRACTION_NUMERATOR_FACTOR ||
    denominator < 1 ||
    denominator >= FRACTION_NUMERATOR_FACTOR
  ) {
    throw new RangeError(`fraction ${numerator}/${denominator} does not fit the answer codec`);
  }
  return FRACTION_OFFSET + numerator * FRACTION_NUMERATOR_FACTOR + denominator;
}

export function isEncodedFraction(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > FRACTION_OFFSET;
}

/** Decodes a value above 1,000,000; other values are plain numbers and give null. */
export function decodeFraction(value: number): Fraction | null {
  if (!isEncodedFraction(value)) return null;
  const rest = value - FRACTION_OFFSET;
  const numerator = Math.floor(rest / FRACTION_NUMERATOR_FACTOR);
  const denominator = rest % FRACTION_NUMERATOR_FACTOR;
  if (denominator === 0) return null;
  return { numerator, denominator };
}

/** How an answer is shown: fractions as n/d, a whole fraction such as 1/1 as its integer. */
export function formatAnswer(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '';
  const f = decodeFraction(value);
  if (!f) return String(value);
  if (f.denominator === 1) return String(f.numerator);
  return `${f.numerator}/${f.denominator}`;
}
