import {
  answerToRational,
  compute,
  encodeRational,
  parseQuestionText,
  type ReviewScheduleResponse,
  type StatisticsResponse,
} from '@mathgames/contracts';
import { waitFor } from '@mathgames/platform/testing';
import { describe, expect, it } from 'vitest';
import { serviceClient, useServiceUnderTest } from './test-support/api.js';

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date('2026-11-23T08:00:00Z');

let clock = T0;
let nextUser = 5000;

const newUser = () => serviceClient(running.baseUrl, nextUser++);

/** The true answer of a question text, in the answer codec. */
function answerOf(text: string): number {
  const p = parseQuestionText(text)!;
  const r = compute(p.left, p.operator, p.right)!;
  return p.fractions ? encodeRational(r)! : r.n;
}

/** A result of the given questions and chosen answers (`mistake` is what a forging client might claim). */
function result(gameType: string, difficulty: string, played: Array<[string, number, string?]>) {
  const questions = played.map(([question, userAnswer, mistake]) => {
    const answer = answerOf(question);
    const isCorrect =
      answerToRational(userAnswer)!.n * answerToRational(answer)!.d ===
      answerToRational(answer)!.n * answerToRational(userAnswer)!.d;
    return { question, answer, userAnswer, isCorrect, ...(mistake ? { mistake } : {}) };
  });
  return {
    gameType,
    difficulty,
    questionsCount: questions.length,
    correctAnswers: questions.filter((q) => q.isCorrect).length,
    totalTime: questions.length * 4,
    questions,
  };
}

const running = useServiceUnderTest({ worker: true, now: () => clock });

describe('mistakes are data', () => {
  it('a forged mistake kind is stored as the kind the server derives, and the event carries it', async () => {
    clock = T0;
    const api = newUser();
    // 28 + 34 = 62; 52 forgot the carried ten. The client claims a mere near miss.
    const posted = await api('POST', '/api/game-results', {
      body: result('toplama', 'orta', [
        ['28 + 34', 52, 'near-miss'],
        ['23 + 18', 41],
        ['35 + 27', 62],
        ['46 + 19', 66, 'carry-slip'],
        ['52 + 29', 81],
      ]),
    });
    expect(posted.status).toBe(201);
    const { rows } = await running.env.pool.query<{ questions: Array<{ mistake: string | null }> }>(
      'SELECT questions FROM results.game_results WHERE id = $1',
      [posted.body.id],
    );
    expect(rows[0]!.questions.map((q) => q.mistake)).toEqual(['carry-slip', null, null, 'off-by-one', null]);
    const outbox = await running.env.pool.query<{ payload: { mistakes: string[] } }>(
      `SELECT payload FROM results.outbox WHERE payload->>'resultId' = $1`,
      [String(posted.body.id)],
    );
    expect(outbox.rows[0]!.payload.mistakes).toEqual(['carry-slip', 'off-by-one']);
  });

  it('statistics list the most frequent mistakes first, from the event-fed read model', async () => {
    clock = T0;
    const api = newUser();
    // carry-slip ×3, borrow-slip ×2, off-by-one ×1 over three games.
    for (const body of [
      result('toplama', 'orta', [
        ['28 + 34', 52],
        ['46 + 19', 55],
        ['23 + 18', 42],
        ['35 + 27', 62],
        ['52 + 29', 81],
      ]),
      result('toplama', 'orta', [
        ['27 + 35', 52],
        ['11 + 12', 23],
        ['13 + 14', 27],
        ['15 + 16', 31],
        ['17 + 12', 29],
      ]),
      result('çıkarma', 'orta', [
        ['52 - 27', 35],
        ['45 - 18', 33],
        ['63 - 35', 28],
        ['71 - 46', 25],
        ['38 - 19', 19],
      ]),
    ]) {
      expect((await api('POST', '/api/game-results', { body })).status).toBe(201);
    }
    const stats = await waitFor(async () => {
      const res = await api<StatisticsResponse>('GET', '/api/statistics');
      return res.body.totalQuestions === 15 ? res.body : null;
    });
    expect(stats.topMistakes).toEqual([
      { kind: 'carry-slip', count: 3 },
      { kind: 'borrow-slip', count: 2 },
      { kind: 'off-by-one', count: 1 },
    ]);
  });
});

