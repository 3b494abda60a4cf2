import type { HistoryResponse, StatisticsResponse } from '@mathgames/contracts';
import { waitFor } from '@mathgames/platform/testing';
import { describe, expect, it } from 'vitest';
import { serviceClient, useServiceUnderTest } from './test-support/api.js';
import { honestResult } from './test-support/fixtures.js';

// Sunday 22 November 2026, 23:59 and Monday 23 November, 00:01 in Europe/Istanbul (UTC+3).
const SUNDAY_2359 = new Date('2026-11-22T20:59:00Z');
const MONDAY_0001 = new Date('2026-11-22T21:01:00Z');

let clock: Date | null = null;
let nextUser = 1000;

const newUser = () => serviceClient(running.baseUrl, nextUser++);

async function statistics(api: ReturnType<typeof newUser>): Promise<StatisticsResponse> {
  const res = await api<StatisticsResponse>('GET', '/api/statistics');
  expect(res.status).toBe(200);
  return res.body;
}

const running = useServiceUnderTest({ worker: true, now: () => clock ?? new Date() });

describe('posting a game result', () => {
  it('stores it, answers 201 with the stored result, and counts it in statistics once the worker ran', async () => {
    const api = newUser();
    const posted = await api('POST', '/api/game-results', {
      body: honestResult({ gameType: 'cikarma', difficulty: 'orta', correct: 7 }),
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      gameType: 'çıkarma',
      difficulty: 'orta',
      questionsCount: 10,
      correctAnswers: 7,
      points: 70,
      message: 'Sonuç kaydedildi',
    });
    // The event carries the points awarded, so the workers add them instead of computing them again.
    const outbox = await running.env.pool.query<{ payload: { points: number } }>(
      `SELECT payload FROM results.outbox WHERE payload->>'resultId' = $1`,
      [String((posted.body as { id: number }).id)],
    );
    expect(outbox.rows[0]!.payload.points).toBe(70);

    const stats = await waitFor(async () => {
      const s = await statistics(api);
      return s.totalQuestions === 10 ? s : null;
    });
    expect(stats).toMatchObject({ totalPoints: 70, correctAnswers: 7, successRate: 70 });
    expect(stats.gameTypeStats.çıkarma).toEqual({ correct: 7, total: 10, rate: 70 });
    expect(stats.gameTypeStats.toplama).toEqual({ correct: 0, total: 0, rate: 0 });
    expect(stats.weeklyProgress.reduce((a, b) => a + b, 0)).toBe(7);
    expect(stats.weeklyQuestions?.reduce((a, b) => a + b, 0)).toBe(10);
    expect(stats.weeklyPoints?.reduce((a, b) => a + b, 0)).toBe(70);
  });

  it('without a signed-in user is a 401 in the request language', async () => {
    const anonymous = serviceClient(running.baseUrl, null, 'en');
    const res = await anonymous('POST', '/api/game-results', { body: honestResult() });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'unauthorized', message: 'Please log in to do this' });
  });
});

