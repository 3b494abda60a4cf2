import { EVENT_QUEUES } from '@mathgames/contracts';
import { subscribe } from '@mathgames/platform';
import { addFactTries } from '../../data-access/fact-fluency-repository.js';
import { outcomeMastery } from '../../data-access/outcome-mastery-repository.js';
import { addToReadModel } from '../../data-access/statistics-repository.js';

export const STATISTICS_QUEUE = EVENT_QUEUES.statistics.name;
export const STATISTICS_CONSUMER = 'statistics-worker';
/** The advisory lock of a user's statistics: every transaction writing them (the erasure's too) takes it first. */
export const STATISTICS_LOCK = 'statistics';

/**
 * Folds each recorded game into the user's totals, per-type totals, per-day counts, fact tries and mastery per
 * outcome, once per event id.
 */
export function statisticsSubscription(timeZone: string) {
  return subscribe(EVENT_QUEUES.statistics, {
    // The user's lock, taken with the claim: their rows of several outcomes and topics are locked by one game's
    // transaction after another's, so two transactions of one user queue on it instead (and batches never deadlock).
    lock: { namespace: STATISTICS_LOCK, key: (event) => event.userId },
    handle: async (event, tx) => {
      const locked = await addToReadModel(
        tx,
        {
          userId: event.userId,
          gameType: event.gameType,
          questionsCount: event.questionsCount,
          correctAnswers: event.correctAnswers,
          points: event.points,
          playedAt: new Date(event.playedAt),
          mistakes: event.mistakes,
        },
        timeZone,
        outcomeMastery.askedBy(event.skills),
      );
      // Fact fluency: each answered basic fact's last tries.
      await addFactTries(tx, event.userId, event.facts, new Date(event.playedAt));
      // Mastery per outcome, by the server's clock (checks fall due days after mastering; a device's clock may lie),
      // from the rows the statement above locked.
      const at = new Date(event.receivedAt);
      await outcomeMastery.applyLocked(tx, event.userId, event.skills, at, locked);
    },
  });
}
