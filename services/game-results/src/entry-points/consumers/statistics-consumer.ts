import { EVENT_QUEUES } from '@mathgames/contracts';
import { subscribe } from '@mathgames/platform';
import { applyRecordedGame } from '../../domain/recorded-games.js';

export const STATISTICS_QUEUE = EVENT_QUEUES.statistics.name;
export const STATISTICS_CONSUMER = 'statistics-worker';
/** The advisory lock of a user's statistics: every transaction writing them (the erasure's too) takes it first. */
export const STATISTICS_LOCK = 'statistics';

/** Folds each recorded game into the user's statistics (the `applyRecordedGame` use case), once per event id. */
export function statisticsSubscription(timeZone: string) {
  return subscribe(EVENT_QUEUES.statistics, {
    // The user's lock, taken with the claim: their rows of several outcomes and topics are locked by one game's
    // transaction after another's, so two transactions of one user queue on it instead (and batches never deadlock).
    lock: { namespace: STATISTICS_LOCK, key: (event) => event.userId },
    handle: (event, tx) => applyRecordedGame(tx, event, timeZone),
  });
}
