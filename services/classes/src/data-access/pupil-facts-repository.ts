import { FACT_TRIES_KEPT, type FactAttempt, type FactTry } from '@mathgames/contracts';
import type { Db } from '@mathgames/platform';

/** Appends a rostered pupil's answered facts to their last tries (caller's transaction); others are not kept. */
export async function addPupilFactTries(
  db: Db,
  userId: number,
  attempts: readonly FactAttempt[],
  at: Date,
): Promise<void> {
  if (attempts.length === 0) return;
  await db.query({
    name: 'classes-pupil-facts-add',
    text: `INSERT INTO classes.pupil_facts AS f (user_id, fact, correct, ms, tries, last_at)
       SELECT $1, t.fact, ARRAY[t.correct], ARRAY[t.ms], 1, $5
       FROM unnest($2::text[], $3::boolean[], $4::integer[]) AS t(fact, correct, ms)
       WHERE EXISTS (SELECT 1 FROM classes.pupils WHERE user_id = $1)
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

/**
 * A pupil's fact tries, for the teacher of their class only: null when the pupil is not in this teacher's class
 * (answered as a 404, like a missing one).
 */
export async function readPupilFactTries(
  db: Db,
  teacherId: number,
  classId: number,
  pupilId: number,
): Promise<Array<{ fact: string; tries: FactTry[]; count: number }> | null> {
  const { rows } = await db.query<{
    fact: string | null;
    correct: boolean[] | null;
    ms: number[] | null;
    tries: number | null;
  }>({
    name: 'classes-pupil-facts-read',
    text: `SELECT f.fact, f.correct, f.ms, f.tries
       FROM classes.pupils p
       JOIN classes.classes c ON c.id = p.class_id AND c.teacher_id = $1
       LEFT JOIN classes.pupil_facts f ON f.user_id = p.user_id
       WHERE p.user_id = $3 AND p.class_id = $2`,
    values: [teacherId, classId, pupilId],
  });
  if (rows.length === 0) return null;
  return rows.flatMap((r) =>
    r.fact === null
      ? []
      : [
          {
            fact: r.fact,
            count: r.tries ?? 0,
            tries: (r.correct ?? []).map((correct, i) => ({ correct, ms: r.ms?.[i] ?? 0 })),
          },
        ],
  );
}
