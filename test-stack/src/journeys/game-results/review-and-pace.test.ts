import {
  ANSWER_FEEDBACK_MS,
  compute,
  parseQuestionText,
  type ReviewScheduleResponse,
  translate,
} from '@mathgames/contracts';
import { honestResult } from '@mathgames/game-results/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FlowStack, startFlowStack } from './flow-stack.js';

const DAY = 24 * 60 * 60 * 1000;

// game-results' clock, moved by the tests (only game-results reads it: reviews fall due after days).
let clock = new Date();
let stack: FlowStack;

beforeAll(async () => {
  stack = await startFlowStack({ now: () => clock });
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

const answerOf = (text: string) => {
  const p = parseQuestionText(text)!;
  return compute(p.left, p.operator, p.right)!.n;
};

/** An addition game at orta with one carry slip (28 + 34 answered 52): the pupil's one review card. */
function gameWithCarrySlip() {
  const played: Array<[string, number]> = [
    ['28 + 34', 52],
    ['23 + 18', 41],
    ['35 + 27', 62],
    ['46 + 19', 65],
    ['52 + 29', 81],
  ];
  const questions = played.map(([question, userAnswer]) => ({
    question,
    answer: answerOf(question),
    userAnswer,
    isCorrect: userAnswer === answerOf(question),
  }));
  return {
    gameType: 'toplama',
    difficulty: 'orta',
    questionsCount: 5,
    correctAnswers: questions.filter((q) => q.isCorrect).length,
    totalTime: 20,
    questions,
  };
}

/** A right answer to the carry-slip card (a fresh question of that topic and level). */
const rightCarryAnswer = {
  gameType: 'toplama',
  difficulty: 'orta',
  mistake: 'carry-slip',
  question: '37 + 25',
  answer: 62,
  userAnswer: 62,
};

describe('the review endpoint', () => {
  it('the same answer ten times in one request is no 500: the card moves up one box, once', async () => {
    clock = new Date();
    const start = clock.getTime();
    const pupil = await stack.signUp('review_repeat');
    expect((await pupil.post('/api/game-results', gameWithCarrySlip())).status).toBe(201);

    clock = new Date(start + DAY);
    const due = await pupil.get<ReviewScheduleResponse>('/api/game-results/review');
    expect(due.body.due).toEqual([expect.objectContaining({ mistake: 'carry-slip', box: 1 })]);

    const repeated = await pupil.post<ReviewScheduleResponse>('/api/game-results/review', {
      answers: Array.from({ length: 10 }, () => rightCarryAnswer),
    });
    expect(repeated.status).toBe(200);
    expect(repeated.body.due).toEqual([]);
    // Up one box (due again 3 days later), not ten boxes up and retired.
    expect(repeated.body.later).toEqual([
      expect.objectContaining({
        mistake: 'carry-slip',
        box: 2,
        dueAt: new Date(start + 4 * DAY).toISOString(),
      }),
    ]);
  });

  it('answers to a card that is not due yet do not move it, so the mistakes list cannot be cleared without practising', async () => {
    clock = new Date();
    const start = clock.getTime();
    const pupil = await stack.signUp('review_early');
    expect((await pupil.post('/api/game-results', gameWithCarrySlip())).status).toBe(201);

    // The same day: the card is due tomorrow. Four right answers would otherwise retire it (boxes 1 → 4 → gone).
    for (let i = 0; i < 4; i++) {
      const early = await pupil.post<ReviewScheduleResponse>('/api/game-results/review', {
        answers: [rightCarryAnswer],
      });
      expect(early.status).toBe(200);
      expect(early.body.later).toEqual([
        expect.objectContaining({
          mistake: 'carry-slip',
          box: 1,
          dueAt: new Date(start + DAY).toISOString(),
        }),
      ]);
    }

    // Once it falls due, a right answer moves it on.
    clock = new Date(start + DAY);
    const onTime = await pupil.post<ReviewScheduleResponse>('/api/game-results/review', {
      answers: [rightCarryAnswer],
    });
    expect(onTime.body.later).toEqual([expect.objectContaining({ mistake: 'carry-slip', box: 2 })]);
  });
});

describe('the answer floor', () => {
  it.each(['tr', 'en'] as const)(
    'a 20-question game faster than the 1.5 s of feedback per answer is refused with 400 on totalTime (%s)',
    async (lang) => {
      clock = new Date();
      const pupil = await stack.signUp(`pace_${lang}`, lang);
      // 20 answers in 10 s (0.5 s each): a script, since every answer shows its feedback for 1.5 s.
      const tooFast = await pupil.post(
        '/api/game-results',
        honestResult({ questionsCount: 20, totalTime: 10 }),
      );
      expect(tooFast.status).toBe(400);
      expect(tooFast.body).toMatchObject({
        code: 'forged_result',
        field: 'totalTime',
        message: translate('invalid_total_time', lang),
      });
      const justUnder = (20 * ANSWER_FEEDBACK_MS) / 1000 - 1;
      expect(
        (await pupil.post('/api/game-results', honestResult({ questionsCount: 20, totalTime: justUnder })))
          .status,
      ).toBe(400);

      // The quickest honest game: each answer's feedback and nothing more.
      const quickest = await pupil.post(
        '/api/game-results',
        honestResult({ questionsCount: 20, totalTime: (20 * ANSWER_FEEDBACK_MS) / 1000, seed: 2 }),
      );
      expect(quickest.status).toBe(201);
    },
  );
});
