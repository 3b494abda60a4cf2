import { EVENT_QUEUES } from '@mathgames/contracts';
import { type Logger, subscribe } from '@mathgames/platform';
import type pg from 'pg';
import { addProgress } from '../../data-access/badges-repository.js';
import type { SummaryCache } from '../../data-access/summary-cache.js';
import { refreshSummary } from '../../domain/badge-summary.js';

export const BADGES_QUEUE = EVENT_QUEUES.badges.name;
export const BADGES_CONSUMER = 'badge-worker';

export interface BadgeSubscriptionDeps {
  pool: pg.Pool;
  cache: SummaryCache;
  logger: Logger;
}

/**
 * Adds each game's correct answers to the 7 badges of its (type, difficulty), once per event id; once that
 * transaction committed, refreshes the user's summary cache (which the gateway's 3-second poll reads).
 */
export function badgeSubscription(deps: BadgeSubscriptionDeps) {
  return subscribe(EVENT_QUEUES.badges, {
    async handle(event, tx) {
      if (event.correctAnswers === 0) return;
      await addProgress(
        tx,
        event.userId,
        event.gameType,
        event.difficulty,
        event.correctAnswers,
        new Date(event.playedAt),
      );
    },
    async afterCommit(event) {
      if (event.correctAnswers === 0) return;
      await refreshSummary(deps, event.userId);
    },
  });
}