describe('practice my mistakes (Leitner, controlled clock)', () => {
  it('gives back three wrong shapes after a day, interleaved, and moves a shape answered right up a box', async () => {
    clock = T0;
    const api = newUser();
    const review = async () => {
      const res = await api<ReviewScheduleResponse>('GET', '/api/game-results/review');
      expect(res.status).toBe(200);
      return res.body;
    };
    expect(await review()).toEqual({ due: [], later: [] });

    // Day 0: carry slip and off-by-one in addition, a borrow slip in subtraction.
    await api('POST', '/api/game-results', {
      body: result('toplama', 'orta', [
        ['28 + 34', 52],
        ['23 + 18', 42],
        ['35 + 27', 62],
        ['46 + 19', 65],
        ['52 + 29', 81],
      ]),
    });
    await api('POST', '/api/game-results', {
      body: result('çıkarma', 'orta', [
        ['52 - 27', 35],
        ['45 - 18', 27],
        ['63 - 35', 28],
        ['71 - 46', 25],
        ['38 - 19', 19],
      ]),
    });
    const sameDay = await review();
    expect(sameDay.due).toEqual([]);
    expect(sameDay.later).toHaveLength(3);

    clock = new Date(T0.getTime() + DAY);
    const day1 = await review();
    expect(day1.due.map((c) => `${c.gameType}/${c.mistake}`).sort()).toEqual([
      'toplama/carry-slip',
      'toplama/off-by-one',
      'çıkarma/borrow-slip',
    ]);
    // Interleaved: the two addition shapes never follow each other.
    expect(day1.due.map((c) => c.gameType)).toEqual(['toplama', 'çıkarma', 'toplama']);

    // The carry slip answered right, the borrow slip wrong again, the off-by-one left for later.
    const after = await api<ReviewScheduleResponse>('POST', '/api/game-results/review', {
      body: {
        answers: [
          {
            gameType: 'toplama',
            difficulty: 'orta',
            mistake: 'carry-slip',
            question: '37 + 25',
            answer: 62,
            userAnswer: 62,
          },
          {
            gameType: 'cikarma',
            difficulty: 'orta',
            mistake: 'borrow-slip',
            question: '63 - 35',
            answer: 28,
            userAnswer: 32,
          },
        ],
      },
    });
    expect(after.status).toBe(200);
    const carry = after.body.later.find((c) => c.mistake === 'carry-slip')!;
    expect(carry.box).toBe(2);
    expect(Date.parse(carry.dueAt)).toBe(T0.getTime() + 4 * DAY);
    expect(after.body.later.find((c) => c.mistake === 'borrow-slip')).toMatchObject({ box: 1 });
    expect(after.body.due.map((c) => c.mistake)).toEqual(['off-by-one']);

    clock = new Date(T0.getTime() + 2 * DAY);
    expect((await review()).due.map((c) => c.mistake).sort()).toEqual(['borrow-slip', 'off-by-one']);
    clock = new Date(T0.getTime() + 4 * DAY);
    expect((await review()).due.map((c) => c.mistake).sort()).toEqual([
      'borrow-slip',
      'carry-slip',
      'off-by-one',
    ]);
  });

  it('refuses a review answer whose question is not of that topic and level, naming the field', async () => {
    const api = serviceClient(running.baseUrl, nextUser++, 'en');
    const res = await api('POST', '/api/game-results/review', {
      body: {
        answers: [
          {
            gameType: 'toplama',
            difficulty: 'orta',
            mistake: 'carry-slip',
            question: '2 × 3',
            answer: 6,
            userAnswer: 6,
          },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'answers.0.question' });
    const missing = await api('POST', '/api/game-results/review', { body: { answers: [] } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ field: 'answers' });
  });
});
