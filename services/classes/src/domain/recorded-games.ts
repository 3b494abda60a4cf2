import { type GameResultRecordedEvent, weekStartKey } from '@mathgames/contracts';
import { markUserErased } from '@mathgames/platform';
import type pg from 'pg';
import { eraseAccountRows } from '../data-access/erasure-repository.js';
import { addGameToProgress } from '../data-access/progress-repository.js';
import { addPupilFactTries } from '../data-access/pupil-facts-repository.js';
import { pupilMastery } from '../data-access/pupil-mastery-repository.js';
import { finishAssignmentsWith } from './assignments.js';

/**
 * Folds a recorded game of a pupil into the class progress read model (in the consumer's transaction, once per
 * event): only the pupil's own rows, and nothing for a player in no class. Also finishes their matching assignments.
 */
export async function applyRecordedGame(
  tx: pg.PoolClient,
  event: GameResultRecordedEvent,
  timeZone: string,
): Promise<void> {
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
  // Mastery per outcome for the teacher's grid, by the server's clock like the pupil's own, from the rows the first
  // statement locked.
  await pupilMastery.applyLocked(tx, event.userId, event.skills, new Date(event.receivedAt), locked);
}

/**
 * A deleted pupil leaves the roster, with their progress, fact tries and mastery per outcome (ON DELETE CASCADE). A
 * deleted teacher's classes go too (their rosters with them); auth deleted those pupils' accounts in the same step
 * and announced each one. The account is recorded as erased, so a game of it still on its way is skipped.
 */
export async function eraseAccount(tx: pg.PoolClient, userId: number): Promise<void> {
  await markUserErased(tx, 'classes', userId);
  await eraseAccountRows(tx, userId);
}
