/**
 * The question generator (docs/product-rules.md#questions): unique questions, exactly the requested count, four shuffled options
 * whose wrong values are plausible mistakes (each labelled), balanced answer positions. Pure and
 * repeatable: pass `random` to replay a game.
 */

import { factOperands } from '../learning/fact-fluency.js';
import { DEFAULT_QUESTION_COUNT, type Difficulty, type GameType, isQuestionCount } from '../values.js';
import {
  compute,
  ESTIMATE_SIGN,
  encodeRational,
  formatOperand,
  type Operator,
  questionValue,
  type Rational,
  rational,
} from './arithmetic.js';
import { estimateCount, estimateFits, estimateOperands, estimateWrongOptions } from './estimation.js';
import { gcd } from './fraction.js';
import { type MistakeKind, mistakeCandidates } from './mistakes.js';
import {
  FRACTION_FALLBACKS,
  FRACTION_POOLS,
  FRACTION_RANGES,
  type FractionSample,
  INTEGER_POOLS,
  INTEGER_RANGES,
  type IntegerSample,
  within,
} from './pools.js';
import { pick, type Random, shuffle } from './random.js';
import {
  allFractionSamples,
  allIntegerSamples,
  randomFractionSample,
  randomIntegerSample,
} from './samples.js';

export { MISTAKE_KINDS, type MistakeKind, mistakeMessageKey } from './mistakes.js';
export { type Random, seededRandom } from './random.js';

export const OPTION_COUNT = 4;
/** No answer position is used more than this many times before the counts reset. */
export const MAX_POSITION_REPEATS = 3;

export interface Question {
  gameType: GameType;
  difficulty: Difficulty;
  /** Integer operands are numbers; fraction operands are texts such as '1/2'. */
  num1: number | string;
  num2: number | string;
  operator: Operator;
  /** Integer, or an encoded fraction (1,000,000 + n × 1000 + d). */
  answer: number;
  options: number[];
  /** Aligned with `options`: the mistake each wrong option stands for; null for the right answer (and for every
   * option of an estimation item, whose wrong answers are rounding slips). */
  mistakes: Array<MistakeKind | null>;
  answerIndex: number;
  /** An estimation item: the answer rounds each operand to the nearest ten first (`≈ 48 + 31` → 80). */
  estimate?: true;
  /** `practice`: one of the facts the pupil is slow at or gets wrong (`favour`). */
  source: 'pool' | 'random' | 'fallback' | 'practice';
}

export interface GenerateOptions {
  gameType: GameType;
  difficulty: Difficulty;
  count?: number;
  random?: Random;
  /**
   * Fact keys (`7×8`, contracts/fact-fluency.ts) to ask first, most wanted first: practice favours the facts a
   * pupil is slow at or gets wrong. Only those of this topic that its level could ask are used, and at most half
   * the game, so practice stays mixed.
   */
  favour?: readonly string[];
}

/** THE text of a question as saved with a result: `num1 operator num2`, e.g. `7 + 5`, `1/2 + 1/4`, `≈ 48 + 31`. */
export function formatQuestionText(q: Pick<Question, 'num1' | 'operator' | 'num2' | 'estimate'>): string {
  return `${q.estimate ? `${ESTIMATE_SIGN} ` : ''}${q.num1} ${q.operator} ${q.num2}`;
}

interface Draft {
  left: Rational;
  operator: Operator;
  right: Rational;
  fractions: boolean;
  source: Question['source'];
  estimate?: boolean;
}

const INTEGER_OPERATOR: Record<Exclude<GameType, 'kesirler'>, Operator> = {
  toplama: '+',
  çıkarma: '-',
  çarpma: '×',
  bölme: '÷',
};

function integerDraft(
  type: Exclude<GameType, 'kesirler'>,
  [x, y]: IntegerSample,
  source: Draft['source'],
): Draft {
  return {
    left: rational(x),
    operator: INTEGER_OPERATOR[type],
    right: rational(y),
    fractions: false,
    source,
  };
}

