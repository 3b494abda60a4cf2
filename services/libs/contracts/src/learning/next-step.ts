/**
 * The next step after a game: one difficulty up after two games of 90 % or more at a level, one down after a
 * game under 50 %, the same otherwise. Pure; the browser keeps the recent scores per topic and level.
 */
import { DIFFICULTIES, type Difficulty } from '../values.js';

export const STEP_UP_PERCENT = 90;
export const STEP_UP_GAMES = 2;
export const STEP_DOWN_PERCENT = 50;

export type NextStep = 'up' | 'down' | 'same';

/** `recent` holds the success rates at this topic and level, oldest first, the game just played last. */
export function suggestNextStep(
  difficulty: Difficulty,
  recent: readonly number[],
): { step: NextStep; difficulty: Difficulty } {
  const i = DIFFICULTIES.indexOf(difficulty);
  const last = recent.slice(-STEP_UP_GAMES);
  if (last.length === STEP_UP_GAMES && last.every((p) => p >= STEP_UP_PERCENT) && i < DIFFICULTIES.length - 1)
    return { step: 'up', difficulty: DIFFICULTIES[i + 1]! };
  const latest = recent[recent.length - 1];
  if (latest !== undefined && latest < STEP_DOWN_PERCENT && i > 0)
    return { step: 'down', difficulty: DIFFICULTIES[i - 1]! };
  return { step: 'same', difficulty };
}
