/**
 * Fact fluency (docs/product-rules.md#fact-fluency): the basic facts a child should know by heart, and whether each is known. A fact is
 * fluent when answered correctly within the threshold (3 s, or a gentler 6 s a teacher or pupil can choose) in
 * 2 of its last 3 tries (the XtraMath / Reflex rule). Response time runs from the question appearing to the tap,
 * feedback excluded.
 */
import { z } from 'zod';
import { parseQuestionText } from '../questions/arithmetic.js';
import { GAME_TYPE_KEYS, type GameType } from '../values.js';

export const FLUENT_MS = 3000;
export const GENTLE_FLUENT_MS = 6000;
export const FLUENCY_THRESHOLDS = [FLUENT_MS, GENTLE_FLUENT_MS] as const;
export type FluencyThreshold = (typeof FLUENCY_THRESHOLDS)[number];
/** Tries kept per fact: the rule looks at the last three. */
export const FACT_TRIES_KEPT = 3;

/** The matrices: addition and subtraction facts (0-10 and within 20), the 10 × 10 table and its divisions. */
export const FACT_GRIDS = ['addition', 'subtraction', 'multiplication', 'division'] as const;
export type FactGrid = (typeof FACT_GRIDS)[number];

/**
 * A fact's key: `7+5`, `12-5`, `7×8`, `56÷8`. Addition: addends 0-10 (sums to 20); subtraction: the inverses
 * (minuend to 20, subtrahend and difference 0-10); multiplication: factors 1-10; division: divisor and quotient 1-10.
 */
export function factKeyOf(questionText: string): string | null {
  const p = parseQuestionText(questionText);
  if (!p || p.fractions || p.estimate || p.left.d !== 1 || p.right.d !== 1) return null;
  const a = p.left.n;
  const b = p.right.n;
  const digit = (n: number) => Number.isInteger(n) && n >= 0 && n <= 10;
  switch (p.operator) {
    case '+':
      return digit(a) && digit(b) ? `${a}+${b}` : null;
    case '-':
      return digit(b) && digit(a - b) ? `${a}-${b}` : null;
    case '×':
      return a >= 1 && b >= 1 && a <= 10 && b <= 10 ? `${a}×${b}` : null;
    case '÷':
      return b >= 1 && b <= 10 && a % b === 0 && a / b >= 1 && a / b <= 10 ? `${a}÷${b}` : null;
  }
}

/** A fact key's operands and operator, the inverse of `factKeyOf` (`12-5` → 12, '-', 5); null for anything else. */
export function factOperands(fact: string): { a: number; operator: string; b: number } | null {
  const m = /^(\d{1,3})([+\-×÷])(\d{1,3})$/.exec(fact);
  return m ? { a: Number(m[1]), operator: m[2]!, b: Number(m[3]) } : null;
}

export function factGridOf(fact: string): FactGrid {
  if (fact.includes('+')) return 'addition';
  if (fact.includes('-')) return 'subtraction';
  return fact.includes('×') ? 'multiplication' : 'division';
}

/** The cells of a matrix: rows × columns of fact keys (the row is the first operand or, for -/÷, the second). */
export function factGridCells(grid: FactGrid): string[][] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  switch (grid) {
    case 'addition':
      return range(0, 10).map((a) => range(0, 10).map((b) => `${a}+${b}`));
    case 'subtraction':
      // Row: what is taken away; column: the difference; the minuend is their sum.
      return range(0, 10).map((b) => range(0, 10).map((d) => `${b + d}-${b}`));
    case 'multiplication':
      return range(1, 10).map((a) => range(1, 10).map((b) => `${a}×${b}`));
    case 'division':
      return range(1, 10).map((b) => range(1, 10).map((q) => `${b * q}÷${b}`));
  }
}

export interface FactTry {
  correct: boolean;
  ms: number;
}

export const FACT_STATES = ['fluent', 'slow', 'wrong', 'not-yet'] as const;
export type FactState = (typeof FACT_STATES)[number];

/**
 * A fact's state from its last tries (oldest first): fluent = correct within the threshold in 2 of the last 3;
 * otherwise wrong when the latest try was wrong, slow when it was right but slow; not yet when never tried.
 */
export function factState(tries: readonly FactTry[], threshold: number = FLUENT_MS): FactState {
  if (tries.length === 0) return 'not-yet';
  const last = tries.slice(-FACT_TRIES_KEPT);
  if (last.filter((t) => t.correct && t.ms <= threshold).length >= 2) return 'fluent';
  return last[last.length - 1]!.correct ? 'slow' : 'wrong';
}

/** One answered fact as it travels in game-result.recorded. */
export const factAttemptSchema = z
  .object({
    fact: z.string().min(3).max(8),
    correct: z.boolean(),
    ms: z.number().int().nonnegative(),
  })
  .meta({ id: 'FactAttempt' });
export type FactAttempt = z.infer<typeof factAttemptSchema>;

/** The facts of a result's answered questions that carry a response time, in the order they were answered. */
export function factAttemptsOf(
  questions: ReadonlyArray<{ question: string; isCorrect: boolean; responseMs?: number | null }>,
): FactAttempt[] {
  const attempts: FactAttempt[] = [];
  for (const q of questions) {
    if (q.responseMs === null || q.responseMs === undefined) continue;
    const fact = factKeyOf(q.question);
    if (fact) attempts.push({ fact, correct: q.isCorrect, ms: q.responseMs });
  }
  return attempts;
}

/** A threshold a request may ask for; anything else is refused. */
export function parseFluencyThreshold(raw: unknown): FluencyThreshold | null {
  if (raw === undefined) return FLUENT_MS;
  const n = typeof raw === 'string' && /^\d{1,5}$/.test(raw) ? Number(raw) : Number.NaN;
  return (FLUENCY_THRESHOLDS as readonly number[]).includes(n) ? (n as FluencyThreshold) : null;
}

export const factCellSchema = z
  .object({ fact: z.string(), state: z.enum(FACT_STATES), tries: z.number().int().nonnegative() })
  .meta({ id: 'FactCell' });

export const factsResponseSchema = z
  .object({
    threshold: z.number().int(),
    facts: z.array(factCellSchema),
  })
  .meta({ id: 'FactsResponse' });
export type FactsResponse = z.infer<typeof factsResponseSchema>;

/**
 * The facts a game of this topic should practise (the generator's `favour`): the wrong ones first, then the
 * slow ones, each in the order given. Fractions have no fact matrix: none.
 */
export function factsToPractise(facts: FactsResponse['facts'], gameType: GameType): string[] {
  // The matrices are named by the topics' English keys; fractions have none.
  const grid = GAME_TYPE_KEYS[gameType];
  if (!(FACT_GRIDS as readonly string[]).includes(grid)) return [];
  const ofTopic = facts.filter((f) => factGridOf(f.fact) === grid);
  return [...ofTopic.filter((f) => f.state === 'wrong'), ...ofTopic.filter((f) => f.state === 'slow')].map(
    (f) => f.fact,
  );
}
