import type { FactTry } from '@mathgames/contracts';
import type { Db } from '@mathgames/platform';
import { factTriesAppender } from './fact-tries-appender.js';

/** Appends a rostered pupil's answered facts to their last tries (caller's transaction); others are not kept. */
export const addPupilFactTries = factTriesAppender({
  statement: 'classes-pupil-facts-add',
  table: 'classes.pupil_facts',
  onlyIf: 'EXISTS (SELECT 1 FROM classes.pupils WHERE user_id = $1)',
});

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
