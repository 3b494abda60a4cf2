import type { Question } from '@mathgames/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYNC_TAG } from '../../../lib/unsent-results.js';
import type { GameState } from '../hooks/game-machine.js';
import { recordFinishedGame } from './save-game-result.js';

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
