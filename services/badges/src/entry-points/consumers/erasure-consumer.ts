import { EVENT_QUEUES } from '@mathgames/contracts';
import { subscribe } from '@mathgames/platform';
import { requestSummaryRefresh, type SummaryRefresh } from '../../data-access/badges-repository.js';
import { applySummaryRefreshes, type SummaryDeps } from '../../domain/badge-summary.js';

/**
 * A deleted account's badge progress goes, and its cached summary after the commit: the refresh is requested in
 * the transaction and finds no completed badge, so it removes the key, or is retried until it can.
 */
export function badgeErasureSubscription(deps: SummaryDeps) {
  const erased = new Map<string, SummaryRefresh>();
  return subscribe(EVENT_QUEUES.badgesErasure, {
    async handle(event, tx) {
      await tx.query('DELETE FROM badges.user_badges WHERE user_id = $1', [event.userId]);
      if (erased.size >= 10_000) erased.clear();
      erased.set(event.id, { userId: event.userId, version: await requestSummaryRefresh(tx, event.userId) });
    },
    async afterCommit(event) {
      const refresh = erased.get(event.id);
      if (!refresh) return;
      erased.delete(event.id);
      await applySummaryRefreshes(deps, [refresh]);
    },
  });
}
