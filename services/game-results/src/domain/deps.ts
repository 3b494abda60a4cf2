import type { Pool } from '@mathgames/platform';
import type { ResultBudget } from './result-budget.js';

/** The dependency bag: what every use case needs, built once by createGameResultsService. */
export interface GameResultsDeps {
  pool: Pool;
  /** Per-user budget for posted results (absent: unlimited, e.g. a test of the route alone). */
  budget?: ResultBudget;
  /** The service's clock (results' playedAt, the current week); tests move it across a week boundary. */
  now: () => Date;
  timeZone: string;
  /** Wakes the outbox relay after a result is committed (absent: the relay's own poll finds it). */
  announced?: () => void;
}
