import { FACT_TRIES_KEPT, type FactAttempt } from '@mathgames/contracts';
import type { Db } from '@mathgames/platform';

/**
 * A table of pupils' fact tries, this service's read model (its SQL lives here, with the service that owns the
 * table): columns user_id, fact, correct[], ms[], tries, last_at, unique on (user_id, fact).
 */
export interface FactTriesTable {
  /** The prepared statement's name, unique to the service. */
  statement: string;
  /** Schema-qualified table name (trusted, never user input). */
  table: string;
  /** An SQL condition on the pupil ($1): a pupil who fails it gets no rows. */
  onlyIf?: string;
}

/**
 * The service's function that appends a game's answered facts to the pupil's last tries (caller's transaction),
 * keeping the last FACT_TRIES_KEPT per fact, in one statement; rows in fact order so two batches never deadlock.
 */
export function factTriesAppender(into: FactTriesTable) {
  const onlyIf = into.onlyIf ? `\n       WHERE ${into.onlyIf}` : '';
  const text = `INSERT INTO ${into.table} AS f (user_id, fact, correct, ms, tries, last_at)
       SELECT $1, t.fact, ARRAY[t.correct], ARRAY[t.ms], 1, $5
       FROM unnest($2::text[], $3::boolean[], $4::integer[]) AS t(fact, correct, ms)${onlyIf}
       ORDER BY t.fact
       ON CONFLICT (user_id, fact) DO UPDATE SET
         correct = (f.correct || excluded.correct)[cardinality(f.correct) + 2 - $6::int:],
         ms = (f.ms || excluded.ms)[cardinality(f.ms) + 2 - $6::int:],
         tries = f.tries + 1,
         last_at = greatest(f.last_at, excluded.last_at)`;
  return async (db: Db, userId: number, attempts: readonly FactAttempt[], at: Date): Promise<void> => {
    if (attempts.length === 0) return;
    await db.query({
      name: into.statement,
      text,
      values: [
        userId,
        attempts.map((a) => a.fact),
        attempts.map((a) => a.correct),
        attempts.map((a) => a.ms),
        at,
        FACT_TRIES_KEPT,
      ],
    });
  };
}
