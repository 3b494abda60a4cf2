import type { Db } from '@mathgames/platform';
import {
  type OutcomeMasteryRow,
  outcomeMasteryColumns,
  outcomeMasteryKeeper,
} from './outcome-mastery-keeper.js';

/**
 * A rostered pupil's mastery per outcome (classes.pupil_mastery): `apply` folds a game's skill tallies into it
 * (caller's transaction); others are not kept. See outcomeMasteryKeeper.
 */
export const pupilMastery = outcomeMasteryKeeper({
  statement: 'classes-pupil-mastery',
  table: 'classes.pupil_mastery',
  onlyIf: 'EXISTS (SELECT 1 FROM classes.pupils WHERE user_id = $1)',
});

/** A pupil of the class and one of their started outcomes (all outcome columns null for a pupil with none). */
export type ClassMasteryRow = { pupilId: number | null; name: string | null } & (
  | OutcomeMasteryRow
  | { [K in keyof OutcomeMasteryRow]: null }
);

/**
 * Every pupil of the teacher's class with their started outcomes, in the class dashboard's order (name, then id):
 * one statement, O(roster × outcomes). No row at all: the class is not this teacher's (answered as a 404); a class
 * with no pupil gives one row of nulls.
 */
export async function readClassMastery(
  db: Db,
  teacherId: number,
  classId: number,
): Promise<ClassMasteryRow[]> {
  const { rows } = await db.query<ClassMasteryRow>({
    name: 'classes-class-mastery-read',
    text: `SELECT p.user_id AS "pupilId", p.display_name AS name, ${outcomeMasteryColumns('m')}
       FROM classes.classes c
       LEFT JOIN classes.pupils p ON p.class_id = c.id
       LEFT JOIN classes.pupil_mastery m ON m.user_id = p.user_id
       WHERE c.id = $2 AND c.teacher_id = $1
       ORDER BY lower(p.display_name), p.user_id, m.outcome`,
    values: [teacherId, classId],
  });
  return rows;
}
