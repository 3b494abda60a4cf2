import type pg from 'pg';

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

/** Deletes every results row of the user, and their result events, published or still waiting (caller's transaction). */
export async function eraseUserRows(tx: pg.PoolClient, userId: number): Promise<void> {
  for (const table of ERASED_TABLES)
    await tx.query(`DELETE FROM results.${table} WHERE user_id = $1`, [userId]);
  // Published or not: a row still waiting (the broker away, a relay stopped while holding its lease) would be
  // published after the erasure and then kept 7 days.
  await tx.query(`DELETE FROM results.outbox WHERE (payload->>'userId')::int = $1`, [userId]);
}
