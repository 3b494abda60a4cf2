/**
 * Mistakes as data: which slip a wrong answer stands for. One rule serves the generator (it labels its wrong
 * options with it) and the server (it derives the kind of each wrong answer it stores, never trusting the
 * browser), so the explanation a child reads always matches the number they picked.
 */

import type { MessageKey } from '../message-catalogue.js';
import {
  answerToRational,
  compute,
  equalRational,
  type Operator,
  type Rational,
  rational,
} from './arithmetic.js';
import { gcd } from './fraction.js';

/** Which slip a wrong option stands for, so a later screen can explain it. */
export const MISTAKE_KINDS = [
  'off-by-one',
  'off-by-ten',
  'carry-slip',
  'borrow-slip',
  'swapped-digits',
  'wrong-operation',
  'neighbour-fact',
  'added-denominators',
  'numerator-slip',
  'denominator-slip',
  'inverted-fraction',
  'near-miss',
] as const;
export type MistakeKind = (typeof MISTAKE_KINDS)[number];

export function isMistakeKind(value: unknown): value is MistakeKind {
  return typeof value === 'string' && (MISTAKE_KINDS as readonly string[]).includes(value);
}

/** The message key explaining a mistake to the child. */
export function mistakeMessageKey(kind: MistakeKind): MessageKey {
  return `mistake_${kind.replace(/-/g, '_')}` as MessageKey;
}

/**
 * When one wrong value fits two slips (3 + 2: 6 is one too many and also 3 × 2), the more specific
 * explanation wins; the generator labels by the same order, so derivation gives back its label.
 */
const PRIORITY: readonly MistakeKind[] = [
  'carry-slip',
  'borrow-slip',
  'added-denominators',
  'swapped-digits',
  'inverted-fraction',
  'off-by-one',
  'numerator-slip',
  'denominator-slip',
  'off-by-ten',
  'neighbour-fact',
  'wrong-operation',
  'near-miss',
];

/** A question by value: what the generator builds and what the server parses from the saved text. */
export interface MistakeQuestion {
  left: Rational;
  operator: Operator;
  right: Rational;
  fractions: boolean;
  /** An estimation item: its wrong answers are rounding slips, not one of the kinds below (none is derived). */
  estimate?: boolean;
}

export interface MistakeCandidate {
  value: Rational;
  mistake: MistakeKind;
}

function digitsReversed(n: number): number {
  return Number(String(n).split('').reverse().join(''));
}

/** Subtracting the smaller digit from the larger in every column: the classic borrowing slip. */
export function borrowSlip(a: number, b: number): number {
  const as = String(a);
  const bs = String(b).padStart(as.length, '0');
  let out = '';
  for (let i = 0; i < as.length; i++) out += String(Math.abs(Number(as[i]) - Number(bs[i])));
  return Number(out);
}

function integerCandidates(a: number, op: Operator, b: number, answer: number): MistakeCandidate[] {
  const c: Array<[number, MistakeKind]> = [
    [answer + 1, 'off-by-one'],
    [answer - 1, 'off-by-one'],
  ];
  // A tens slip only makes sense once the numbers have tens.
  const tens = Math.max(a, b, answer) >= 10;
  switch (op) {
    case '+':
      if ((a % 10) + (b % 10) >= 10 && answer > 10) c.push([answer - 10, 'carry-slip']);
      if (tens) c.push([answer + 10, 'off-by-ten']);
      c.push([Math.abs(a - b), 'wrong-operation']);
      // Multiplying instead only looks plausible while the product stays near the sum.
      if (a * b <= answer * 2) c.push([a * b, 'wrong-operation']);
      break;
    case '-':
      // Only a real slip when some column needed a borrow (else it is the right answer).
      c.push([borrowSlip(a, b), 'borrow-slip'], [a + b, 'wrong-operation']);
      if (tens) c.push([answer + 10, 'off-by-ten']);
      if (answer > 10) c.push([answer - 10, 'off-by-ten']);
      break;
    case '×':
      c.push(
        [a * (b + 1), 'neighbour-fact'],
        [a * (b - 1), 'neighbour-fact'],
        [(a + 1) * b, 'neighbour-fact'],
        [a + b, 'wrong-operation'],
      );
      break;
    case '÷':
      c.push([a - b, 'wrong-operation'], [answer + 2, 'near-miss']);
      // Dividing by the neighbouring divisor.
      if (b > 1) c.push([Math.round(a / (b - 1)), 'neighbour-fact']);
      break;
  }
  // 54 ↔ 45; not 60 → 6, which drops a digit.
  if (answer >= 10 && answer % 10 !== 0) c.push([digitsReversed(answer), 'swapped-digits']);
  return c.filter(([v]) => v > 0 && v !== answer).map(([v, mistake]) => ({ value: rational(v), mistake }));
}

