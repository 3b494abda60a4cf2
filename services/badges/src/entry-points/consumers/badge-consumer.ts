import { EVENT_QUEUES } from '@mathgames/contracts';
import { type Logger, subscribe } from '@mathgames/platform';
import type pg from 'pg';
import {
  addProgress,
  requestSummaryRefresh,
  type SummaryRefresh,
} from '../../data-access/badges-repository.js';
import type { SummaryCache } from '../../data-access/summary-cache.js';
import { applySummaryRefreshes } from '../../domain/badge-summary.js';

export const BADGES_QUEUE = EVENT_QUEUES.badges.name;
export const BADGES_CONSUMER = 'badge-worker';

export interface BadgeSubscriptionDeps {
  pool: pg.Pool;
  cache: SummaryCache;
  logger: Logger;
}

/**
 * Adds each game's correct answers to the 7 badges of its (type, difficulty), once per event id; once that
 * transaction committed, refreshes the user's summary cache (which the gateway's 3-second poll reads) if the game
 * completed a badge: progress alone leaves the completed counts, and so the summary, as they were. The refresh is
 * requested inside the transaction (summary_refreshes), so one that fails or never runs is retried.
 */
export function badgeSubscription(deps: BadgeSubscriptionDeps) {
  // Events whose change completed a badge, from their transaction to their after-commit step. An entry left by a
  // transaction that rolled back is overwritten when the event is applied again; the bound keeps a stuck one
  // from growing the map (a refresh lost with it is still requested, and retried).
  const completedBadge = new Map<string, SummaryRefresh>();
  return subscribe(EVENT_QUEUES.badges, {
    // A batch touches its users' rows in user order: batches of two replicas never deadlock.
    batchOrder: (event) => event.userId,
    async handle(event, tx) {
      if (event.correctAnswers === 0) return;
      const completed = await addProgress(
        tx,
        event.userId,
        event.gameType,
        event.difficulty,
        event.correctAnswers,
        new Date(event.playedAt),
      );
      if (completed) {
        if (completedBadge.size >= 10_000) completedBadge.clear();
        completedBadge.set(event.id, {
          userId: event.userId,
          version: await requestSummaryRefresh(tx, event.userId),
        });
      }
    },
    async afterCommit(event) {
      const refresh = completedBadge.get(event.id);
      if (!refresh) return;
      completedBadge.delete(event.id);
      await applySummaryRefreshes(deps, [refresh]);
    },
  });
}
