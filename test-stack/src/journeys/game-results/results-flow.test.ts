import type { BadgeSummary, HistoryResponse, StatisticsResponse, UserBadgeItem } from '@mathgames/contracts';
import { honestResult } from '@mathgames/game-results/testing';
import { waitFor } from '@mathgames/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FlowStack, startFlowStack } from './flow-stack.js';

let stack: FlowStack;

beforeAll(async () => {
  stack = await startFlowStack();
});

afterAll(async () => {
  await stack?.close();
});

describe('a game result through the gateway', () => {
  it('appears in statistics and badge progress once both workers have run', async () => {
    const pupil = await stack.signUp('ayse');
    const posted = await pupil.post(
      '/api/game-results',
      honestResult({ gameType: 'bolme', difficulty: 'zor', correct: 8 }),
    );
    expect(posted.status).toBe(201);

    const stats = await waitFor(async () => {
      const res = await pupil.get<StatisticsResponse>('/api/statistics');
      return res.body.totalQuestions === 10 ? res.body : null;
    });
    expect(stats).toMatchObject({ totalPoints: 80, correctAnswers: 8, successRate: 80 });
    expect(stats.gameTypeStats.bölme).toEqual({ correct: 8, total: 10, rate: 80 });

    const badges = await waitFor(async () => {
      const res = await pupil.get<UserBadgeItem[]>('/api/user-badges?limit=1000&category=bolme');
      return res.body.some((b) => b.progress > 0) ? res.body : null;
    });
    expect(badges.filter((b) => b.progress === 8).map((b) => b.id)).toHaveLength(7);
    expect(badges.filter((b) => b.progress === 8).every((b) => b.badge.difficulty === 'zor')).toBe(true);

    const history = await pupil.get<HistoryResponse>('/api/game-results');
    expect(history.body.total).toBe(1);
    expect(history.body.items[0]).toMatchObject({
      gameType: 'bölme',
      difficulty: 'zor',
      correctAnswers: 8,
      points: 80,
    });
  });

  it('the polled summary answers 304 while nothing changes, and a completed badge shows under a new ETag', async () => {
    const pupil = await stack.signUp('mehmet');
    const first = await pupil.get<BadgeSummary>('/api/user-badges/summary');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ total: 175, completed: 0 });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await pupil.get('/api/user-badges/summary', { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );

    for (let i = 0; i < 3; i++) {
      const res = await pupil.post('/api/game-results', honestResult({ questionsCount: 20, seed: i }));
      expect(res.status).toBe(201);
    }
    const changed = await waitFor(async () => {
      const res = await pupil.get<BadgeSummary>('/api/user-badges/summary', {
        headers: { 'if-none-match': etag },
      });
      return res.status === 200 && res.body.completed === 1 ? res : null;
    });
    expect(changed.body).toEqual({ total: 175, completed: 1 });
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('the gateway answers 401 to a visitor who is not logged in', async () => {
    const res = await fetch(`${stack.baseUrl}/api/statistics`);
    expect(res.status).toBe(401);
  });
});
