import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIFFICULTIES, GAME_TYPES } from '../values.js';
import { answerToRational, parseQuestionText } from './arithmetic.js';
import { encodeFraction } from './fraction.js';
import { formatQuestionText, generateQuestions, seededRandom } from './generator.js';
import { deriveMistakeKind, MISTAKE_KINDS, type MistakeKind } from './mistakes.js';

const q = (text: string) => parseQuestionText(text)!;
const f = encodeFraction;

/** One worked example per kind: the question, the chosen wrong answer and what it stands for. */
const EXAMPLES: Record<MistakeKind, Array<[string, number]>> = {
  'off-by-one': [
    ['7 + 5', 13],
    ['9 - 4', 4],
  ],
  'off-by-ten': [
    ['23 + 18', 51],
    ['52 - 27', 15],
  ],
  'carry-slip': [
    ['28 + 34', 52],
    ['67 + 48', 105],
  ],
  'borrow-slip': [
    ['52 - 27', 35],
    ['45 - 18', 33],
  ],
  'swapped-digits': [
    ['30 + 24', 45],
    ['6 × 9', 45],
  ],
  'wrong-operation': [
    ['15 - 6', 21],
    ['8 × 7', 15],
    ['1/2 + 1/4', f(1, 4)],
  ],
  'neighbour-fact': [
    ['7 × 8', 63],
    ['6 × 9', 48],
  ],
  'added-denominators': [
    ['1/2 + 1/3', f(2, 5)],
    ['2/7 + 3/7', f(5, 14)],
  ],
  'numerator-slip': [
    ['1/5 + 2/5', f(4, 5)],
    ['1/7 + 2/7', f(2, 7)],
  ],
  'denominator-slip': [
    ['1/5 + 2/5', f(3, 4)],
    ['1/9 + 2/9', f(1, 4)],
  ],
  'inverted-fraction': [
    ['1/5 + 2/5', f(5, 3)],
    ['1/8 + 2/8', f(8, 3)],
  ],
  'near-miss': [
    ['15 ÷ 5', 5],
    ['1 + 1', 5],
  ],
};

describe('deriveMistakeKind', () => {
  it('has an example for every kind', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...MISTAKE_KINDS].sort());
  });

  for (const kind of MISTAKE_KINDS) {
    it(`recognises ${kind}`, () => {
      for (const [text, chosen] of EXAMPLES[kind]) {
        expect(deriveMistakeKind(q(text), chosen), `${text} → ${chosen}`).toBe(kind);
      }
    });
  }

  it('gives null for the right answer (by value), no answer, and a wild guess', () => {
    expect(deriveMistakeKind(q('7 + 5'), 12)).toBeNull();
    expect(deriveMistakeKind(q('1/4 + 1/4'), f(2, 4))).toBeNull();
    expect(deriveMistakeKind(q('7 + 5'), null)).toBeNull();
    expect(deriveMistakeKind(q('7 + 5'), 900)).toBeNull();
  });

  it('prefers the specific slip when one value fits two (3 + 2 = 6 is one too many, not 3 × 2)', () => {
    expect(deriveMistakeKind(q('3 + 2'), 6)).toBe('off-by-one');
    // 28 + 34: 52 is both "ten too few" and the forgotten carry; the carry explains it.
    expect(deriveMistakeKind(q('28 + 34'), 52)).toBe('carry-slip');
  });
});

describe('the generator and the derivation agree (property-based)', () => {
  it('every wrong option derives back, from its saved text, to the kind it was labelled with', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.constantFrom(...GAME_TYPES),
        fc.constantFrom(...DIFFICULTIES),
        (seed, gameType, difficulty) => {
          for (const question of generateQuestions({
            gameType,
            difficulty,
            count: 20,
            random: seededRandom(seed),
          })) {
            const parsed = q(formatQuestionText(question));
            question.options.forEach((option, i) => {
              expect(deriveMistakeKind(parsed, option), `${formatQuestionText(question)} → ${option}`).toBe(
                question.mistakes[i],
              );
            });
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('never explains an arbitrary wrong answer as right', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 0, max: 300 }),
        (a, b, chosen) => {
          const kind = deriveMistakeKind(q(`${a} + ${b}`), chosen);
          if (chosen === a + b) expect(kind).toBeNull();
          else if (kind !== null) expect(MISTAKE_KINDS).toContain(kind);
          expect(answerToRational(chosen)).not.toBeNull();
        },
      ),
    );
  });
});