function fractionDraft([n1, d1, op, n2, d2]: FractionSample, source: Draft['source']): Draft {
  return { left: rational(n1, d1), operator: op, right: rational(n2, d2), fractions: true, source };
}

/** 0: like denominators, 1: one is a multiple of the other, 2: unrelated. A game goes from 0 to 2. */
export function denominatorDistance(left: Rational, right: Rational): number {
  if (left.d === right.d) return 0;
  return Math.max(left.d, right.d) % Math.min(left.d, right.d) === 0 ? 1 : 2;
}

/** A fraction question is usable when operands are proper fractions in lowest terms and the answer fits. */
function fractionDraftUsable(d: Draft): boolean {
  if (d.left.d === 1 || d.right.d === 1) return false;
  const result = compute(d.left, d.operator, d.right);
  return result !== null && encodeRational(result) !== null;
}

function draftKey(d: Draft): string {
  const sign = d.estimate ? ESTIMATE_SIGN : '';
  return `${sign}${formatOperand(d.left, d.fractions)}${d.operator}${formatOperand(d.right, d.fractions)}`;
}

function draftUsable(d: Draft): boolean {
  if (d.fractions) return fractionDraftUsable(d);
  if (d.estimate) return (questionValue(d)?.n ?? 0) > 0;
  const r = compute(d.left, d.operator, d.right);
  return r !== null && r.d === 1 && r.n >= 0;
}

interface Built {
  answer: number;
  wrong: Array<{ value: number; mistake: MistakeKind | null }>;
}

function buildOptions(d: Draft, random: Random): Built {
  if (d.estimate) {
    const answer = questionValue(d)!.n;
    return { answer, wrong: estimateWrongOptions(answer, random).map((value) => ({ value, mistake: null })) };
  }
  const result = compute(d.left, d.operator, d.right)!;
  const encode = (r: Rational): number | null => (d.fractions ? encodeRational(r) : r.d === 1 ? r.n : null);
  const answer = encode(result)!;
  // Labelled by the same rule the server derives with, so an explanation always matches the option.
  const candidates = mistakeCandidates(d);
  const seen = new Set<number>([answer]);
  const wrong: Built['wrong'] = [];
  for (const c of shuffle(random, candidates)) {
    if (wrong.length === OPTION_COUNT - 1) break;
    // Distinct by value, not by spelling: 2/4 must never sit beside the answer 1/2.
    const v = encode(c.value);
    if (v === null || v <= 0 || seen.has(v)) continue;
    seen.add(v);
    wrong.push({ value: v, mistake: c.mistake });
  }
  // Not enough distinct plausible slips (tiny numbers): near misses just above the answer.
  for (let step = 1; wrong.length < OPTION_COUNT - 1; step++) {
    const r = d.fractions ? rational(result.n + step * result.d, result.d) : rational(result.n + step);
    const alt = d.fractions ? rational(result.n + step, result.d) : r;
    for (const candidate of [alt, r]) {
      const v = encode(candidate);
      if (v !== null && v > 0 && !seen.has(v) && wrong.length < OPTION_COUNT - 1) {
        seen.add(v);
        wrong.push({ value: v, mistake: 'near-miss' });
      }
    }
  }
  return { answer, wrong };
}

/** Picks answer positions so none is used more than MAX_POSITION_REPEATS times before the counts reset. */
export class PositionBalancer {
  private counts = new Array<number>(OPTION_COUNT).fill(0);

  next(random: Random): number {
    let free = this.counts.flatMap((c, i) => (c < MAX_POSITION_REPEATS ? [i] : []));
    if (free.length === 0) {
      this.counts.fill(0);
      free = [0, 1, 2, 3];
    }
    const position = pick(random, free);
    this.counts[position]! += 1;
    return position;
  }
}

