import { EVENT_QUEUES } from '@mathgames/contracts';
import { subscribe } from '@mathgames/platform';

/** A deleted pupil leaves the roster, with their progress (ON DELETE CASCADE). */
export function classesErasureSubscription() {
  return subscribe(EVENT_QUEUES.classesErasure, {
    async handle(event, tx) {
      await tx.query('DELETE FROM classes.pupils WHERE user_id = $1', [event.userId]);
    },
  });
}
