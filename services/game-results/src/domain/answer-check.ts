import { encodeFraction, reduceFraction } from '@mathgames/contracts';

interface Operand {
  numerator: number;
  denominator: number;
}

function operand(text: string): Operand | null {
  const m = /^(\d{1,6})(?:\/(\d{1,6}))?$/.exec(text);
  if (!m) return null;
  const denominator = m[2] === undefined ? 1 : Number(m[2]);
  if (denominator === 0) return null;
  return { numerator: Number(m[1]), denominator };
}

/**
 * The correct answer of a saved question text ("7 + 5", "12 ÷ 4", "1/2 + 1/4"), in the answer encoding of
 * spec §3 (fractions as 1,000,000 + n×1000 + d when an operand is a fraction); null when the text is not a
 * question this product asks.
 */
export function correctAnswerOf(question: string): number | null {
  const m = /^\s*(\d{1,6}(?:\/\d{1,6})?)\s*([+\-−×x*÷:/])\s*(\d{1,6}(?:\/\d{1,6})?)\s*(?:=\s*\??)?\s*$/.exec(
    question,
  );
  if (!m) return null;
  const a = operand(m[1]!);
  const b = operand(m[3]!);
  if (!a || !b) return null;
  const fractional = m[1]!.includes('/') || m[3]!.includes('/');
  let n: number;
  let d: number;
  switch (m[2]) {
    case '+':
      n = a.numerator * b.denominator + b.numerator * a.denominator;
      d = a.denominator * b.denominator;
      break;
    case '-':
    case '−':
      n = a.numerator * b.denominator - b.numerator * a.denominator;
      d = a.denominator * b.denominator;
      break;
    case '×':
    case 'x':
    case '*':
      n = a.numerator * b.numerator;
      d = a.denominator * b.denominator;
      break;
    default:
      if (b.numerator === 0) return null;
      n = a.numerator * b.denominator;
      d = a.denominator * b.numerator;
  }
  if (n < 0) return null;
  if (!fractional) return d === 1 || n % d === 0 ? n / d : null;
  const r = reduceFraction({ numerator: n, denominator: d });
  try {
    return encodeFraction(r.numerator, r.denominator);
  } catch {
    return null;
  }
}
