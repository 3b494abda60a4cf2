import { EVENT_QUEUES, weekStartKey } from '@mathgames/contracts';
import { subscribe } from '@mathgames/platform';
import { addGameToProgress } from '../../data-access/progress-repository.js';
import { addPupilFactTries } from '../../data-access/pupil-facts-repository.js';
import { pupilMastery } from '../../data-access/pupil-mastery-repository.js';
import { finishAssignmentsWith } from '../../domain/assignments.js';

export const CLASSES_QUEUE = EVENT_QUEUES.classes.name;
export const CLASSES_CONSUMER = EVENT_QUEUES.classes.worker;
/** The advisory lock of a pupil's progress: every transaction writing it (the erasure's too) takes it first. */
export const PROGRESS_LOCK = 'classes-progress';

/** Folds each recorded game of a pupil into the class progress read model, once per event id. */
export function progressSubscription(timeZone: string) {
  return subscribe(EVENT_QUEUES.classes, {
    // Only the pupil's own rows are written. The pupil's lock, taken with the claim: their rows of several outcomes
    // and topics are locked by one game's transaction after another's, so two transactions of one pupil queue on it.
    lock: { namespace: PROGRESS_LOCK, key: (event) => event.userId },
    async handle(event, tx) {
      const locked = await addGameToProgress(
        tx,
        {
          userId: event.userId,
          resultId: event.resultId,
          gameType: event.gameType,
          difficulty: event.difficulty,
          questionsCount: event.questionsCount,
          correctAnswers: event.correctAnswers,
          points: event.points,
          mistakes: event.mistakes,
          playedAt: new Date(event.playedAt),
          weekStart: weekStartKey(event.playedAt, timeZone),
        },
        pupilMastery.askedBy(event.skills),
      );
      await finishAssignmentsWith(tx, event);
      // Fact fluency, for the teacher's view of a pupil's matrix.
      await addPupilFactTries(tx, event.userId, event.facts, new Date(event.playedAt));
      // Mastery per outcome for the teacher's grid, by the server's clock like the pupil's own,
      // from the rows the first statement locked.
      await pupilMastery.applyLocked(tx, event.userId, event.skills, new Date(event.receivedAt), locked);
    },
  });
}
