import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFraction, encodeFraction, formatAnswer } from './fraction.js';

describe('fraction codec', () => {
  it('encodes 1,000,000 + numerator × 1000 + denominator', () => {
    expect(encodeFraction(3, 4)).toBe(1_003_004);
  });

  it('round-trips every fraction that fits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999 }),
        fc.integer({ min: 1, max: 999 }),
        (numerator, denominator) => {
          expect(decodeFraction(encodeFraction(numerator, denominator))).toEqual({ numerator, denominator });
        },
      ),
    );
  });

  it('leaves plain numbers alone and refuses what does not fit', () => {
    expect(decodeFraction(12)).toBeNull();
    expect(decodeFraction(1_000_000)).toBeNull();
    expect(() => encodeFraction(1000, 2)).toThrow(RangeError);
    expect(() => encodeFraction(1, 0)).toThrow(RangeError);
  });

  it('shows n/d, and 1/1 as 1', () => {
    expect(formatAnswer(encodeFraction(3, 4))).toBe('3/4');
    expect(formatAnswer(encodeFraction(1, 1))).toBe('1');
    expect(formatAnswer(42)).toBe('42');
    expect(formatAnswer(null)).toBe('');
  });
});
