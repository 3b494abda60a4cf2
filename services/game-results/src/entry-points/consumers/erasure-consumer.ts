import { EVENT_QUEUES } from '@mathgames/contracts';
import { markUserErased, subscribe } from '@mathgames/platform';
import { STATISTICS_LOCK } from './statistics-consumer.js';

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
 * and result events (published or still waiting) go, once; the account is recorded as erased, so a game of it still
 * on its way to the statistics-worker is skipped (the idempotent consumer's `lock`).
 */
export function erasureSubscription() {
  return subscribe(EVENT_QUEUES.statisticsErasure, {
    // The statistics consumer's lock: the erasure and a game of the same user never run halfway through each other.
    lock: { namespace: STATISTICS_LOCK, key: (event) => event.userId },
    async handle(event, tx) {
      await markUserErased(tx, 'results', event.userId);
      for (const table of ERASED_TABLES)
        await tx.query(`DELETE FROM results.${table} WHERE user_id = $1`, [event.userId]);
      // Published or not: a row still waiting (the broker away, a relay stopped while holding its lease) would be
      // published after the erasure and then kept 7 days.
      await tx.query(`DELETE FROM results.outbox WHERE (payload->>'userId')::int = $1`, [event.userId]);
    },
  });
}
