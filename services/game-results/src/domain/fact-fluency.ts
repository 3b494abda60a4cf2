import { type FactsResponse, factState, parseFluencyThreshold } from '@mathgames/contracts';
import { AppError } from '@mathgames/platform';
import { readFactTries } from '../data-access/fact-fluency-repository.js';
import type { GameResultsDeps } from './deps.js';

/** The pupil's tried facts with their state at the asked threshold (3 s, or the gentler 6 s). Untried facts are absent. */
export async function getFactFluency(
  deps: GameResultsDeps,
  userId: number,
  thresholdParam: unknown,
): Promise<FactsResponse> {
  const threshold = parseFluencyThreshold(thresholdParam);
  if (threshold === null) throw new AppError(400, 'validation_error', 'validation_error', 'threshold');
  const rows = await readFactTries(deps.pool, userId);
  return {
    threshold,
    facts: rows
      .map((r) => ({ fact: r.fact, state: factState(r.tries, threshold), tries: r.count }))
      .sort((a, b) => a.fact.localeCompare(b.fact)),
  };
}
