import type { FactsResponse, StatisticsResponse } from '@mathgames/contracts';
import { waitFor } from '@mathgames/platform/testing';
import { describe, expect, it } from 'vitest';
import { serviceClient, useServiceUnderTest } from './test-support/api.js';

let nextUser = 7100;
const running = useServiceUnderTest({ worker: true });
const newUser = () => serviceClient(running.baseUrl, nextUser++);

type Played = [
  question: string,
  answer: number,
  userAnswer: number | null,
  responseMs: number | null | undefined,
];

/** A very easy multiplication game; each entry is a question, its answer, the tap and the time to the tap. */
function game(played: Played[], totalTime = 30) {
  const questions = played.map(([question, answer, userAnswer, responseMs]) => ({
    question,
    answer,
    userAnswer,
    isCorrect: userAnswer === answer,
    ...(responseMs === undefined ? {} : { responseMs }),
  }));
  return {
    gameType: 'çarpma',
    difficulty: 'çok kolay',
    questionsCount: questions.length,
    correctAnswers: questions.filter((q) => q.isCorrect).length,
    totalTime,
    questions,
  };
}

const FIVE: Array<[string, number]> = [
  ['2 × 3', 6],
  ['4 × 5', 20],
  ['3 × 3', 9],
  ['5 × 2', 10],
  ['1 × 4', 4],
];

describe('fact fluency (product-rules.md#fact-fluency)', () => {
  it('keeps each answer’s response time and folds the last three tries per fact into fluent, slow and wrong', async () => {
    const userId = nextUser++;
    const api = serviceClient(running.baseUrl, userId);
    // 2 × 3: right in 1.2 s three times → fluent. 4 × 5: right but 4.5 s each time → slow (fluent at 6 s).
    // 3 × 3: right once, then wrong twice → wrong (one fast right answer in the last 3 is not enough). 5 × 2 right fast once then slow twice → slow. 1 × 4 unanswered → not tried.
    const times: Array<[number, number, number | null, number]> = [
      [1200, 4500, 2000, 2500],
      [1100, 4400, null, 3900],
      [900, 4600, null, 4100],
    ];
    for (const [i, [a, b, c, d]] of times.entries()) {
      const posted = await api('POST', '/api/game-results', {
        body: game([
          ['2 × 3', 6, 6, a],
          ['4 × 5', 20, 20, b],
          ['3 × 3', 9, c === null ? 8 : 9, c ?? 1500],
          ['5 × 2', 10, 10, d],
          ['1 × 4', 4, null, null],
        ]),
        headers: { 'Idempotency-Key': `facts-${i}` },
      });
      expect(posted.status).toBe(201);
      expect(
        (posted.body.questions as Array<{ responseMs: number | null }>).map((q) => q.responseMs),
      ).toEqual([a, b, c ?? 1500, d, null]);
      // Games a child plays follow one another by minutes: each is folded before the next is posted, as then.
      await waitFor(async () => {
        const res = await api<FactsResponse>('GET', '/api/statistics/facts');
        return res.body.facts.find((f) => f.fact === '2×3')?.tries === i + 1;
      });
    }
    const facts = await waitFor(async () => {
      const res = await api<FactsResponse>('GET', '/api/statistics/facts');
      return res.body.facts.find((f) => f.fact === '2×3')?.tries === 3 ? res.body : null;
    });
    expect(facts).toEqual({
      threshold: 3000,
      facts: [
        { fact: '2×3', state: 'fluent', tries: 3 },
        { fact: '3×3', state: 'wrong', tries: 3 },
        { fact: '4×5', state: 'slow', tries: 3 },
        { fact: '5×2', state: 'slow', tries: 3 },
      ],
    });
    const gentle = await api<FactsResponse>('GET', '/api/statistics/facts?threshold=6000');
    expect(gentle.body.facts.map((f) => `${f.fact}:${f.state}`)).toEqual([
      '2×3:fluent',
      '3×3:wrong',
      '4×5:fluent',
      '5×2:fluent',
    ]);
    // A fourth, slow try pushes the first fast one out: only the last three count.
    await api('POST', '/api/game-results', {
      body: game(FIVE.map(([q, ans]) => [q, ans, ans, q === '2 × 3' ? 5000 : 1000])),
    });
    const after = await waitFor(async () => {
      const res = await api<FactsResponse>('GET', '/api/statistics/facts');
      return res.body.facts.find((f) => f.fact === '2×3')?.tries === 4 ? res.body : null;
    });
    expect(after.facts.find((f) => f.fact === '2×3')!.state).toBe('fluent');
    expect(after.facts.find((f) => f.fact === '1×4')).toEqual({ fact: '1×4', state: 'slow', tries: 1 });
    const { rows } = await running.env.pool.query<{ ms: number[] }>(
      "SELECT ms FROM results.fact_fluency WHERE fact = '2×3' AND user_id = $1",
      [userId],
    );
    expect(rows[0]!.ms).toEqual([1100, 900, 5000]);
  });

  it('refuses response times that cannot be: beyond the bound, on an unanswered question, or longer than the game', async () => {
    const userId = nextUser++;
    const api = serviceClient(running.baseUrl, userId);
    const inLang = { tr: api, en: serviceClient(running.baseUrl, userId, 'en') };
    const played = (ms: Array<number | null>): Played[] => FIVE.map(([q, ans], i) => [q, ans, ans, ms[i]]);
    const cases: Array<[ReturnType<typeof game>, string]> = [
      [game(played([1000, -5, 1000, 1000, 1000])), 'questions.1.responseMs'],
      [game(played([1000, 1000, 1.5, 1000, 1000])), 'questions.2.responseMs'],
      [game(played([1000, 1000, 1000, 1000, 10 * 60 * 1000 + 1])), 'questions.4.responseMs'],
      [
        game([...played([1000, 1000, 1000, 1000]).slice(0, 4), ['1 × 4', 4, null, 900]]),
        'questions.4.responseMs',
      ],
      [game(played([9000, 9000, 9000, 9000, 9000]), 30), 'questions'],
    ];
    for (const [body, field] of cases) {
      for (const lang of ['tr', 'en'] as const) {
        const res = await inLang[lang]('POST', '/api/game-results', { body });
        expect(res.status, field).toBe(400);
        expect(res.body.field, JSON.stringify(res.body)).toBe(field);
        expect(res.body.message).toBe(lang === 'tr' ? 'Cevap süresi geçersiz' : 'Invalid answer time');
      }
    }
    // An older app sends no response times at all: still accepted, and no fact is recorded.
    expect((await api('POST', '/api/game-results', { body: game(played([])) })).status).toBe(201);
    const stats = await waitFor(async () => {
      const res = await api<StatisticsResponse>('GET', '/api/statistics');
      return res.body.totalQuestions === 5 ? res.body : null;
    });
    expect(stats.totalQuestions).toBe(5);
    expect((await api<FactsResponse>('GET', '/api/statistics/facts')).body.facts).toEqual([]);
  });

  it('refuses a threshold other than 3 s or 6 s, naming the field', async () => {
    const res = await newUser()('GET', '/api/statistics/facts?threshold=100');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('threshold');
  });
});
