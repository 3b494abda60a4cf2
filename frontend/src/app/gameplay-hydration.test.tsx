import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GameplayScreen } from '../features/gameplay/components/gameplay-screen.js';
import { pauseAfterWrongAtom } from '../features/gameplay/hooks/learning-settings.js';
import { store } from '../lib/store.js';
import { useLanguage } from '../testing/render.js';
import { AppProvider } from './provider.js';

/** What this device stored: another difficulty and count than the defaults (kolay, 10). */
const STORED = { gameType: 'toplama', difficulty: 'çok kolay', count: 5 } as const;

/** The screen inside the app's providers and a loaded memory router, as the pre-render and the app have it. */
async function app() {
  const rootRoute = createRootRoute({ component: () => <GameplayScreen initialSettings={STORED} /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  return (
    <AppProvider queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}

const pressed = (testId: string) => screen.getByTestId(testId).getAttribute('aria-pressed');
const disabled = (testId: string) => (screen.getByTestId(testId) as HTMLButtonElement).disabled;

describe('the game settings screen drawn ahead of time', () => {
  beforeEach(async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {}); // the session check, with no server here
    await useLanguage('en', 'gameplay', 'games');
    store.set(pauseAfterWrongAtom, true);
  });
  afterEach(() => {
    store.set(pauseAfterWrongAtom, false);
    vi.restoreAllMocks();
  });

  it('is drawn with the defaults and disabled controls, hydrates without a mismatch, then shows the stored choices', async () => {
    const html = renderToString(await app());
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // Before hydration (what the child sees while the JavaScript downloads): the same for every child.
    expect(pressed('difficulty-easy')).toBe('true');
    expect(pressed('count-10')).toBe('true');
    expect((screen.getByTestId('pause-after-wrong') as HTMLInputElement).checked).toBe(false);
    for (const control of ['difficulty-easy', 'count-5', 'start-game', 'help-button', 'pause-after-wrong'])
      expect(disabled(control), control).toBe(true);

    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const ui = await app();
    await act(async () => {
      render(ui, { container, hydrate: true, onRecoverableError: recoverable } as Parameters<
        typeof render
      >[1]);
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    // Hydrated: the choices stored on this device, and every control usable.
    expect(pressed('difficulty-very-easy')).toBe('true');
    expect(pressed('difficulty-easy')).toBe('false');
    expect(pressed('count-5')).toBe('true');
    expect((screen.getByTestId('pause-after-wrong') as HTMLInputElement).checked).toBe(true);
    for (const control of ['difficulty-easy', 'count-5', 'start-game', 'help-button', 'pause-after-wrong'])
      expect(disabled(control), control).toBe(false);
    container.remove();
  });
});
