import {
  MASTERY_LEVELS,
  masteryAfterSkills,
  OUTCOMES,
  type OutcomeMastery,
  skillTalliesOf,
} from '@mathgames/contracts';

/**
 * Guests: the outcome map (docs/product-rules.md#mastery) kept in local storage, moved by each finished game with the same ladder the
 * statistics worker keeps for signed-in pupils (contracts `masteryAfterSkills`). Checked by hand on reading, as the
 * guest's review cards are: a value edited or left by an older version is dropped, never an error.
 */
export const GUEST_MASTERY_KEY = 'outcomeMastery';

const CODES = new Set(OUTCOMES.map((o) => o.code));
const isTime = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));
const isTimeOrNull = (value: unknown) => value === null || isTime(value);

function isState(value: unknown): value is OutcomeMastery {
  const s = value as OutcomeMastery;
  return (
    !!s &&
    CODES.has(s.outcome) &&
    (MASTERY_LEVELS as readonly string[]).includes(s.level) &&
    (s.level as string) !== 'not-started' &&
    Number.isInteger(s.games) &&
    s.games >= 0 &&
    Number.isInteger(s.checksPassed) &&
    s.checksPassed >= 0 &&
    s.checksPassed <= 2 &&
    isTimeOrNull(s.masteredAt) &&
    isTimeOrNull(s.checkDueAt) &&
    (s.retained === null || typeof s.retained === 'boolean') &&
    typeof s.needsHelp === 'boolean' &&
    isTime(s.updatedAt)
  );
}

/** The guest's started outcomes, in the map's order. */
export function readGuestMastery(): OutcomeMastery[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(GUEST_MASTERY_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    const byCode = new Map(parsed.filter(isState).map((s) => [s.outcome, s]));
    return OUTCOMES.flatMap((o) => byCode.get(o.code) ?? []);
  } catch {
    return [];
  }
}

/**
 * A guest's finished game (its questions as saved: text and whether the answer was right): each outcome its skills
 * practise moves one game on the ladder. Returns the whole map after it.
 */
export function recordGuestMastery(
  questions: ReadonlyArray<{ question: string; isCorrect: boolean }>,
  now = new Date(),
): OutcomeMastery[] {
  const current = new Map(readGuestMastery().map((s) => [s.outcome, s]));
  const moved = masteryAfterSkills(current, skillTalliesOf(questions), now);
  if (moved.length === 0) return [...current.values()];
  for (const state of moved) current.set(state.outcome, state);
  const map = OUTCOMES.flatMap((o) => current.get(o.code) ?? []);
  try {
    localStorage.setItem(GUEST_MASTERY_KEY, JSON.stringify(map));
  } catch (error) {
    console.warn('local storage write failed', error);
  }
  return map;
}
