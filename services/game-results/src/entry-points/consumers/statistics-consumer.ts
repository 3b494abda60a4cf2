import { EVENT_QUEUES, eventPoints, eventReceivedAt } from '@mathgames/contracts';
import { lockForTransaction, subscribe } from '@mathgames/platform';
import { addFactTries } from '../../data-access/fact-fluency-repository.js';
import { outcomeMastery } from '../../data-access/outcome-mastery-repository.js';
import { addToReadModel } from '../../data-access/statistics-repository.js';

export const STATISTICS_QUEUE = EVENT_QUEUES.statistics.name;
export const STATISTICS_CONSUMER = 'statistics-worker';

/**
 * Folds each recorded game into the user's totals, per-type totals, per-day counts, fact tries and mastery per
 * outcome, once per event id.
 */
export function statisticsSubscription(timeZone: string) {
  return subscribe(EVENT_QUEUES.statistics, {
    // A batch touches its users' rows in user order: batches of two replicas never deadlock.
    batchOrder: (event) => event.userId,
    handle: async (event, tx) => {
      // The user's statistics lock first, sent with the read model's statement: its rows of several outcomes and
      // topics are locked by one game's transaction after another's (lockForTransaction).
      const [, locked] = await Promise.all([
        lockForTransaction(tx, 'statistics', event.userId),
        addToReadModel(
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
          outcomeMastery.askedBy(event.skills),
        ),
      ]);
      // Fact fluency: each answered basic fact's last tries (events from before response times carry none).
      await addFactTries(tx, event.userId, event.facts ?? [], new Date(event.playedAt));
      // Mastery per outcome, by the server's clock (checks fall due days after mastering; a device's clock may lie),
      // from the rows the statement above locked.
      const at = new Date(eventReceivedAt(event));
      await outcomeMastery.applyLocked(tx, event.userId, event.skills, at, locked);
    },
  });
}
