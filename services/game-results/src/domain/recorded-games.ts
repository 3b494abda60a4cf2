import type { GameResultRecordedEvent } from '@mathgames/contracts';
import { markUserErased } from '@mathgames/platform';
import type pg from 'pg';
import { eraseUserRows } from '../data-access/erasure-repository.js';
import { addFactTries } from '../data-access/fact-fluency-repository.js';
import { outcomeMastery } from '../data-access/outcome-mastery-repository.js';
import { addToReadModel } from '../data-access/statistics-repository.js';

/**
 * Folds a recorded game into the user's statistics read model (in the consumer's transaction, once per event): totals,
 * per-type totals, per-day counts, mistakes, fact tries and mastery per outcome.
 */
export async function applyRecordedGame(
  tx: pg.PoolClient,
  event: GameResultRecordedEvent,
  timeZone: string,
): Promise<void> {
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
  await outcomeMastery.applyLocked(tx, event.userId, event.skills, new Date(event.receivedAt), locked);
}

/**
 * A deleted account's results, history counts, statistics, mistakes, review schedule, fact tries, mastery per outcome
 * and result events (published or still waiting) go, once; the account is recorded as erased, so a game of it still
 * on its way to the statistics-worker is skipped (the idempotent consumer's `lock`).
 */
export async function eraseUser(tx: pg.PoolClient, userId: number): Promise<void> {
  await markUserErased(tx, 'results', userId);
  await eraseUserRows(tx, userId);
}
