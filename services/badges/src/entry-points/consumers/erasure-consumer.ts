import { EVENT_QUEUES } from '@mathgames/contracts';
import { markUserErased, subscribe } from '@mathgames/platform';
import { type SummaryDeps, summaryRefreshesAfterCommit } from '../../domain/badge-summary.js';
import { BADGES_LOCK } from './badge-consumer.js';

/**
 * A deleted account's badge progress goes, and its cached summary after the commit: the refresh is requested in
 * the transaction and finds no completed badge, so it removes the key, or is retried until it can. The account is
 * recorded as erased, so a game of it still on its way is skipped.
 */
export function badgeErasureSubscription(deps: SummaryDeps) {
  const refreshes = summaryRefreshesAfterCommit(deps);
  return subscribe(EVENT_QUEUES.badgesErasure, {
    // The badge-worker's lock: an erasure never meets a game's transaction of the same user halfway.
    lock: { namespace: BADGES_LOCK, key: (event) => event.userId },
    async handle(event, tx) {
      await markUserErased(tx, 'badges', event.userId);
      await tx.query('DELETE FROM badges.user_badges WHERE user_id = $1', [event.userId]);
      await refreshes.request(tx, event.id, event.userId);
    },
    afterCommit: (event) => refreshes.afterCommit(event.id),
  });
}
