import type { FactTry } from '@mathgames/contracts';
import type { Db } from '@mathgames/platform';
import { factTriesAppender } from './fact-tries-appender.js';

/** Appends a game's answered facts to the pupil's last tries (caller's transaction): see factTriesAppender. */
export const addFactTries = factTriesAppender({
  statement: 'fact-fluency-add-tries',
  table: 'results.fact_fluency',
});

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
