import type { MasteryResponse } from '@mathgames/contracts';
import { outcomeMastery } from '../data-access/outcome-mastery-repository.js';
import type { GameResultsDeps } from './deps.js';

/** The pupil's started outcomes (the others are not started), in the outcome map's order. */
export async function getOutcomeMastery(
  deps: Pick<GameResultsDeps, 'pool'>,
  userId: number,
): Promise<MasteryResponse> {
  return { outcomes: await outcomeMastery.read(deps.pool, userId) };
}
