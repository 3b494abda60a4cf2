import { OUTCOMES, type OutcomeMastery } from '@mathgames/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SELECTION_KEYS } from '../../../lib/game-selection.js';
import { recordGuestMastery } from '../../../lib/guest-mastery.js';
import { fakeApi } from '../../../testing/fake-api.js';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import { OutcomeMap } from './outcome-map.js';

const PATH = '/api/statistics/outcomes';
const MASTERED_AT = '2026-03-02T10:00:00.000Z';
const CHECK_DUE_AT = '2026-03-09T10:00:00.000Z';

function state(outcome: string, level: OutcomeMastery['level'], extra: Partial<OutcomeMastery> = {}) {
  return {
    outcome,
    level,
    games: 4,
    masteredAt: level === 'mastered' ? MASTERED_AT : null,
    checksPassed: 0,
    checkDueAt: level === 'mastered' ? CHECK_DUE_AT : null,
    retained: null,
    needsHelp: false,
    updatedAt: MASTERED_AT,
    ...extra,
  } satisfies OutcomeMastery;
}

const MAP = {
  outcomes: [
    state('MAT.1.2.2', 'mastered'),
    state('MAT.1.2.4', 'familiar'),
    state('MAT.2.2.2', 'mastered', { checksPassed: 2, checkDueAt: null, retained: true }),
    state('MAT.3.2.3', 'practising'),
  ],
};

const row = (code: string) => screen.getByTestId(`outcome-row-${code}`);

describe('my outcome map', () => {
  beforeEach(() => useLanguage('en', 'statistics'));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('lists every outcome by grade, each on its rung by name and steps, and says when a mastered one is checked', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-05T10:00:00Z'));
    fakeApi({ [PATH]: MAP });
    renderWithApp(<OutcomeMap />);
    expect(await screen.findByTestId('outcome-map-loading')).toBeTruthy();
    await screen.findByTestId('outcome-row-MAT.1.2.2');

    expect(screen.getAllByTestId(/^outcome-row-/)).toHaveLength(OUTCOMES.length);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Grade 1',
      'Grade 2',
      'Grade 3',
    ]);
    const grade3 = screen.getByRole('list', { name: 'Grade 3' });
    expect(within(grade3).getAllByRole('listitem')).toHaveLength(4);
    expect(row('MAT.3.2.3').getAttribute('data-level')).toBe('practising');
    expect(row('MAT.1.2.4').getAttribute('data-level')).toBe('familiar');
    expect(row('MAT.1.2.4').textContent).toContain('Familiar (step 2 of 4)');
    expect(row('MAT.1.2.4').textContent).toContain('Interpret the relation between addition and subtraction');
    expect(row('MAT.3.2.4').getAttribute('data-level')).toBe('not-started');
    expect(row('MAT.3.2.4').textContent).toContain('Not started yet (step 0 of 4)');
    // The staircase: as many filled steps as the rung.
    const filled = (code: string) =>
      [...row(code).querySelectorAll('[data-testid="outcome-ladder"] > span[aria-hidden] > span')].filter(
        (step) => step.className.includes('bg-brand-600'),
      ).length;
    expect([filled('MAT.3.2.4'), filled('MAT.3.2.3'), filled('MAT.1.2.4'), filled('MAT.1.2.2')]).toEqual([
      0, 1, 2, 4,
    ]);

    // Mastered, its 7-day check ahead: the day it comes. Confirmed: said so.
    expect(screen.queryByTestId('outcome-check-due-MAT.1.2.2')).toBeNull();
    expect(screen.getByTestId('outcome-check-on-MAT.1.2.2').textContent).toBe('Next check: Monday 9 March');
    expect(screen.getByTestId('outcome-confirmed-MAT.2.2.2').textContent).toContain(
      'Confirmed after 30 days',
    );
    expect(screen.queryByTestId('outcome-map-empty')).toBeNull();
  });

  it('on the due day (the device clock) offers the check, which starts a game whose questions ask the outcome', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(CHECK_DUE_AT));
    fakeApi({ [PATH]: MAP });
    renderWithApp(<OutcomeMap />);
    const due = await screen.findByTestId('outcome-check-due-MAT.1.2.2');
    expect(due.textContent).toContain('Time for a quick check!');
    expect(screen.queryByTestId('outcome-check-on-MAT.1.2.2')).toBeNull();
    expect(screen.queryByTestId('outcome-check-due-MAT.2.2.2')).toBeNull();

    const start = within(due).getByRole('link', { name: 'Start the check: MAT.1.2.2' });
    const href = new URL(start.getAttribute('href') ?? '', 'http://app');
    expect(href.pathname).toBe('/gameplay');
    // The router writes `start` as JSON ("1") and reads it back as text, as the assignments' one-tap start.
    expect([href.searchParams.get('type'), JSON.parse(href.searchParams.get('start') ?? '')]).toEqual([
      'toplama',
      '1',
    ]);
    start.focus();
    await userEvent.keyboard('{Enter}');
    expect(sessionStorage.getItem(SELECTION_KEYS.gameType)).toBe('toplama');
    expect(sessionStorage.getItem(SELECTION_KEYS.difficulty)).toBe('çok kolay');
    expect(sessionStorage.getItem(SELECTION_KEYS.questions)).toBe('10');
  });

  it('with nothing started still lists every outcome, not started, under a friendly line', async () => {
    fakeApi({ [PATH]: { outcomes: [] } });
    renderWithApp(<OutcomeMap />);
    expect((await screen.findByTestId('outcome-map-empty')).textContent).toMatch(/Play a game/);
    const rows = screen.getAllByTestId(/^outcome-row-/);
    expect(rows).toHaveLength(OUTCOMES.length);
    expect(new Set(rows.map((r) => r.getAttribute('data-level')))).toEqual(new Set(['not-started']));
  });

  it('says the map could not load and loads it again on retry', async () => {
    const api = fakeApi({});
    renderWithApp(<OutcomeMap />);
    expect((await screen.findByRole('alert')).textContent).toContain('Your outcome map could not be loaded.');
    api.set(PATH, MAP);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(row('MAT.1.2.4').getAttribute('data-level')).toBe('familiar'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a guest the map their games kept on this device, without asking the server', async () => {
    const api = fakeApi({ [PATH]: MAP });
    recordGuestMastery([{ question: '2 + 3', isCorrect: true }]);
    renderWithApp(<OutcomeMap guest />);
    expect((await screen.findByTestId('outcome-row-MAT.1.2.2')).getAttribute('data-level')).toBe(
      'practising',
    );
    expect(screen.getByTestId('outcome-map-guest').textContent).toContain('kept on this device');
    expect(row('MAT.2.2.2').getAttribute('data-level')).toBe('not-started');
    expect(api.calls).not.toContain(`GET ${PATH}`);
  });

  it('reads in Turkish', async () => {
    await useLanguage('tr', 'statistics');
    fakeApi({ [PATH]: MAP });
    renderWithApp(<OutcomeMap />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Kazanım haritam' })).toBeTruthy();
    await screen.findByTestId('outcome-row-MAT.1.2.4');
    expect(row('MAT.1.2.4').textContent).toContain(
      'Toplama ve çıkarma işlemlerinin ilişkisini yorumlayabilme',
    );
    expect(row('MAT.1.2.4').textContent).toContain('Tanıyorum');
    expect(screen.getAllByRole('heading', { level: 3 })[0]!.textContent).toBe('1. sınıf');
  });
});
