import { FACT_TRIES_KEPT, type FactAttempt, type FactTry } from '@mathgames/contracts';
import type { Db } from '@mathgames/platform';

/**
 * Appends a game's answered facts to the pupil's last tries (caller's transaction), keeping the last
 * FACT_TRIES_KEPT per fact, in one statement; rows in fact order so two batches never deadlock.
 */
export async function addFactTries(
  db: Db,
  userId: number,
  attempts: readonly FactAttempt[],
  at: Date,
): Promise<void> {
  if (attempts.length === 0) return;
  await db.query({
    name: 'fact-fluency-add-tries',
    text: `INSERT INTO results.fact_fluency AS f (user_id, fact, correct, ms, tries, last_at)
       SELECT $1, t.fact, ARRAY[t.correct], ARRAY[t.ms], 1, $5
       FROM unnest($2::text[], $3::boolean[], $4::integer[]) AS t(fact, correct, ms)
       ORDER BY t.fact
       ON CONFLICT (user_id, fact) DO UPDATE SET
         correct = (f.correct || excluded.correct)[cardinality(f.correct) + 2 - $6::int:],
         ms = (f.ms || excluded.ms)[cardinality(f.ms) + 2 - $6::int:],
         tries = f.tries + 1,
         last_at = greatest(f.last_at, excluded.last_at)`,
    values: [
      userId,
      attempts.map((a) => a.fact),
      attempts.map((a) => a.correct),
      attempts.map((a) => a.ms),
      at,
      FACT_TRIES_KEPT,
    ],
  });
}

export interface FactRow {
  fact: string;
  tries: FactTry[];
  count: number;
}

/** Every fact the pupil has tried, with its last tries: one query, at most a few hundred rows whatever the history. */
export async function readFactTries(db: Db, userId: number): Promise<FactRow[]> {
  const { rows } = await db.query<{ fact: string; correct: boolean[]; ms: number[]; tries: number }>({
    name: 'fact-fluency-read',
    text: 'SELECT fact, correct, ms, tries FROM results.fact_fluency WHERE user_id = $1',
    values: [userId],
  });
  return rows.map((r) => ({
    fact: r.fact,
    count: r.tries,
    tries: r.correct.map((correct, i) => ({ correct, ms: r.ms[i]! })),
  }));
}
