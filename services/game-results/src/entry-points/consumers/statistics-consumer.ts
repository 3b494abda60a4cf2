import { EVENT_QUEUES, pointsFor } from '@mathgames/contracts';
import { subscribe } from '@mathgames/platform';
import { addToReadModel } from '../../data-access/statistics-repository.js';

export const STATISTICS_QUEUE = EVENT_QUEUES.statistics.name;
export const STATISTICS_CONSUMER = 'statistics-worker';

/** Folds each recorded game into the user's totals, per-type totals and per-day counts, once per event id. */
export function statisticsSubscription(timeZone: string) {
  return subscribe(EVENT_QUEUES.statistics, {
    // A batch touches its users' rows in user order: two batches in flight never deadlock.
    batchOrder: (event) => event.userId,
    handle: (event, tx) =>
      addToReadModel(
        tx,
        {
          userId: event.userId,
          gameType: event.gameType,
          questionsCount: event.questionsCount,
          correctAnswers: event.correctAnswers,
          points: pointsFor(event.correctAnswers),
          playedAt: new Date(event.playedAt),
          mistakes: event.mistakes,
        },
        timeZone,
      ),
  });
}
