import { EVENT_QUEUES } from '@mathgames/contracts';
import { subscribe } from '@mathgames/platform';
import { addProgress } from '../../data-access/badges-repository.js';
import { type SummaryDeps, summaryRefreshesAfterCommit } from '../../domain/badge-summary.js';

export const BADGES_QUEUE = EVENT_QUEUES.badges.name;
export const BADGES_CONSUMER = 'badge-worker';
/** The advisory lock every transaction writing a user's badges takes first (the erasure's too). */
export const BADGES_LOCK = 'badges';

/**
 * Adds each game's correct answers to the 7 badges of its (type, difficulty), once per event id; once that
 * transaction committed, refreshes the user's summary cache (which the gateway's 3-second poll reads) if the game
 * completed a badge: progress alone leaves the completed counts, and so the summary, as they were. The refresh is
 * requested inside the transaction (summary_refreshes), so one that fails or never runs is retried.
 */
export function badgeSubscription(deps: SummaryDeps) {
  const refreshes = summaryRefreshesAfterCommit(deps);
  return subscribe(EVENT_QUEUES.badges, {
    // The user's lock, taken with the claim: their badge rows are per topic, and two transactions of one user (two
    // replicas' batches, an event retried alone, the erasure) queue on it instead of locking them in other orders.
    lock: { namespace: BADGES_LOCK, key: (event) => event.userId },
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
      if (completed) await refreshes.request(tx, event.id, event.userId);
    },
    afterCommit: (event) => refreshes.afterCommit(event.id),
  });
}
