import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIFFICULTIES, type Difficulty, GAME_TYPES, type GameType, QUESTION_COUNTS } from '../values.js';
import { checkAnswer } from './answer-check.js';
import { answerToRational, roundToTen } from './arithmetic.js';
import { estimateCount } from './estimation.js';
import { decodeFraction, gcd } from './fraction.js';
import {
  denominatorDistance,
  formatQuestionText,
  generateQuestions,
  MAX_POSITION_REPEATS,
  MISTAKE_KINDS,
  OPTION_COUNT,
  PositionBalancer,
  type Question,
  seededRandom,
} from './generator.js';
import { FRACTION_POOLS, INTEGER_POOLS } from './pools.js';

// Every failing game can be replayed from its seed (seededRandom).
const seeded = seededRandom;

const OPERATOR_OF = { toplama: '+', çıkarma: '-', çarpma: '×', bölme: '÷' } as const;

function assertGameInvariants(
  questions: Question[],
  gameType: (typeof GAME_TYPES)[number],
  count: number,
  difficulty: Difficulty,
): void {
  expect(questions).toHaveLength(count);
  const keys = new Set(questions.map(formatQuestionText));
  expect(keys.size, 'questions are unique by operands and operator (and estimation)').toBe(count);
  expect(
    questions.filter((q) => q.estimate),
    'one estimation item in five where the level asks them',
  ).toHaveLength(estimateCount(gameType, difficulty, count));

  for (const [i, q] of questions.entries()) {
    expect(q.options).toHaveLength(OPTION_COUNT);
    expect(q.options[q.answerIndex]).toBe(q.answer);
    expect(q.options.filter((o) => o === q.answer)).toHaveLength(1);
    expect(new Set(q.options).size, 'options are distinct').toBe(OPTION_COUNT);
    const answerValue = answerToRational(q.answer)!;
    for (const [j, o] of q.options.entries()) {
      if (j === q.answerIndex) {
        expect(q.mistakes[j]).toBeNull();
        continue;
      }
      const v = answerToRational(o)!;
      expect(v.n, 'wrong options are positive').toBeGreaterThan(0);
      expect(v.n * answerValue.d === answerValue.n * v.d, 'a wrong option never equals the answer').toBe(
        false,
      );
      if (q.estimate) {
        expect(q.mistakes[j], 'no mistake kind is derived for an estimate').toBeNull();
        expect(o % 10, 'an estimate is offered only tens').toBe(0);
      } else expect(MISTAKE_KINDS).toContain(q.mistakes[j]);
    }
    const check = checkAnswer({ question: formatQuestionText(q), answer: q.answer, userAnswer: q.answer });
    expect(check, `question ${i} ${formatQuestionText(q)}`).toMatchObject({ valid: true, correct: true });

    if (gameType === 'kesirler') {
      for (const operand of [q.num1, q.num2]) {
        const [n, d] = String(operand).split('/').map(Number) as [number, number];
        expect(gcd(n, d), `operand ${operand} is in lowest terms`).toBe(1);
        expect(d).toBeGreaterThan(1);
      }
      const f = decodeFraction(q.answer)!;
      expect(f, 'fraction answers are encoded').not.toBeNull();
      expect(gcd(f.numerator, f.denominator), 'the answer is in lowest terms').toBe(1);
      expect(f.numerator).toBeGreaterThan(0);
    } else {
      expect(q.operator).toBe(OPERATOR_OF[gameType]);
      const a = q.num1 as number;
      const b = q.num2 as number;
      expect(Number.isInteger(q.answer)).toBe(true);
      if (q.operator === '-') expect(a - b).toBeGreaterThanOrEqual(0);
      if (q.estimate) {
        for (const n of [a, b])
          expect([0, 5], `${n} has something to round, and no tie`).not.toContain(n % 10);
        const rounded = q.operator === '+' ? roundToTen(a) + roundToTen(b) : roundToTen(a) - roundToTen(b);
        expect(q.answer, 'the answer rounds each operand to the nearest ten first').toBe(rounded);
      }
      if (q.operator === '÷') expect(a % b, 'division is exact').toBe(0);
    }
  }

  // Position balance: within every block of 4 × 3 answers no position is used more than 3 times.
  const block = OPTION_COUNT * MAX_POSITION_REPEATS;
  for (let start = 0; start < questions.length; start += block) {
    const counts = [0, 0, 0, 0];
    for (const q of questions.slice(start, start + block)) counts[q.answerIndex]! += 1;
    expect(Math.max(...counts)).toBeLessThanOrEqual(MAX_POSITION_REPEATS);
  }
}

describe('question generator (property-based)', () => {
  for (const gameType of GAME_TYPES) {
    for (const difficulty of DIFFICULTIES) {
      it(`keeps every question rule (product-rules.md#questions) for ${gameType} / ${difficulty} at every question count`, () => {
        fc.assert(
          fc.property(fc.integer(), fc.constantFrom(...QUESTION_COUNTS), (seed, count) => {
            const questions = generateQuestions({ gameType, difficulty, count, random: seeded(seed) });
            assertGameInvariants(questions, gameType, count, difficulty);
          }),
          { numRuns: 120 },
        );
      });
    }
  }

  it('still fills a whole game when the random source is stuck on one value', () => {
    for (const gameType of GAME_TYPES) {
      for (const difficulty of DIFFICULTIES) {
        for (const stuck of [0, 0.5, 0.9999999]) {
          const questions = generateQuestions({ gameType, difficulty, count: 20, random: () => stuck });
          assertGameInvariants(questions, gameType, 20, difficulty);
        }
      }
    }
  });

  it('replays the same game from the same seed', () => {
    const a = generateQuestions({ gameType: 'bölme', difficulty: 'zor', count: 15, random: seeded(42) });
    const b = generateQuestions({ gameType: 'bölme', difficulty: 'zor', count: 15, random: seeded(42) });
    expect(a).toEqual(b);
  });

  it('gives 10 questions for a count outside 5/10/15/20', () => {
    expect(generateQuestions({ gameType: 'toplama', difficulty: 'kolay', count: 7 })).toHaveLength(10);
  });

  it('uses samples from the fixed pools', () => {
    const sources = new Set<string>();
    for (let seed = 0; seed < 50; seed++) {
      for (const q of generateQuestions({
        gameType: 'çarpma',
        difficulty: 'orta',
        count: 20,
        random: seeded(seed),
      })) {
        sources.add(q.source);
      }
    }
    expect(sources).toContain('pool');
    expect(sources).toContain('random');
  });
});

