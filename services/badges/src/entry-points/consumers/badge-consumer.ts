import { EVENT_QUEUES } from '@mathgames/contracts';
import { subscribe } from '@mathgames/platform';
import { type SummaryDeps, summaryRefreshesAfterCommit } from '../../domain/badge-summary.js';
import { applyRecordedGame } from '../../domain/recorded-games.js';

export const BADGES_QUEUE = EVENT_QUEUES.badges.name;
export const BADGES_CONSUMER = 'badge-worker';
/** The advisory lock every transaction writing a user's badges takes first (the erasure's too). */
export const BADGES_LOCK = 'badges';

/**
 * Applies each recorded game to the user's badges (`applyRecordedGame`), once per event id; once that transaction
 * committed, refreshes the user's summary cache (which the gateway's 3-second poll reads) if the game completed a
 * badge.
 */
export function badgeSubscription(deps: SummaryDeps) {
  const refreshes = summaryRefreshesAfterCommit(deps);
  return subscribe(EVENT_QUEUES.badges, {
    // The user's lock, taken with the claim: their badge rows are per topic, and two transactions of one user (two
    // replicas' batches, an event retried alone, the erasure) queue on it instead of locking them in other orders.
    lock: { namespace: BADGES_LOCK, key: (event) => event.userId },
    handle: (event, tx) => applyRecordedGame(tx, event, refreshes),
    afterCommit: (event) => refreshes.afterCommit(event.id),
  });
}
