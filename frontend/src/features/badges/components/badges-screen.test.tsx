import { BADGE_CATALOGUE, type UserBadgeItem } from '@mathgames/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogueWith } from '../../../testing/badge-items.js';
import { fakeApi } from '../../../testing/fake-api.js';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import { BADGE_PAGE_SIZE } from '../hooks/use-badge-pages.js';
import { BadgesScreen } from './badges-screen.js';

const SUMMARY = '/api/user-badges/summary';
const COMPLETED = '/api/user-badges?completed=true&limit=1000';
const ALL = '/api/user-badges?limit=1000';
const filtered = (category: string) => `${ALL}&category=${category}`;

/** Every novice badge (25) done, the rest untouched: 3 completed pages, 15 ongoing pages. */
function serverState(items: UserBadgeItem[]) {
  const completed = items.filter((item) => item.completed);
  const routes: Record<string, unknown> = {
    [SUMMARY]: { total: items.length, completed: completed.length },
    [COMPLETED]: completed,
    [ALL]: items,
  };
  for (const key of ['toplama', 'cikarma', 'carpma', 'bolme', 'kesirler'])
    routes[filtered(key)] = items.filter((item) => item.badge.categoryKey === key);
  return routes;
}

const section = (id: 'completed-badges' | 'ongoing-badges') => within(screen.getByTestId(id));
const pagerStatus = (id: 'completed-pager' | 'ongoing-pager') =>
  within(screen.getByTestId(id)).getByText(/^\d+ \/ \d+$/).textContent;