describe('wrong options are plausible mistakes', () => {
  /** Every mistake kind the wrong options of 30 seeded 20-question games of this type and difficulty stand for. */
  function mistakeKindsOffered(gameType: GameType, difficulty: Difficulty): Set<string> {
    const kinds = new Set<string>();
    for (let seed = 0; seed < 30; seed++) {
      for (const q of generateQuestions({ gameType, difficulty, count: 20, random: seeded(seed) })) {
        for (const m of q.mistakes) if (m) kinds.add(m);
      }
    }
    return kinds;
  }

  it('labels off-by-one and the other operation in an addition', () => {
    const kinds = mistakeKindsOffered('toplama', 'orta');
    expect(kinds).toContain('off-by-one');
    expect(kinds).toContain('wrong-operation');
    expect(kinds).toContain('carry-slip');
  });

  it('offers the adding-across slip for fractions', () => {
    const kinds = mistakeKindsOffered('kesirler', 'zor');
    expect(kinds).toContain('added-denominators');
    expect(kinds).toContain('numerator-slip');
  });
});

describe('fixed pools follow the ranges of product-rules.md#questions', () => {
  it('has five samples per operation and difficulty', () => {
    for (const type of ['toplama', 'çıkarma', 'çarpma', 'bölme'] as const) {
      for (const d of DIFFICULTIES) expect(INTEGER_POOLS[type][d]).toHaveLength(5);
    }
    for (const d of DIFFICULTIES) expect(FRACTION_POOLS[d]).toHaveLength(5);
  });
  it('keeps very easy sums within 5, very hard sums in 125-163, products near 400, quotients 9-21', () => {
    for (const [a, b] of INTEGER_POOLS.toplama['çok kolay']) expect(a + b).toBeLessThanOrEqual(5);
    for (const [a, b] of INTEGER_POOLS.toplama['çok zor']) {
      expect(a + b).toBeGreaterThanOrEqual(125);
      expect(a + b).toBeLessThanOrEqual(163);
    }
    for (const [a, b] of INTEGER_POOLS.çarpma['çok zor']) expect(a * b).toBeLessThanOrEqual(400);
    for (const [a, b] of INTEGER_POOLS.bölme['çok zor']) {
      expect(a % b).toBe(0);
      expect(a / b).toBeGreaterThanOrEqual(9);
      expect(a / b).toBeLessThanOrEqual(21);
    }
  });
  it('keeps hard fractions within numerators 2-7 and denominators 5-12, very hard within 3-9 and 5-16', () => {
    for (const [n1, d1, , n2, d2] of FRACTION_POOLS.zor) {
      for (const n of [n1, n2]) expect(n >= 2 && n <= 7).toBe(true);
      for (const d of [d1, d2]) expect(d >= 5 && d <= 12).toBe(true);
    }
    for (const [n1, d1, , n2, d2] of FRACTION_POOLS['çok zor']) {
      for (const n of [n1, n2]) expect(n >= 3 && n <= 9).toBe(true);
      for (const d of [d1, d2]) expect(d >= 5 && d <= 16).toBe(true);
    }
    expect(FRACTION_POOLS['çok zor'].some((s) => s[2] === '×')).toBe(true);
  });
});

describe('answer position balancer', () => {
  it('never uses a position a fourth time before every position has had three', () => {
    const balancer = new PositionBalancer();
    const positions = Array.from({ length: 48 }, () => balancer.next(Math.random));
    for (let i = 0; i < 48; i += 12) {
      const counts = [0, 0, 0, 0];
      for (const p of positions.slice(i, i + 12)) counts[p]! += 1;
      expect(counts).toEqual([3, 3, 3, 3]);
    }
  });
});

describe('fractions fit the age', () => {
  it('order a game from like to unlike denominators, and hard games use friendly denominators', () => {
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(...DIFFICULTIES), (seed, difficulty) => {
        const questions = generateQuestions({
          gameType: 'kesirler',
          difficulty,
          count: 20,
          random: seeded(seed),
        });
        const distances = questions.map((q) => {
          const [l, r] = [q.num1, q.num2].map((o) => {
            const [n, d] = String(o).split('/').map(Number) as [number, number];
            return { n, d };
          }) as [{ n: number; d: number }, { n: number; d: number }];
          if (difficulty === 'zor' && q.source === 'random') {
            for (const d of [l.d, r.d]) expect([5, 6, 8, 10, 12]).toContain(d);
          }
          return denominatorDistance(l, r);
        });
        expect(distances).toEqual([...distances].sort((a, b) => a - b));
      }),
      { numRuns: 60 },
    );
  });
});
