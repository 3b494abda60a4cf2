import { EVENT_QUEUES } from '@mathgames/contracts';
import { ALL_SCHOOLS, subscribe, withSchoolScope } from '@mathgames/platform';
import { applyRecordedGame } from '../../domain/recorded-games.js';

export const CLASSES_QUEUE = EVENT_QUEUES.classes.name;
export const CLASSES_CONSUMER = EVENT_QUEUES.classes.worker;
/** The advisory lock of a pupil's progress: every transaction writing it (the erasure's too) takes it first. */
export const PROGRESS_LOCK = 'classes-progress';

/** Folds each recorded game of a pupil into the class progress read model (`applyRecordedGame`), once per event id. */
export function progressSubscription(timeZone: string) {
  return subscribe(EVENT_QUEUES.classes, {
    // Only the pupil's own rows are written. The pupil's lock, taken with the claim: their rows of several outcomes
    // and topics are locked by one game's transaction after another's, so two transactions of one pupil queue on it.
    lock: { namespace: PROGRESS_LOCK, key: (event) => event.userId },
    async handle(event, tx) {
      // A pupil of any school: the consumers' explicit scope (docs/decisions/0060-school-scope-row-level-security.md),
      // the same for every handler of the batch's transaction.
      await withSchoolScope(tx, ALL_SCHOOLS);
      await applyRecordedGame(tx, event, timeZone);
    },
  });
}
