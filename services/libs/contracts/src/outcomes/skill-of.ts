import { ESTIMATE_SIGN, parseQuestionText, type Rational } from '../questions/arithmetic.js';
import type { SkillId } from './map.js';

function integerSkill(left: number, operator: string, right: number): SkillId | null {
  const within = (n: number): 10 | 20 | 100 | 1000 | null =>
    n <= 10 ? 10 : n <= 20 ? 20 : n <= 100 ? 100 : n <= 1000 ? 1000 : null;
  switch (operator) {
    case '+': {
      const w = within(left + right);
      return w === null ? null : (`add-within-${w}` as SkillId);
    }
    case '-': {
      const w = left >= right ? within(left) : null;
      return w === null ? null : (`sub-within-${w}` as SkillId);
    }
    case '×':
      if (left <= 5 && right <= 5) return 'mul-facts-to-5';
      if (left <= 10 && right <= 10) return 'mul-table-10';
      return left * right <= 10_000 ? 'mul-beyond-table' : null;
    case '÷': {
      if (right === 0 || left % right !== 0) return null;
      const quotient = left / right;
      if (right <= 5 && quotient <= 5) return 'div-facts-to-5';
      if (right <= 10 && quotient <= 10) return 'div-table-10';
      return left <= 10_000 ? 'div-beyond-table' : null;
    }
  }
  return null;
}

function fractionSkill(left: Rational, operator: string, right: Rational): SkillId | null {
  if (operator === '×') return 'fraction-multiply';
  if (operator !== '+' && operator !== '-') return null;
  if (left.d === right.d) return 'fraction-same-denominator';
  const [lo, hi] = left.d < right.d ? [left.d, right.d] : [right.d, left.d];
  return hi % lo === 0 ? 'fraction-multiple-denominator' : 'fraction-unrelated-denominator';
}

/** The skill a question practises, from its text (`7 + 5`, `3/8 + 5/12`); null when no skill of the map covers it. */
export function skillOf(question: {
  num1: number | string;
  operator: string;
  num2: number | string;
  estimate?: boolean;
}): SkillId | null {
  const sign = question.estimate ? `${ESTIMATE_SIGN} ` : '';
  return skillOfText(`${sign}${question.num1} ${question.operator} ${question.num2}`);
}

/** The skill of a saved question text (`7 + 5`, `3/8 + 5/12`); null when no skill of the map covers it. */
export function skillOfText(text: string): SkillId | null {
  const parsed = parseQuestionText(text);
  if (!parsed) return null;
  if (parsed.estimate) return parsed.operator === '+' || parsed.operator === '-' ? 'estimate-add-sub' : null;
  if (parsed.fractions) return fractionSkill(parsed.left, parsed.operator, parsed.right);
  if (parsed.left.d !== 1 || parsed.right.d !== 1 || parsed.left.n < 0 || parsed.right.n < 0) return null;
  return integerSkill(parsed.left.n, parsed.operator, parsed.right.n);
}
