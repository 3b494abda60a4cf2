import { randomUUID } from 'node:crypto';
import {
  EVENT_TYPES,
  factAttemptsOf,
  type GameResultRecordedEvent,
  skillTalliesOf,
} from '@mathgames/contracts';
import type { NewGameResult } from '../data-access/game-results-repository.js';

/**
 * The `game-result.recorded.v2` event of a result about to be stored. The result's id is not known yet: 1 stands in
 * for it (any positive integer passes the same contract rule) and the insert writes the assigned id into `resultId`.
 */
export function gameResultRecordedEvent(result: NewGameResult, receivedAt: Date): GameResultRecordedEvent {
  return {
    id: randomUUID(),
    type: EVENT_TYPES.gameResultRecorded,
    createdAt: new Date().toISOString(),
    resultId: 1,
    userId: result.userId,
    gameType: result.gameType as GameResultRecordedEvent['gameType'],
    difficulty: result.difficulty as GameResultRecordedEvent['difficulty'],
    questionsCount: result.questionsCount,
    correctAnswers: result.correctAnswers,
    totalTime: result.totalTime,
    points: result.points,
    playedAt: result.playedAt.toISOString(),
    receivedAt: receivedAt.toISOString(),
    mistakes: result.questions.flatMap((q) => (q.mistake ? [q.mistake] : [])),
    facts: factAttemptsOf(result.questions),
    skills: skillTalliesOf(result.questions),
  };
}