function fractionCandidates(
  left: Rational,
  op: Operator,
  right: Rational,
  answer: Rational,
): MistakeCandidate[] {
  const c: MistakeCandidate[] = [];
  // A slip on the answer's numerator or denominator is only offered when it is itself in lowest terms,
  // so the option shows exactly the slip a later screen explains (72/144 would display as 1/2).
  const add = (n: number, d: number, mistake: MistakeKind, mustBeReduced = false) => {
    if (d > 0 && n > 0 && (!mustBeReduced || gcd(n, d) === 1)) c.push({ value: rational(n, d), mistake });
  };
  if (op === '+') add(left.n + right.n, left.d + right.d, 'added-denominators');
  if (op === '-') add(left.n - right.n, left.d - right.d, 'added-denominators');
  if (op === '×') add(left.n * right.d, left.d * right.n, 'wrong-operation');
  const other: Operator = op === '+' ? '-' : '+';
  const alt = compute(left, other, right);
  if (alt) add(alt.n, alt.d, 'wrong-operation');
  add(answer.n + 1, answer.d, 'numerator-slip', true);
  add(answer.n - 1, answer.d, 'numerator-slip', true);
  add(answer.n, answer.d + 1, 'denominator-slip', true);
  add(answer.n, answer.d - 1, 'denominator-slip', true);
  add(answer.d, answer.n, 'inverted-fraction', true);
  return c.filter((x) => !equalRational(x.value, answer));
}

/**
 * The plausible slips for a question, one per distinct value, each labelled with the most specific kind
 * that produces it. Values are not filtered for display (the generator drops what it cannot encode).
 */
export function mistakeCandidates(q: MistakeQuestion): MistakeCandidate[] {
  const answer = compute(q.left, q.operator, q.right);
  if (!answer) return [];
  const raw = q.fractions
    ? fractionCandidates(q.left, q.operator, q.right, answer)
    : integerCandidates(q.left.n, q.operator, q.right.n, answer.n);
  const byValue = new Map<string, MistakeCandidate>();
  const rank = (k: MistakeKind) => PRIORITY.indexOf(k);
  for (const c of raw) {
    const key = `${c.value.n}/${c.value.d}`;
    const seen = byValue.get(key);
    if (!seen || rank(c.mistake) < rank(seen.mistake)) byValue.set(key, c);
  }
  return [...byValue.values()];
}

/** How far above the answer the generator's filler options go (it needs at most three). */
export const NEAR_MISS_STEPS = 5;

/** A value just above the answer: whole steps, or (fractions) steps of one part of the answer's denominator. */
function isNearMiss(chosen: Rational, answer: Rational): boolean {
  const diff = compute(chosen, '-', answer)!;
  if (diff.n <= 0) return false;
  const wholeSteps = diff.d === 1 && diff.n <= NEAR_MISS_STEPS;
  const partSteps = (answer.d * diff.n) % diff.d === 0 && (answer.d * diff.n) / diff.d <= NEAR_MISS_STEPS;
  return wholeSteps || partSteps;
}

/**
 * The slip a chosen answer stands for: null when it is right, unanswered, or no known slip explains it.
 * Pure, and the same in the browser and on the server.
 */
export function deriveMistakeKind(q: MistakeQuestion, chosen: number | null | undefined): MistakeKind | null {
  if (chosen === null || chosen === undefined || q.estimate) return null;
  const answer = compute(q.left, q.operator, q.right);
  const value = answerToRational(chosen);
  if (!answer || !value || equalRational(value, answer)) return null;
  const hit = mistakeCandidates(q).find((c) => equalRational(c.value, value));
  if (hit) return hit.mistake;
  return isNearMiss(value, answer) ? 'near-miss' : null;
}
