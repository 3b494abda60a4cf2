import { randomUUID } from 'node:crypto';
import {
  GAME_RESULT_RECORDED as EVENT,
  EVENT_TYPES,
  type GameResultRecordedEvent,
} from '@mathgames/contracts';
import { outbox } from '@mathgames/platform';
import type pg from 'pg';
import type { StoredGameResult } from './game-results-repository.js';

export const GAME_RESULT_RECORDED = EVENT_TYPES.gameResultRecorded;

const resultsOutbox = outbox('results');

/** Announces a stored result in the same transaction that stored it; the relay publishes it after commit. */
export async function announceGameResultRecorded(
  client: pg.PoolClient,
  result: StoredGameResult,
): Promise<string> {
  const id = randomUUID();
  const event: GameResultRecordedEvent = {
    id,
    type: GAME_RESULT_RECORDED,
    createdAt: new Date().toISOString(),
    resultId: result.id,
    userId: result.userId,
    gameType: result.gameType as GameResultRecordedEvent['gameType'],
    difficulty: result.difficulty as GameResultRecordedEvent['difficulty'],
    questionsCount: result.questionsCount,
    correctAnswers: result.correctAnswers,
    totalTime: result.totalTime,
    // Day buckets and badge completion times follow when the game was played, not when a worker caught up.
    playedAt: result.createdAt.toISOString(),
    mistakes: result.questions.flatMap((q) => (q.mistake ? [q.mistake] : [])),
  };
  return resultsOutbox.publish(client, EVENT, event);
}
