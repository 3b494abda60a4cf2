import { EVENT_QUEUES } from '@mathgames/contracts';
import { subscribe } from '@mathgames/platform';
import { eraseUser } from '../../domain/recorded-games.js';
import { STATISTICS_LOCK } from './statistics-consumer.js';

/** Erases a deleted account's results (the `eraseUser` use case), once per event. */
export function erasureSubscription() {
  return subscribe(EVENT_QUEUES.statisticsErasure, {
    // The statistics consumer's lock: the erasure and a game of the same user never run halfway through each other.
    lock: { namespace: STATISTICS_LOCK, key: (event) => event.userId },
    handle: (event, tx) => eraseUser(tx, event.userId),
  });
}
