import { EVENT_QUEUES } from '@mathgames/contracts';
import { ALL_SCHOOLS, subscribe, withSchoolScope } from '@mathgames/platform';
import { eraseAccount } from '../../domain/recorded-games.js';
import { PROGRESS_LOCK } from './progress-consumer.js';

/** Erases a deleted account from the classes (the `eraseAccount` use case), once per event. */
export function classesErasureSubscription() {
  return subscribe(EVENT_QUEUES.classesErasure, {
    // The progress consumer's lock; one erasure a transaction, as a teacher's reaches into their pupils' rows.
    lock: { namespace: PROGRESS_LOCK, key: (event) => event.userId },
    maxBatch: 1,
    async handle(event, tx) {
      // A user of any school: the consumers' explicit scope (docs/decisions/0060-school-scope-row-level-security.md).
      await withSchoolScope(tx, ALL_SCHOOLS);
      await eraseAccount(tx, event.userId);
    },
  });
}
