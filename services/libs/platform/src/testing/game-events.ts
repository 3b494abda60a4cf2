import { randomUUID } from 'node:crypto';
import {
  EVENT_TYPES,
  type GameResultRecordedEvent,
  type GameResultRecordedEventV1,
  pointsFor,
  RETIRED_EVENT_TYPES,
} from '@mathgames/contracts';

/**
 * A `game-result.recorded.v2` event of `userId` as game-results publishes it: addition, easy, 7 of 10 in 60 s,
 * played and received now, the points game-results awards for them, no mistakes, facts or skills, unless overridden.
 */
export function gameRecorded(
  userId: number,
  overrides: Partial<GameResultRecordedEvent> = {},
): GameResultRecordedEvent {
  const playedAt = overrides.playedAt ?? new Date().toISOString();
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
    playedAt,
    receivedAt: playedAt,
    points: pointsFor(overrides.correctAnswers ?? 7),
    mistakes: [],
    facts: [],
    skills: [],
    ...overrides,
  };
}

/**
 * A retired `game-result.recorded.v1` event as the first releases published it (none of the fields added later), of
 * `userId`, with `gameRecorded`'s defaults: what a queue may still hold after a deploy. Consumers must apply it as
 * they apply `gameRecorded(userId, overrides)`.
 */
export function gameRecordedV1(
  userId: number,
  overrides: Partial<Omit<GameResultRecordedEventV1, 'type'>> = {},
): GameResultRecordedEventV1 {
  return {
    id: randomUUID(),
    type: RETIRED_EVENT_TYPES.gameResultRecordedV1,
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
