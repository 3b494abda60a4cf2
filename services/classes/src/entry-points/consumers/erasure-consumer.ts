import { EVENT_QUEUES } from '@mathgames/contracts';
import { subscribe } from '@mathgames/platform';

/**
 * A deleted pupil leaves the roster, with their progress, fact tries and mastery per outcome (ON DELETE CASCADE). A
 * deleted teacher's classes go too (their rosters with them); auth deleted those pupils' accounts in the same step
 * and announced each one.
 */
export function classesErasureSubscription() {
  return subscribe(EVENT_QUEUES.classesErasure, {
    async handle(event, tx) {
      await tx.query('DELETE FROM classes.pupils WHERE user_id = $1', [event.userId]);
      await tx.query('DELETE FROM classes.classes WHERE teacher_id = $1', [event.userId]);
    },
  });
}