describe('the badges screen', () => {
  beforeEach(() => useLanguage('en', 'badges'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows earned and in-progress badges in pages of 10 with previous and next', async () => {
    fakeApi(serverState(catalogueWith((b) => (b.tier === 'novice' ? 50 : 0))));
    const user = userEvent.setup();
    renderWithApp(<BadgesScreen />);

    await waitFor(() =>
      expect(section('completed-badges').getAllByTestId('badge-card')).toHaveLength(BADGE_PAGE_SIZE),
    );
    expect(pagerStatus('completed-pager')).toBe('1 / 3');
    expect(pagerStatus('ongoing-pager')).toBe('1 / 15');
    expect(section('ongoing-badges').getAllByTestId('badge-card')).toHaveLength(BADGE_PAGE_SIZE);

    const completedPager = within(screen.getByTestId('completed-pager'));
    expect(completedPager.getByRole('button', { name: /previous/i }).hasAttribute('disabled')).toBe(true);
    await user.click(completedPager.getByRole('button', { name: /next/i }));
    await user.click(completedPager.getByRole('button', { name: /next/i }));
    expect(pagerStatus('completed-pager')).toBe('3 / 3');
    expect(section('completed-badges').getAllByTestId('badge-card')).toHaveLength(25 - 2 * BADGE_PAGE_SIZE);
    expect(completedPager.getByRole('button', { name: /next/i }).hasAttribute('disabled')).toBe(true);
  });

  it('goes back to the first page of both lists when the category filter changes', async () => {
    fakeApi(serverState(catalogueWith((b) => (b.tier === 'novice' ? 50 : 0))));
    const user = userEvent.setup();
    renderWithApp(<BadgesScreen />);
    await waitFor(() => expect(screen.getByTestId('completed-pager')).toBeTruthy());

    await user.click(within(screen.getByTestId('completed-pager')).getByRole('button', { name: /next/i }));
    const ongoingNext = within(screen.getByTestId('ongoing-pager')).getByRole('button', { name: /next/i });
    await user.click(ongoingNext);
    await user.click(ongoingNext);
    expect(pagerStatus('completed-pager')).toBe('2 / 3');
    expect(pagerStatus('ongoing-pager')).toBe('3 / 15');

    const subtraction = screen.getByRole('button', { name: 'Subtraction' });
    // The filter works from the keyboard like any button.
    subtraction.focus();
    await user.keyboard('{Enter}');

    expect(subtraction.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(pagerStatus('ongoing-pager')).toBe('1 / 3'));
    expect(pagerStatus('completed-pager')).toBe('1 / 3');
    const shown = section('ongoing-badges').getAllByTestId('badge-card');
    expect(shown).toHaveLength(BADGE_PAGE_SIZE);
    for (const card of shown) expect(card.getAttribute('data-badge-id')).toMatch(/^cikarma\./);
  });

  it('returns to the first earned page when the earned count changes, and the new badge leaves the ongoing list', async () => {
    const before = catalogueWith((b) => (b.tier === 'novice' ? 50 : 0));
    const api = fakeApi(serverState(before));
    const user = userEvent.setup();
    const { queryClient } = renderWithApp(<BadgesScreen />);
    await waitFor(() => expect(screen.getByTestId('completed-pager')).toBeTruthy());
    const completedPager = within(screen.getByTestId('completed-pager'));
    await user.click(completedPager.getByRole('button', { name: /next/i }));
    await user.click(completedPager.getByRole('button', { name: /next/i }));
    expect(pagerStatus('completed-pager')).toBe('3 / 3');

    // The addition rookie badge (very easy) crosses its threshold of 100 on the server.
    const crossing = BADGE_CATALOGUE.find((b) => b.id === 'toplama.cok-kolay.rookie')!;
    for (const [path, body] of Object.entries(
      serverState(catalogueWith((b) => (b.tier === 'novice' ? 50 : b.id === crossing.id ? 100 : 0))),
    ))
      api.set(path, body);
    // What the 3-second poll does.
    await queryClient.refetchQueries({ queryKey: [SUMMARY] });

    await waitFor(() => expect(pagerStatus('completed-pager')).toBe('1 / 3'));
    await waitFor(() => expect(screen.getByText('26 of 175 badges earned')).toBeTruthy());
    await waitFor(() =>
      expect(
        section('ongoing-badges')
          .queryAllByTestId('badge-card')
          .map((card) => card.getAttribute('data-badge-id')),
      ).not.toContain(crossing.id),
    );
    expect(
      section('completed-badges')
        .getAllByTestId('badge-card')
        .map((card) => card.getAttribute('data-badge-id')),
    ).toContain(crossing.id);
  });

  it('shows the empty state with a way to the games when nothing is earned yet', async () => {
    fakeApi(serverState(catalogueWith(() => 0)));
    renderWithApp(<BadgesScreen />);
    const empty = await screen.findByTestId('badges-empty');
    expect(section('completed-badges').getByTestId('badges-empty')).toBe(empty);
    expect(within(empty).getByRole('link', { name: 'Go to Games' }).getAttribute('href')).toBe('/games');
  });

  it('shows the load error with a retry button when the badges cannot be fetched', async () => {
    fakeApi({ [SUMMARY]: { total: 175, completed: 0 } });
    renderWithApp(<BadgesScreen />);
    expect(await screen.findByText("Badges couldn't load")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('shows a card with the name in the chosen language, percent capped at 100, required count and ribbon', async () => {
    const genius = BADGE_CATALOGUE.find((b) => b.id === 'kesirler.zor.genius')!;
    const items = catalogueWith((b) => (b.id === genius.id ? 2600 : 0));
    fakeApi(serverState(items));
    await useLanguage('tr', 'badges');
    renderWithApp(<BadgesScreen />);
    const card = await waitFor(() => {
      const found = screen
        .getAllByTestId('badge-card')
        .find((c) => c.getAttribute('data-badge-id') === genius.id);
      if (!found) throw new Error('not yet');
      return found;
    });
    expect(within(card).getByRole('heading').textContent).toBe(genius.name.tr);
    expect(within(card).getByTestId('badge-percent').textContent).toBe('%52');
    expect(within(card).getByTestId('badge-special')).toBeTruthy();
    expect(within(card).getByText('5000 doğru cevap gerekli')).toBeTruthy();
  });
});
