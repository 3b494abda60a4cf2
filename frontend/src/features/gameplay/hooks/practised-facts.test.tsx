import { type GenerateOptions, generateQuestions, type Question } from '@mathgames/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.js';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import { testUser } from '../../../testing/users.js';
import { GameplayScreen } from '../components/gameplay-screen.js';
import { GENERATION_DELAY_MS } from './game-machine.js';

const settings = { gameType: 'çarpma', difficulty: 'orta', count: 10 } as const;
const facts = (threshold: number) => ({
  threshold,
  facts: [
    { fact: '7×8', state: 'slow', tries: 3 },
    { fact: '6×7', state: 'fluent', tries: 3 },
    { fact: '9×6', state: 'wrong', tries: 2 },
    { fact: '7+5', state: 'wrong', tries: 1 },
  ],
});

/** Starts a game (once `loaded` holds) and returns what the generator was asked for. */
async function generatorOptions(
  loaded: (queryClient: QueryClient) => void = () => {},
): Promise<GenerateOptions> {
  const asked: GenerateOptions[] = [];
  const generate = (options: GenerateOptions): Question[] => {
    asked.push(options);
    return generateQuestions(options);
  };
  const { queryClient } = renderWithApp(<GameplayScreen initialSettings={settings} generate={generate} />);
  await waitFor(() => loaded(queryClient));
  const start = await screen.findByTestId('start-game');
  await waitFor(() => expect(start.hasAttribute('disabled')).toBe(false));
  fireEvent.click(start);
  await screen.findByTestId('question', {}, { timeout: GENERATION_DELAY_MS + 1000 });
  return asked[0]!;
}

describe('practice favours slow facts', () => {
  beforeEach(async () => {
    localStorage.clear();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await useLanguage('en', 'gameplay', 'games');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks a signed-in child’s wrong and slow facts of the topic first, by the threshold chosen on the device', async () => {
    localStorage.setItem('factFluencyThreshold', '6000');
    const api = fakeApi({
      '/api/auth/me': testUser({ role: 'pupil' }),
      '/api/statistics/facts?threshold=6000': facts(6000),
    });
    const options = await generatorOptions((queryClient) =>
      expect(queryClient.getQueryData(['/api/statistics/facts', 6000])).toBeDefined(),
    );
    expect(api.calls).toContain('GET /api/statistics/facts?threshold=6000');
    expect(options.favour).toEqual(['9×6', '7×8']);
  });

  it('plays the usual mix for a guest, without asking for facts', async () => {
    const api = fakeApi({});
    const options = await generatorOptions();
    expect(options.favour).toEqual([]);
    expect(api.calls.some((c) => c.includes('/api/statistics/facts'))).toBe(false);
  });
});
