import { EVENT_QUEUES, eventPoints } from '@mathgames/contracts';
import { subscribe } from '@mathgames/platform';
import { addFactTries } from '../../data-access/fact-fluency-repository.js';
import { addToReadModel } from '../../data-access/statistics-repository.js';

export const STATISTICS_QUEUE = EVENT_QUEUES.statistics.name;
export const STATISTICS_CONSUMER = 'statistics-worker';

/** Folds each recorded game into the user's totals, per-type totals and per-day counts, once per event id. */
export function statisticsSubscription(timeZone: string) {
  return subscribe(EVENT_QUEUES.statistics, {
    // A batch touches its users' rows in user order: two batches in flight never deadlock.
    batchOrder: (event) => event.userId,
    handle: async (event, tx) => {
      await addToReadModel(
        tx,
        {
          userId: event.userId,
          gameType: event.gameType,
          questionsCount: event.questionsCount,
          correctAnswers: event.correctAnswers,
          points: eventPoints(event),
          playedAt: new Date(event.playedAt),
          mistakes: event.mistakes,
        },
        timeZone,
      );
      // Fact fluency: each answered basic fact's last tries (events from before response times carry none).
      await addFactTries(tx, event.userId, event.facts ?? [], new Date(event.playedAt));
    },
  });
}