describe('a forged result is a 400 naming the problem and stores nothing', () => {
  /** Posts `body` as a new user: a 400 whose body matches `refusal`, and the user's history stays empty. */
  async function expectRefusedAndNotStored(body: unknown, refusal: Record<string, unknown>) {
    const api = newUser();
    const res = await api('POST', '/api/game-results', { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(refusal);
    expect((await api<HistoryResponse>('GET', '/api/game-results')).body.total).toBe(0);
  }

  it('rejects a wrong answer marked correct', async () => {
    const result = honestResult({ correct: 5 });
    result.questions[7]!.isCorrect = true;
    result.correctAnswers = 6;
    await expectRefusedAndNotStored(result, { code: 'forged_result', field: 'questions.7.isCorrect' });
  });

  it('rejects inflated correctAnswers', async () => {
    await expectRefusedAndNotStored(
      { ...honestResult({ correct: 3 }), correctAnswers: 10 },
      { code: 'forged_result', field: 'correctAnswers' },
    );
  });

  it('rejects 1000 questions', async () => {
    const big = honestResult({ questionsCount: 20 });
    const questions = Array.from({ length: 1000 }, (_, i) => big.questions[i % 20]!);
    await expectRefusedAndNotStored(
      { ...big, questions, correctAnswers: 1000, questionsCount: 1000 },
      { field: expect.stringMatching(/^(questions|questionsCount|correctAnswers)$/) },
    );
  });

  it('rejects an answer key that does not match the question', async () => {
    const result = honestResult();
    result.questions[2] = { question: '2 + 2', answer: 5, userAnswer: 5, isCorrect: true };
    await expectRefusedAndNotStored(result, { code: 'forged_result', field: 'questions.2.question' });
  });

  it('rejects very easy questions posted as a very hard game, and subtractions posted as addition', async () => {
    const api = newUser();
    const easy = { ...honestResult({ difficulty: 'çok kolay' }), difficulty: 'çok zor' };
    const res = await api('POST', '/api/game-results', { body: easy });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'forged_result', field: 'questions.0.question' });
    const wrongType = { ...honestResult({ gameType: 'cikarma' }), gameType: 'toplama' };
    expect((await api('POST', '/api/game-results', { body: wrongType })).body).toMatchObject({
      code: 'forged_result',
      field: 'questions.0.question',
    });
  });

  it('rejects a question count that differs from the questions sent', async () => {
    await expectRefusedAndNotStored(
      { ...honestResult({ questionsCount: 5 }), questionsCount: 10 },
      { code: 'forged_result', field: 'questions' },
    );
  });

  it('rejects an impossibly fast game, in English for an English request', async () => {
    const api = serviceClient(running.baseUrl, nextUser++, 'en');
    const res = await api('POST', '/api/game-results', { body: honestResult({ totalTime: 2 }) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'forged_result', field: 'totalTime' });
    expect(res.body.message).not.toMatch(/[ğışçöü]/i);
  });

  it('rejects an unknown game type with the field named', async () => {
    const api = newUser();
    const res = await api('POST', '/api/game-results', { body: { ...honestResult(), gameType: 'chess' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'validation_error',
      field: 'gameType',
      message: 'Geçersiz oyun türü',
    });
  });
});

describe('Idempotency-Key', () => {
  it('the same result posted twice with one key is stored and counted once', async () => {
    const api = newUser();
    const body = honestResult({ correct: 4 });
    const first = await api('POST', '/api/game-results', {
      body,
      headers: { 'Idempotency-Key': 'offline-1' },
    });
    const second = await api('POST', '/api/game-results', {
      body,
      headers: { 'Idempotency-Key': 'offline-1' },
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect(second.headers.get('idempotent-replayed')).toBe('true');

    // A later, different result proves the worker has caught up past both posts.
    await api('POST', '/api/game-results', { body: honestResult({ correct: 1, seed: 3 }) });
    const stats = await waitFor(async () => {
      const s = await statistics(api);
      return s.totalQuestions >= 20 ? s : null;
    });
    expect(stats.totalQuestions).toBe(20);
    expect(stats.correctAnswers).toBe(5);
    expect((await api<HistoryResponse>('GET', '/api/game-results')).body.total).toBe(2);
  });

  it('reusing a key for a different game is refused', async () => {
    const api = newUser();
    await api('POST', '/api/game-results', {
      body: honestResult({ correct: 4 }),
      headers: { 'Idempotency-Key': 'k' },
    });
    const res = await api('POST', '/api/game-results', {
      body: honestResult({ correct: 9 }),
      headers: { 'Idempotency-Key': 'k' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'idempotency_key_reused', field: 'Idempotency-Key' });
  });
});

describe('history', () => {
  it('lists the user’s results newest first in pages that join up without gaps or repeats', async () => {
    const api = newUser();
    for (let i = 0; i < 5; i++) {
      const res = await api('POST', '/api/game-results', { body: honestResult({ correct: i, seed: i }) });
      expect(res.status).toBe(201);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page: { status: number; body: HistoryResponse } = await api<HistoryResponse>(
        'GET',
        `/api/game-results${query}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(5);
      seen.push(...page.body.items.map((item) => item.correctAnswers));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([4, 3, 2, 1, 0]);
  });

  it('refuses a tampered cursor and an oversized limit with the field named', async () => {
    const api = newUser();
    expect((await api('GET', '/api/game-results?cursor=bm90LWEtY3Vyc29y')).body).toMatchObject({
      field: 'cursor',
    });
    expect((await api('GET', '/api/game-results?limit=100000')).body).toMatchObject({ field: 'limit' });
  });
});

describe('weekly progress', () => {
  it('puts a result on Sunday 23:59 and one on Monday 00:01 (Europe/Istanbul) in different weeks', async () => {
    const api = newUser();
    try {
      clock = SUNDAY_2359;
      expect((await api('POST', '/api/game-results', { body: honestResult({ correct: 3 }) })).status).toBe(
        201,
      );
      clock = MONDAY_0001;
      expect(
        (await api('POST', '/api/game-results', { body: honestResult({ correct: 5, seed: 1 }) })).status,
      ).toBe(201);

      const monday = await waitFor(async () => {
        const s = await statistics(api);
        return s.totalQuestions === 20 ? s : null;
      });
      expect(monday.weeklyProgress).toEqual([5, 0, 0, 0, 0, 0, 0]);
      // The browser counts its days in the zone the answer names.
      expect(monday.timeZone).toBe(running.env.config.TIME_ZONE);

      clock = SUNDAY_2359;
      expect((await statistics(api)).weeklyProgress).toEqual([0, 0, 0, 0, 0, 0, 3]);
    } finally {
      clock = null;
    }
  });

  it('the Monday reset call answers with a message and changes nothing, however often it is made', async () => {
    const api = newUser();
    await api('POST', '/api/game-results', { body: honestResult({ correct: 6 }) });
    const before = await waitFor(async () => {
      const s = await statistics(api);
      return s.totalQuestions === 10 ? s : null;
    });
    for (let i = 0; i < 2; i++) {
      const reset = await api('POST', '/api/statistics/resetWeeklyProgress');
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ message: 'Haftalık ilerleme sıfırlandı' });
    }
    expect(await statistics(api)).toEqual(before);
  });
});

describe('a result sent late with the time it was played', () => {
  it('played offline on Sunday 23:50 (Istanbul) and sent on Monday counts on Sunday, once', async () => {
    const api = newUser();
    const sundayNight = new Date('2026-11-22T20:50:00Z');
    try {
      clock = new Date('2026-11-23T07:30:00Z'); // Monday morning in Istanbul
      const body = { ...honestResult({ correct: 4 }), playedAt: sundayNight.toISOString() };
      const headers = { 'Idempotency-Key': 'late-sunday-game' };
      const first = await api('POST', '/api/game-results', { body, headers });
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({ createdAt: sundayNight.toISOString() });
      // The response was lost; the device sends it again.
      const again = await api('POST', '/api/game-results', { body, headers });
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');

      await waitFor(async () => ((await statistics(api)).totalQuestions === 10 ? true : null));
      expect((await statistics(api)).weeklyProgress).toEqual([0, 0, 0, 0, 0, 0, 0]);
      clock = new Date('2026-11-22T20:55:00Z'); // Sunday 23:55: that week
      expect((await statistics(api)).weeklyProgress).toEqual([0, 0, 0, 0, 0, 0, 4]);
    } finally {
      clock = null;
    }
  });

  it('refuses a play time in the future or older than 14 days with the field named', async () => {
    const api = newUser();
    const now = Date.now();
    for (const playedAt of [
      new Date(now + 10 * 60_000).toISOString(),
      new Date(now - 15 * 24 * 60 * 60_000).toISOString(),
    ]) {
      const res = await api('POST', '/api/game-results', { body: { ...honestResult(), playedAt } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ field: 'playedAt', message: expect.stringContaining('14') });
    }
    const garbage = await api('POST', '/api/game-results', {
      body: { ...honestResult(), playedAt: 'yesterday' },
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body).toMatchObject({ field: 'playedAt' });
    // A tablet clock a minute ahead is fine.
    const skewed = await api('POST', '/api/game-results', {
      body: { ...honestResult(), playedAt: new Date(now + 60_000).toISOString() },
    });
    expect(skewed.status).toBe(201);
    expect((await api<HistoryResponse>('GET', '/api/game-results')).body.total).toBe(1);
  });
});
