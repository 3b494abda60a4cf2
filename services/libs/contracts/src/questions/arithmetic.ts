/** Exact rational arithmetic shared by the question generator and the answer checker. */
import { decodeFraction, encodeFraction, gcd } from './fraction.js';

export type Operator = '+' | '-' | '×' | '÷';

/** A rational in lowest terms with a positive denominator. */
export interface Rational {
  n: number;
  d: number;
}

export function rational(n: number, d = 1): Rational {
  if (d === 0) throw new RangeError('zero denominator');
  const sign = d < 0 ? -1 : 1;
  const g = gcd(n, d) || 1;
  return { n: (sign * n) / g, d: (sign * d) / g };
}

export function compute(a: Rational, op: Operator, b: Rational): Rational | null {
  switch (op) {
    case '+':
      return rational(a.n * b.d + b.n * a.d, a.d * b.d);
    case '-':
      return rational(a.n * b.d - b.n * a.d, a.d * b.d);
    case '×':
      return rational(a.n * b.n, a.d * b.d);
    case '÷':
      return b.n === 0 ? null : rational(a.n * b.d, a.d * b.n);
  }
}

export function equalRational(a: Rational, b: Rational): boolean {
  return a.n * b.d === b.n * a.d;
}

/** The value an answer number stands for: an encoded fraction or a plain integer. */
export function answerToRational(value: number): Rational | null {
  if (!Number.isSafeInteger(value)) return null;
  const f = decodeFraction(value);
  if (f) return rational(f.numerator, f.denominator);
  return rational(value);
}

/** Encodes a fraction answer in lowest terms; null when it does not fit the codec or is not positive. */
export function encodeRational(r: Rational): number | null {
  if (r.n <= 0 || r.d <= 0 || r.n >= 1000 || r.d >= 1000) return null;
  return encodeFraction(r.n, r.d);
}

/** Operand text: '12' or '3/4'. */
export function formatOperand(r: Rational, asFraction: boolean): string {
  return asFraction ? `${r.n}/${r.d}` : String(r.n);
}

const OPERAND = String.raw`(\d{1,7}(?:\/\d{1,7})?)`;
// Every spelling the generator, the frontend and older clients use: x and * for ×, − (U+2212) for -, : and / for ÷.
const QUESTION_RE = new RegExp(String.raw`^${OPERAND}\s*([+\-−–×xX*·÷:\/])\s*${OPERAND}$`);

const OPERATOR_SPELLINGS: Record<string, Operator> = {
  '+': '+',
  '-': '-',
  '−': '-',
  '–': '-',
  '×': '×',
  x: '×',
  X: '×',
  '*': '×',
  '·': '×',
  '÷': '÷',
  ':': '÷',
  '/': '÷',
};

export interface ParsedQuestion {
  left: Rational;
  operator: Operator;
  right: Rational;
  /** True when either operand was written as a fraction. */
  fractions: boolean;
  /** An estimation item (`≈ 48 + 31`): each operand is rounded to the nearest ten before calculating. */
  estimate: boolean;
}

/** The sign an estimation item's text starts with (`≈ 48 + 31`). */
export const ESTIMATE_SIGN = '≈';

/** Rounds to the nearest ten (an estimation item's operands never end in 5, so no tie arises). */
export function roundToTen(n: number): number {
  return Math.round(n / 10) * 10;
}

/**
 * What a question's answer is: its exact result, or for an estimation item the result of its operands rounded to the
 * nearest ten (`≈ 48 + 31` → 50 + 30 = 80).
 */
export function questionValue(q: {
  left: Rational;
  operator: Operator;
  right: Rational;
  estimate?: boolean;
}): Rational | null {
  if (!q.estimate) return compute(q.left, q.operator, q.right);
  if (q.left.d !== 1 || q.right.d !== 1) return null;
  return compute(rational(roundToTen(q.left.n)), q.operator, rational(roundToTen(q.right.n)));
}

function parseOperand(text: string): Rational | null {
  const [n, d] = text.split('/');
  const num = Number(n);
  const den = d === undefined ? 1 : Number(d);
  if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || den === 0) return null;
  return rational(num, den);
}

/** Parses a saved question text such as `7 + 5`, `12 ÷ 3`, `12 / 3`, `1/2 + 1/4` or the estimation item `≈ 48 + 31`. */
export function parseQuestionText(text: string): ParsedQuestion | null {
  if (typeof text !== 'string' || text.length > 64) return null;
  let trimmed = text.trim().replace(/\s+/g, ' ');
  const estimate = trimmed.startsWith(ESTIMATE_SIGN);
  if (estimate) trimmed = trimmed.slice(ESTIMATE_SIGN.length).trimStart();
  const m = QUESTION_RE.exec(trimmed);
  if (!m) return null;
  const left = parseOperand(m[1]!);
  const right = parseOperand(m[3]!);
  const operator = OPERATOR_SPELLINGS[m[2]!];
  if (!left || !right || !operator) return null;
  const fractions = m[1]!.includes('/') || m[3]!.includes('/');
  if (estimate && fractions) return null;
  return { left, operator, right, fractions, estimate };
}
