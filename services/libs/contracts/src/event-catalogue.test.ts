import { describe, expect, it } from 'vitest';
import { eventTypesOf, GAME_RESULT_RECORDED, readEvent } from './event-catalogue.js';
import { pointsFor } from './scoring.js';

const base = {
  id: '0b6c1f4e-8a53-4c55-9b3e-1d2a3f4b5c6d',
  createdAt: '2026-11-24T09:30:01.000Z',
  resultId: 7,
  userId: 42,
  gameType: 'toplama',
  difficulty: 'kolay',
  questionsCount: 10,
  correctAnswers: 7,
  totalTime: 60,
  playedAt: '2026-11-20T08:00:00.000Z',
} as const;

const v2 = {
  ...base,
  type: 'game-result.recorded.v2',
  receivedAt: '2026-11-24T09:30:00.000Z',
  points: 70,
  mistakes: [],
  facts: [{ fact: '3+4', correct: true, ms: 1200 }],
  skills: [],
};

describe('game-result.recorded versions', () => {
  it('reads version 2 as it is and refuses one that lacks a field version 2 requires', () => {
    expect(readEvent(GAME_RESULT_RECORDED, v2)).toEqual(v2);
    const { points: _points, ...noPoints } = v2;
    expect(() => readEvent(GAME_RESULT_RECORDED, noPoints)).toThrow();
  });

  it('upcasts a bare version 1 event once: points by the rule of its time, received when played, nothing else', () => {
    expect(readEvent(GAME_RESULT_RECORDED, { ...base, type: 'game-result.recorded.v1' })).toEqual({
      ...base,
      type: 'game-result.recorded.v2',
      receivedAt: base.playedAt,
      points: pointsFor(7),
      mistakes: [],
      facts: [],
      skills: [],
    });
  });

  it('keeps what a later version 1 event carried, so it reads exactly as its version 2 equivalent', () => {
    expect(readEvent(GAME_RESULT_RECORDED, { ...v2, type: 'game-result.recorded.v1', points: 55 })).toEqual({
      ...v2,
      points: 55,
    });
  });

  it('refuses a version 1 event that breaks version 1 and an unknown version', () => {
    expect(() =>
      readEvent(GAME_RESULT_RECORDED, { ...base, type: 'game-result.recorded.v1', correctAnswers: -1 }),
    ).toThrow();
    expect(() => readEvent(GAME_RESULT_RECORDED, { ...v2, type: 'game-result.recorded.v3' })).toThrow();
  });

  it('binds both versions: messages of a release publishing version 1 still reach the queues', () => {
    expect(eventTypesOf(GAME_RESULT_RECORDED)).toEqual([
      'game-result.recorded.v2',
      'game-result.recorded.v1',
    ]);
  });
});
