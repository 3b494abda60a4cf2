import { EVENT_QUEUES } from '@mathgames/contracts';
import { subscribe } from '@mathgames/platform';

// Every results table keyed by user (the erasure test checks each table with a user_id column).
const ERASED_TABLES = [
  'game_results',
  'user_result_counts',
  'user_totals',
  'user_type_totals',
  'user_daily',
  'user_mistakes',
  'review_cards',
  'fact_fluency',
  'outcome_mastery',
] as const;

/**
 * A deleted account's results, history counts, statistics, mistakes, review schedule, fact tries, mastery per outcome
 * and already-published result events go, once.
 */
export function erasureSubscription() {
  return subscribe(EVENT_QUEUES.statisticsErasure, {
    async handle(event, tx) {
      for (const table of ERASED_TABLES)
        await tx.query(`DELETE FROM results.${table} WHERE user_id = $1`, [event.userId]);
      await tx.query(
        `DELETE FROM results.outbox WHERE published_at IS NOT NULL AND (payload->>'userId')::int = $1`,
        [event.userId],
      );
    },
  });
}
