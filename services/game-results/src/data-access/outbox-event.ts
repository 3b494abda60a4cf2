import { randomUUID } from 'node:crypto';
import {
  GAME_RESULT_RECORDED as EVENT,
  EVENT_TYPES,
  type GameResultRecordedEvent,
} from '@mathgames/contracts';
import { type OutboxRow, outbox } from '@mathgames/platform';
import type { NewGameResult } from './game-results-repository.js';

export const GAME_RESULT_RECORDED = EVENT_TYPES.gameResultRecorded;

const resultsOutbox = outbox('results');

/**
 * The event for a result about to be inserted, as an outbox row for the insert's own statement (one round trip
 * per result). The result's id is not known yet: the contract is checked with 1 standing in for it (any positive
 * integer passes the same rule) and the statement writes the id the insert assigned into `resultId`.
 */
export function gameResultRecordedRow(result: NewGameResult): OutboxRow {
  const event: GameResultRecordedEvent = {
    id: randomUUID(),
    type: GAME_RESULT_RECORDED,
    createdAt: new Date().toISOString(),
    resultId: 1,
    userId: result.userId,
    gameType: result.gameType as GameResultRecordedEvent['gameType'],
    difficulty: result.difficulty as GameResultRecordedEvent['difficulty'],
    questionsCount: result.questionsCount,
    correctAnswers: result.correctAnswers,
    totalTime: result.totalTime,
    playedAt: result.createdAt.toISOString(),
    mistakes: result.questions.flatMap((q) => (q.mistake ? [q.mistake] : [])),
  };
  return resultsOutbox.row(EVENT, event);
}
