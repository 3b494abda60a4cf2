import { EVENT_QUEUES } from '@mathgames/contracts';
import { subscribe } from '@mathgames/platform';
import type { SummaryCache } from '../../data-access/summary-cache.js';

/** A deleted account's badge progress goes, and its cached summary after the commit. */
export function badgeErasureSubscription(cache: SummaryCache) {
  return subscribe(EVENT_QUEUES.badgesErasure, {
    async handle(event, tx) {
      await tx.query('DELETE FROM badges.user_badges WHERE user_id = $1', [event.userId]);
    },
    async afterCommit(event) {
      await cache.forget(event.userId);
    },
  });
}
