import { generateQuestions, seededRandom } from '@mathgames/contracts';
import { describe, expect, it } from 'vitest';
import { buildGameResult } from '../api/save-game-result.js';
import { gameReducer, initialGameState } from './game-machine.js';

describe('response times (fact fluency)', () => {
  it('run from the question appearing to the tap, feedback excluded, and travel with the result', () => {
    const questions = generateQuestions({
      gameType: 'çarpma',
      difficulty: 'orta',
      count: 5,
      random: seededRandom(3),
    });
    let state = gameReducer(initialGameState({ gameType: 'çarpma', difficulty: 'orta', count: 5 }), {
      type: 'start',
    });
    state = gameReducer(state, { type: 'generated', questions, now: 10_000 });
    // Q1 tapped 2.5 s after it appeared; 1.5 s of feedback; Q2 appears at 14 000 and is tapped at 21 000.
    state = gameReducer(state, { type: 'answer', value: questions[0]!.answer, now: 12_500 });
    state = gameReducer(state, { type: 'advance', now: 14_000 });
    state = gameReducer(state, { type: 'answer', value: questions[1]!.answer + 1, now: 21_000 });
    state = gameReducer(state, { type: 'advance', now: 22_500 });
    // Q3 left unanswered is impossible in play, but an answer without a clock records no time.
    state = gameReducer(state, { type: 'answer', value: questions[2]!.answer });
    expect(state.responseMs.slice(0, 3)).toEqual([2500, 7000, null]);
    const result = buildGameResult(state);
    expect(result.questions.map((q) => q.responseMs)).toEqual([2500, 7000, null, null, null]);
  });
});
