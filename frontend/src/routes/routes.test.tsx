import { translate } from '@mathgames/contracts';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../app/provider.js';
import { createAppRouter } from '../app/router.js';
import { toastAtom } from '../components/ui/toast.js';
import { SELECTION_KEYS } from '../lib/game-selection.js';
import i18n from '../lib/i18n/i18n.js';
import { createQueryClient } from '../lib/query-client.js';
import { store } from '../lib/store.js';
import { useLanguage } from '../testing/render.js';

/** The whole app (its routes, frame and providers) at `url`, as a guest: the API knows no one. */
async function openApp(url: string) {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [url] }) });
  await act(async () => {
    render(
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
  });
  return router;
}

// A guest: the API answers every read with 401, as the gateway does without a session.
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response('{"code":"unauthorized","message":"x"}', {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
  store.set(toastAtom, null);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe.each(['tr', 'en'] as const)('the routes, in %s', (lang) => {
  beforeEach(() => useLanguage(lang, 'gameplay', 'games', 'home'));

  it('an unknown game type falls back to addition with the game_start_error toast, not an error page', async () => {
    const router = await openApp('/gameplay?type=no-such-topic');
    await screen.findByTestId('start-game');
    await waitFor(() => expect(router.state.location.search).toEqual({ type: 'toplama' }));
    expect(store.get(toastAtom)?.description).toBe(translate('game_start_error', lang));
    expect(store.get(toastAtom)?.variant).toBe('destructive');
    expect(sessionStorage.getItem(SELECTION_KEYS.gameType)).toBe('toplama');
  });

  it('?verified=true confirms the e-mail once with a toast and leaves the address clean', async () => {
    const router = await openApp('/?verified=true');
    await waitFor(() => expect(router.state.location.searchStr).toBe(''));
    expect(store.get(toastAtom)).toMatchObject({ title: i18n.t('home:verified'), variant: 'success' });
    const shown = store.get(toastAtom)?.id;
    await act(() => router.invalidate());
    expect(store.get(toastAtom)?.id).toBe(shown);
    expect(screen.queryByTestId('hero-statistics')).toBeNull();
  });

  it('home tiles and level cards start that topic or level; a topic remembers its last level and count', async () => {
    const router = await openApp('/');
    fireEvent.click(await screen.findByTestId('home-topic-fractions'));
    await screen.findByTestId('start-game');
    expect(router.state.location.search).toEqual({ type: 'kesirler' });

    await act(() => router.navigate({ to: '/' }));
    fireEvent.click(await screen.findByTestId('home-level-hard'));
    await screen.findByTestId('start-game');
    expect(screen.getByTestId('difficulty-hard').getAttribute('aria-pressed')).toBe('true');
    // The difficulty buttons carry the home page's stars: four for hard.
    expect(screen.getByTestId('difficulty-hard').querySelectorAll('svg')).toHaveLength(4);

    await act(() => router.navigate({ to: '/games' }));
    fireEvent.click(await screen.findByTestId('play-subtraction'));
    fireEvent.click(await screen.findByTestId('difficulty-medium'));
    fireEvent.click(screen.getByTestId('count-15'));
    await act(() => router.navigate({ to: '/games' }));
    fireEvent.click(await screen.findByTestId('play-addition'));
    await screen.findByTestId('start-game');
    await waitFor(() => expect(router.state.location.search).toEqual({ type: 'toplama' }));
    expect(screen.getByTestId('difficulty-easy').getAttribute('aria-pressed')).toBe('true');
    await act(() => router.navigate({ to: '/games' }));
    fireEvent.click(await screen.findByTestId('play-subtraction'));
    await waitFor(() => expect(router.state.location.search).toEqual({ type: 'cikarma' }));
    expect((await screen.findByTestId('difficulty-medium')).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('count-15').getAttribute('aria-pressed')).toBe('true');
  });
});