function toQuestion(
  d: Draft,
  gameType: GameType,
  difficulty: Difficulty,
  position: number,
  random: Random,
): Question {
  const { answer, wrong } = buildOptions(d, random);
  const options: number[] = [];
  const mistakes: Array<MistakeKind | null> = [];
  let w = 0;
  for (let i = 0; i < OPTION_COUNT; i++) {
    if (i === position) {
      options.push(answer);
      mistakes.push(null);
    } else {
      const o = wrong[w++]!;
      options.push(o.value);
      mistakes.push(o.mistake);
    }
  }
  return {
    gameType,
    difficulty,
    num1: d.fractions ? formatOperand(d.left, true) : d.left.n,
    num2: d.fractions ? formatOperand(d.right, true) : d.right.n,
    operator: d.operator,
    answer,
    options,
    mistakes,
    answerIndex: position,
    source: d.source,
    ...(d.estimate ? { estimate: true as const } : {}),
  };
}

const POOL_SHARE = 0.3;
const FRACTION_RETRIES = 20;

function randomDraft(
  gameType: GameType,
  difficulty: Difficulty,
  random: Random,
  usedPool: Set<number>,
): Draft {
  const pool = gameType === 'kesirler' ? FRACTION_POOLS[difficulty] : INTEGER_POOLS[gameType][difficulty];
  const unused = pool.map((_, i) => i).filter((i) => !usedPool.has(i));
  if (unused.length > 0 && random() < POOL_SHARE) {
    const i = pick(random, unused);
    usedPool.add(i);
    return gameType === 'kesirler'
      ? fractionDraft(pool[i] as FractionSample, 'pool')
      : integerDraft(gameType, pool[i] as IntegerSample, 'pool');
  }
  if (gameType !== 'kesirler')
    return integerDraft(gameType, randomIntegerSample(gameType, difficulty, random), 'random');
  for (let t = 0; t < FRACTION_RETRIES; t++) {
    const sample = randomFractionSample(difficulty, random);
    // Operands are drawn already in lowest terms so a same-denominator question keeps its look.
    if (gcd(sample[0], sample[1]) !== 1 || gcd(sample[3], sample[4]) !== 1) continue;
    const d = fractionDraft(sample, 'random');
    if (fractionDraftUsable(d) && compute(d.left, d.operator, d.right)!.n > 0) return d;
  }
  return fractionDraft(pick(random, FRACTION_FALLBACKS), 'fallback');
}

/** The favoured facts this topic and level could ask, as drafts, at most `max`. */
function practiceDrafts(
  gameType: GameType,
  difficulty: Difficulty,
  favour: readonly string[],
  max: number,
): Draft[] {
  if (gameType === 'kesirler') return [];
  const drafts: Draft[] = [];
  for (const fact of favour) {
    if (drafts.length >= max) break;
    const operands = factOperands(fact);
    if (operands?.operator !== INTEGER_OPERATOR[gameType]) continue;
    const d = integerDraft(gameType, [operands.a, operands.b], 'practice');
    if (questionFitsDifficulty(d, gameType, difficulty)) drafts.push(d);
  }
  return drafts;
}

function* fillDrafts(gameType: GameType, difficulty: Difficulty): Generator<Draft> {
  if (gameType === 'kesirler') {
    for (const s of FRACTION_FALLBACKS) yield fractionDraft(s, 'fallback');
    for (const s of allFractionSamples()) yield fractionDraft(s, 'fallback');
    return;
  }
  for (const s of allIntegerSamples(gameType, difficulty)) yield integerDraft(gameType, s, 'fallback');
}

/**
 * Exactly `count` questions (5, 10, 15 or 20; anything else gives 10), unique by operands and operator.
 * Up to 3 × count random attempts, then a deterministic fill from the difficulty's range.
 */
