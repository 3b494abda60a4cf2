import { EVENT_QUEUES } from '@mathgames/contracts';
import { ALL_SCHOOLS, markUserErased, subscribe, withSchoolScope } from '@mathgames/platform';
import { PROGRESS_LOCK } from './progress-consumer.js';

/**
 * A deleted pupil leaves the roster, with their progress, fact tries and mastery per outcome (ON DELETE CASCADE). A
 * deleted teacher's classes go too (their rosters with them); auth deleted those pupils' accounts in the same step
 * and announced each one. The account is recorded as erased, so a game of it still on its way is skipped.
 */
export function classesErasureSubscription() {
  return subscribe(EVENT_QUEUES.classesErasure, {
    // The progress consumer's lock; one erasure a transaction, as a teacher's reaches into their pupils' rows.
    lock: { namespace: PROGRESS_LOCK, key: (event) => event.userId },
    maxBatch: 1,
    async handle(event, tx) {
      // A user of any school: the consumers' explicit scope (docs/decisions/0060-school-scope-row-level-security.md).
      await withSchoolScope(tx, ALL_SCHOOLS);
      await markUserErased(tx, 'classes', event.userId);
      await tx.query('DELETE FROM classes.pupils WHERE user_id = $1', [event.userId]);
      await tx.query('DELETE FROM classes.classes WHERE teacher_id = $1', [event.userId]);
      // Their memberships, and their own school once no class is left in it (ids only, nothing else of them).
      await tx.query('DELETE FROM classes.school_members WHERE user_id = $1', [event.userId]);
      await tx.query(
        `DELETE FROM classes.schools s WHERE s.personal_teacher_id = $1
            AND NOT EXISTS (SELECT 1 FROM classes.classes c WHERE c.school_id = s.id)`,
        [event.userId],
      );
    },
  });
}
