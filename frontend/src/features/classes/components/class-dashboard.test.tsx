import {
  type ClassDashboard,
  GAME_TYPES,
  type PupilProgressDetail,
  type TopicAccuracy,
  translate,
} from '@mathgames/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import { ClassDashboardPanel } from './class-dashboard.js';

const CLASS = 7;

const topics = (played: Partial<Record<(typeof GAME_TYPES)[number], [number, number]>>): TopicAccuracy[] =>
  GAME_TYPES.map((gameType) => {
    const [correct, questions] = played[gameType] ?? [0, 0];
    return {
      gameType,
      questions,
      correct,
      accuracy: questions ? Math.round((correct / questions) * 100) : null,
    };
  });

const DASHBOARD: ClassDashboard = {
  pupils: [
    { pupilId: 11, name: 'Ada', topics: topics({ toplama: [9, 10], kesirler: [2, 5] }) },
    { pupilId: 12, name: 'Can', topics: topics({ toplama: [6, 10] }) },
    { pupilId: 13, name: 'Ece', topics: topics({}) },
  ],
  mostMissedTopics: [
    { gameType: 'toplama', wrong: 5, questions: 20, accuracy: 75 },
    { gameType: 'kesirler', wrong: 3, questions: 5, accuracy: 40 },
  ],
  mostFrequentMistakes: [{ kind: 'added-denominators', count: 3, pupils: 1 }],
};

const DETAIL: PupilProgressDetail = {
  pupilId: 11,
  name: 'Ada',
  questions: 15,
  correct: 11,
  accuracy: 73,
  points: 110,
  level: 2,
  lastPlayedAt: new Date().toISOString(),
  topics: topics({ toplama: [9, 10], kesirler: [2, 5] }),
  mistakes: [{ kind: 'added-denominators', count: 3 }],
  history: [
    {
      resultId: 2,
      gameType: 'kesirler',
      difficulty: 'orta',
      questionsCount: 5,
      correctAnswers: 2,
      points: 20,
      mistakes: 3,
      playedAt: '2026-11-20T09:30:00.000Z',
    },
    {
      resultId: 1,
      gameType: 'toplama',
      difficulty: 'kolay',
      questionsCount: 10,
      correctAnswers: 9,
      points: 90,
      mistakes: 1,
      playedAt: '2026-11-19T09:30:00.000Z',
    },
  ],
};

/** The browser's edge: each path answers its JSON, anything else a 404 like the real API. */
function serve(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      if (!(path in routes))
        return new Response(
          JSON.stringify({ code: 'not_found', message: translate('class_not_found', 'en') }),
          {
            status: 404,
            headers: { 'Content-Type': 'application/json' },
          },
        );
      return new Response(JSON.stringify(routes[path]), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

describe('the class dashboard panel', () => {
  beforeEach(() => useLanguage('en', 'teacher'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows each pupil × topic as a % in text with a band that reads without colour, in a real table', async () => {
    serve({ [`/api/classes/${CLASS}/dashboard`]: DASHBOARD });
    renderWithApp(<ClassDashboardPanel classId={CLASS} />);
    const grid = await screen.findByRole('table', { name: 'Correct answers by pupil and topic' });
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Pupil', 'Addition', 'Subtraction', 'Multiplication', 'Division', 'Fractions']);
    const ada = within(grid).getByRole('row', { name: /^Ada/ });
    const cells = within(ada).getAllByRole('cell');
    expect(cells[0]!.textContent).toBe('90% (Going well, 9 of 10 right)');
    expect(cells[1]!.textContent).toBe('—Not played yet');
    expect(cells[4]!.textContent).toBe('40% (Needs help, 2 of 5 right)');
    expect(cells[0]!.querySelector('[data-band]')?.getAttribute('data-band')).toBe('secure');
    expect(cells[0]!.querySelector('svg')).not.toBeNull();
    const can = within(grid).getByRole('row', { name: /^Can/ });
    expect(within(can).getAllByRole('cell')[0]!.textContent).toBe('60% (Getting there, 6 of 10 right)');
    // The legend names every band with its shape.
    expect(
      within(screen.getByTestId('band-legend'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Going well (80% or more)', 'Getting there (50–79%)', 'Needs help (under 50%)']);
  });

  it('lists the most-missed topics and the most frequent mistakes in the explanations pupils read', async () => {
    serve({ [`/api/classes/${CLASS}/dashboard`]: DASHBOARD });
    renderWithApp(<ClassDashboardPanel classId={CLASS} />);
    const topicsBlock = await screen.findByTestId('most-missed-topics');
    expect(
      within(topicsBlock)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Addition5 wrong out of 20 answers75% (Getting there)',
      'Fractions3 wrong out of 5 answers40% (Needs help)',
    ]);
    const mistakes = screen.getByTestId('most-frequent-mistakes');
    expect(within(mistakes).getByRole('listitem').textContent).toBe(
      `${translate('mistake_added_denominators', 'en')}3 times · 1 pupil`,
    );
  });

  it('opens a pupil detail with their history from the keyboard, and Escape gives focus back', async () => {
    serve({
      [`/api/classes/${CLASS}/dashboard`]: DASHBOARD,
      [`/api/classes/${CLASS}/pupils/11/progress`]: DETAIL,
    });
    const user = userEvent.setup();
    renderWithApp(<ClassDashboardPanel classId={CLASS} />);
    const open = await screen.findByRole('button', { name: /^Ada/ });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Ada' });
    const history = await within(dialog).findByTestId('detail-history');
    expect(
      within(history)
        .getAllByTestId('history-row')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringContaining('FractionsMedium2 of 520'),
      expect.stringContaining('AdditionEasy9 of 1090'),
    ]);
    within(dialog).getByText(translate('mistake_added_denominators', 'en'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
  });

  it('says so when no pupil has played yet, and when the class has no pupils', async () => {
    serve({
      [`/api/classes/${CLASS}/dashboard`]: {
        pupils: [{ pupilId: 13, name: 'Ece', topics: topics({}) }],
        mostMissedTopics: [],
        mostFrequentMistakes: [],
      },
      '/api/classes/8/dashboard': { pupils: [], mostMissedTopics: [], mostFrequentMistakes: [] },
    });
    renderWithApp(<ClassDashboardPanel classId={CLASS} />);
    expect((await screen.findByTestId('dashboard-empty')).textContent).toMatch(/No games yet/);
    expect(screen.queryByTestId('most-missed-topics')).toBeNull();
    renderWithApp(<ClassDashboardPanel classId={8} />);
    await screen.findByText('No pupils yet. Add their names above.');
  });

  it("shows the server's reason and a retry when the dashboard cannot load", async () => {
    serve({});
    renderWithApp(<ClassDashboardPanel classId={CLASS} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(translate('class_not_found', 'en'));
    serve({ [`/api/classes/${CLASS}/dashboard`]: DASHBOARD });
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('topic-grid');
  });
});