export function generateQuestions({
  gameType,
  difficulty,
  count = DEFAULT_QUESTION_COUNT,
  random = Math.random,
  favour = [],
}: GenerateOptions): Question[] {
  const n = isQuestionCount(count) ? count : DEFAULT_QUESTION_COUNT;
  const drafts: Draft[] = [];
  const keys = new Set<string>();
  const usedPool = new Set<number>();
  const accept = (d: Draft): void => {
    const key = draftKey(d);
    if (keys.has(key) || !draftUsable(d)) return;
    if (d.fractions && compute(d.left, d.operator, d.right)!.n <= 0) return;
    keys.add(key);
    drafts.push(d);
  };
  const practice = practiceDrafts(gameType, difficulty, favour, Math.floor(n / 2));
  for (const d of practice) accept(d);
  const estimates = estimateCount(gameType, difficulty, n);
  const withEstimates = drafts.length + estimates;
  for (let attempt = 0; drafts.length < withEstimates && attempt < 100; attempt++)
    accept({
      ...integerDraft(
        gameType as Exclude<GameType, 'kesirler'>,
        estimateOperands(gameType, difficulty, random, attempt),
        'random',
      ),
      estimate: true,
    });
  for (let attempt = 0; attempt < n * 3 && drafts.length < n; attempt++) {
    accept(randomDraft(gameType, difficulty, random, usedPool));
  }
  if (drafts.length < n) {
    for (const d of fillDrafts(gameType, difficulty)) {
      if (drafts.length >= n) break;
      accept(d);
    }
  }
  if (drafts.length < n)
    throw new Error(`question generation ran out of questions for ${gameType}/${difficulty}`);
  // Fractions: like denominators first, then multiples, then unrelated ones (stable, so the mix stays random).
  if (gameType === 'kesirler')
    drafts.sort((a, b) => denominatorDistance(a.left, a.right) - denominatorDistance(b.left, b.right));
  // Practised facts and estimation items are spread through the game, not asked in a block at its start.
  else if (practice.length > 0 || estimates > 0) shuffle(random, drafts);
  const balancer = new PositionBalancer();
  return drafts.map((d) => toQuestion(d, gameType, difficulty, balancer.next(random), random));
}

/**
 * Whether the generator could have asked this question at this difficulty: a pool sample, the random range,
 * or (fractions) a fallback. Lets the server refuse hard-level results made of easy questions.
 */
export function questionFitsDifficulty(
  q: { left: Rational; operator: Operator; right: Rational; fractions: boolean; estimate?: boolean },
  gameType: GameType,
  difficulty: Difficulty,
): boolean {
  if (q.estimate)
    return (
      !q.fractions &&
      q.left.d === 1 &&
      q.right.d === 1 &&
      estimateFits(gameType, difficulty, q.left.n, q.right.n)
    );
  const same = (s: FractionSample) =>
    s[2] === q.operator && q.left.n * s[1] === s[0] * q.left.d && q.right.n * s[4] === s[3] * q.right.d;
  if (gameType === 'kesirler') {
    if (!q.fractions) return false;
    if (FRACTION_POOLS[difficulty].some(same) || FRACTION_FALLBACKS.some(same)) return true;
    // The deterministic fill: same-denominator additions up to twelfths.
    if (q.operator === '+' && q.left.d === q.right.d && q.left.d <= 12) return true;
    const r = FRACTION_RANGES[difficulty];
    if (!r.operators.includes(q.operator as (typeof r.operators)[number])) return false;
    const maxNumerator = Math.max(r.numerator[1], r.denominator[1]);
    return [q.left, q.right].every((o) => within(o.d, r.denominator) && o.n >= 1 && o.n <= maxNumerator);
  }
  if (q.fractions || q.left.d !== 1 || q.right.d !== 1) return false;
  const a = q.left.n;
  const b = q.right.n;
  if (INTEGER_POOLS[gameType][difficulty].some(([x, y]) => x === a && y === b)) return true;
  const range = INTEGER_RANGES[gameType][difficulty];
  switch (gameType) {
    case 'toplama':
      return within(a, range.a) && within(b, range.b) && (!range.maxSum || a + b <= range.maxSum);
    case 'çıkarma':
      return within(a, range.a) && within(b, range.b) && b < a;
    case 'çarpma':
      return within(a, range.a) && within(b, range.b);
    case 'bölme':
      return within(b, range.a) && a % b === 0 && within(a / b, range.b);
  }
}
