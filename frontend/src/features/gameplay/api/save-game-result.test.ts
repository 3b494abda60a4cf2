import type { Question, StatisticsResponse } from '@mathgames/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYNC_TAG } from '../../../lib/offline/unsent-results.js';
import { statisticsKeys } from '../../../lib/queries/statistics.js';
import { createQueryClient } from '../../../lib/query-client.js';
import { statisticsResponse } from '../../../testing/statistics.js';
import type { GameState } from '../hooks/game-machine.js';
import { bumpWeeklyProgress, recordFinishedGame } from './save-game-result.js';

const question: Question = {
  gameType: 'toplama',
  difficulty: 'kolay',
  num1: 2,
  num2: 3,
  operator: '+',
  answer: 5,
  options: [5, 6, 4, 7],
  mistakes: [null, 'off-by-one', 'off-by-one', 'off-by-one'],
  answerIndex: 0,
  source: 'pool',
};
const finished: GameState = {
  stage: 'finished',
  settings: { gameType: 'toplama', difficulty: 'kolay', count: 5 },
  questions: [question],
  index: 0,
  answers: [5],
  responseMs: [1800],
  shownAt: null,
  feedback: null,
  startedAt: 0,
  elapsedMs: 4_000,
};

describe('a game finished with nobody known on the page', () => {
  const register = vi.fn(async (_tag: string) => {});
  let online = true;
  beforeEach(() => {
    register.mockClear();
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    // A page the service worker controls, in a browser with Background Sync.
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: {}, ready: Promise.resolve({ sync: { register } }) },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    vi.restoreAllMocks();
  });

  it('offline: is kept on the device and asks the browser for a Background Sync, so the worker sends it for whoever is signed in', async () => {
    online = false;
    const saved = await recordFinishedGame(new QueryClient(), finished, 'offline-guest', null);
    expect(saved).toEqual({ kind: 'kept-offline' });
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith(SYNC_TAG));
  });

  it('online (a guest): is kept for the next sign-in here, with no sync to ask for', async () => {
    online = true;
    const saved = await recordFinishedGame(new QueryClient(), finished, 'online-guest', null);
    expect(saved).toEqual({ kind: 'kept-guest' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(register).not.toHaveBeenCalled();
  });
});

// Monday 22:30 UTC: already Tuesday in Istanbul (UTC+3), still Monday in New York.
const MONDAY_LATE_UTC = new Date('2026-11-23T22:30:00.000Z');

function bumpIn(timeZone: string) {
  const client = createQueryClient();
  client.setQueryData(statisticsKeys.all, statisticsResponse({ timeZone }));
  bumpWeeklyProgress(client, 4, MONDAY_LATE_UTC);
  return client.getQueryData<StatisticsResponse>(statisticsKeys.all)?.weeklyProgress;
}

describe('the weekly bump after a game', () => {
  afterEach(() => localStorage.clear());

  it("counts the day in the time zone the server's statistics answer names", () => {
    expect(bumpIn('Europe/Istanbul')).toEqual([0, 4, 0, 0, 0, 0, 0]);
    expect(bumpIn('America/New_York')).toEqual([4, 0, 0, 0, 0, 0, 0]);
  });

  it("adds the game's points to today's weekly points, which the profile's charts show", () => {
    const client = createQueryClient();
    client.setQueryData(
      statisticsKeys.all,
      statisticsResponse({ timeZone: 'Europe/Istanbul', weeklyPoints: [0, 30, 0, 0, 0, 0, 0] }),
    );
    bumpWeeklyProgress(client, 4, MONDAY_LATE_UTC);
    expect(client.getQueryData<StatisticsResponse>(statisticsKeys.all)?.weeklyPoints).toEqual([
      0, 70, 0, 0, 0, 0, 0,
    ]);
  });
});
