import { randomUUID } from 'node:crypto';
import { EVENT_TYPES, type GameResultRecordedEvent } from '@mathgames/contracts';

/** A `game-result.recorded.v1` event of `userId`: addition, easy, 7 of 10 in 60 s, played now, unless overridden. */
export function gameRecorded(
  userId: number,
  overrides: Partial<GameResultRecordedEvent> = {},
): GameResultRecordedEvent {
  return {
    id: randomUUID(),
    type: EVENT_TYPES.gameResultRecorded,
    createdAt: new Date().toISOString(),
    resultId: 1,
    userId,
    gameType: 'toplama',
    difficulty: 'kolay',
    questionsCount: 10,
    correctAnswers: 7,
    totalTime: 60,
    playedAt: new Date().toISOString(),
    ...overrides,
  };
}
