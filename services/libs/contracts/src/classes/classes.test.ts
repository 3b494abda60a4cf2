import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCURACY_BANDS,
  accuracyBand,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  joinCodeFromBytes,
  joinCodeSchema,
  normaliseJoinCode,
} from './index.js';

describe('class join codes', () => {
  it('use no look-alike characters', () => {
    for (const lookAlike of ['0', 'O', '1', 'I', 'L']) expect(JOIN_CODE_ALPHABET).not.toContain(lookAlike);
    expect(new Set(JOIN_CODE_ALPHABET).size).toBe(JOIN_CODE_ALPHABET.length);
  });

  it('are 6 characters of the alphabet whatever the random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 16, maxLength: 16 }), (bytes) => {
        const code = joinCodeFromBytes(bytes);
        if (code === null) return;
        expect(code).toHaveLength(JOIN_CODE_LENGTH);
        for (const c of code) expect(JOIN_CODE_ALPHABET).toContain(c);
      }),
    );
  });

  it('skip bytes that would make some characters likelier than others', () => {
    const limit = 256 - (256 % JOIN_CODE_ALPHABET.length);
    expect(joinCodeFromBytes(new Uint8Array([limit, 255, 0, 1, 2, 3, 4, 5]))).toBe('ABCDEF');
    expect(joinCodeFromBytes(new Uint8Array([255, 255, 255, 255, 255, 255]))).toBeNull();
  });

  it('accept what a child types: lower case, spaces and dashes', () => {
    expect(normaliseJoinCode(' ab-c d2 3 ')).toBe('ABCD23');
    expect(joinCodeSchema.parse('abc-d23')).toBe('ABCD23');
    expect(joinCodeSchema.safeParse('ABCD0O').success).toBe(false);
    expect(joinCodeSchema.safeParse('ABC').success).toBe(false);
  });
});

describe('accuracy bands of the class grid', () => {
  it('are secure from 80 %, developing from 50 %, and need support below', () => {
    expect([100, 80, 79, 50, 49, 0].map(accuracyBand)).toEqual([
      'secure',
      'secure',
      'developing',
      'developing',
      'needs-support',
      'needs-support',
    ]);
  });

  it('never fall the wrong way as accuracy rises', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(ACCURACY_BANDS.indexOf(accuracyBand(high))).toBeLessThanOrEqual(
          ACCURACY_BANDS.indexOf(accuracyBand(low)),
        );
      }),
    );
  });
});
