import { AppError } from '@mathgames/platform';
import type pg from 'pg';
import {
  findByClientResultId,
  insertAnnouncedGameResult,
  type NewGameResult,
  type StoredGameResult,
} from '../data-access/game-results-repository.js';
import { gameResultRecordedEvent } from './events.js';
import { mistakeCards } from './review.js';
import { type VerifiedGameResult, verifyGameResult } from './verify-game-result.js';

export interface RecordDeps {
  pool: pg.Pool;
  now: () => Date;
  /** Called once a new result (and its outbox row) is committed: wakes this process's outbox relay. */
  announced?: () => void;
}

export interface Recorded {
  result: StoredGameResult;
  /** True when this post repeated an Idempotency-Key: the first stored result is answered, nothing new stored. */
  replayed: boolean;
}

/**
 * Stores a finished game once. The result is re-checked question by question, then stored together with its
 * `game-result.recorded.v2` outbox row (and its mistakes' review cards) in one statement, so an event exists
 * exactly when the result does. A repeated Idempotency-Key conflicts in that insert (nothing written) and is
 * answered with the first result.
 */
export async function recordGameResult(
  deps: RecordDeps,
  userId: number,
  body: unknown,
  idempotencyKey: string | null,
): Promise<Recorded> {
  const receivedAt = deps.now();
  const verified = verifyGameResult(body, receivedAt);
  // A result sent late (kept on the device) is stored at the time it was played, so day buckets follow it; the
  // event also carries when the server received it, which is what lateness is judged by (the device's clock is not).
  const row: NewGameResult = { ...verified, userId, clientResultId: idempotencyKey };
  const event = gameResultRecordedEvent(row, receivedAt);
  // One statement is the whole transaction: the result, its count, its event and its mistakes' review cards.
  const cards = mistakeCards(row, row.playedAt);
  const stored = await insertAnnouncedGameResult(deps.pool, row, event, cards);
  if (stored) {
    deps.announced?.();
    return { result: stored, replayed: false };
  }
  // An earlier (or concurrent) post with the same key stored the result; answer with it.
  const winner = idempotencyKey ? await findByClientResultId(deps.pool, userId, idempotencyKey) : null;
  if (!winner) throw new Error('idempotent insert conflicted but no stored result was found');
  return { result: sameOrConflict(winner, verified), replayed: true };
}

/** A key names one result: re-sending it with a different game is a client bug, not a replay. */
function sameOrConflict(stored: StoredGameResult, posted: VerifiedGameResult): StoredGameResult {
  const same =
    stored.gameType === posted.gameType &&
    stored.difficulty === posted.difficulty &&
    stored.questionsCount === posted.questionsCount &&
    stored.correctAnswers === posted.correctAnswers &&
    stored.totalTime === posted.totalTime;
  if (!same) throw new AppError(422, 'idempotency_key_reused', 'validation_error', 'Idempotency-Key');
  return stored;
}
