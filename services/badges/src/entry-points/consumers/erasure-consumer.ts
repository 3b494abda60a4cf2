import { EVENT_QUEUES } from '@mathgames/contracts';
import { subscribe } from '@mathgames/platform';
import { type SummaryDeps, summaryRefreshesAfterCommit } from '../../domain/badge-summary.js';
import { eraseUser } from '../../domain/recorded-games.js';
import { BADGES_LOCK } from './badge-consumer.js';

/** Erases a deleted account's badges (`eraseUser`), then its cached summary once the transaction committed. */
export function badgeErasureSubscription(deps: SummaryDeps) {
  const refreshes = summaryRefreshesAfterCommit(deps);
  return subscribe(EVENT_QUEUES.badgesErasure, {
    // The badge-worker's lock: an erasure never meets a game's transaction of the same user halfway.
    lock: { namespace: BADGES_LOCK, key: (event) => event.userId },
    handle: (event, tx) => eraseUser(tx, event, refreshes),
    afterCommit: (event) => refreshes.afterCommit(event.id),
  });
}
