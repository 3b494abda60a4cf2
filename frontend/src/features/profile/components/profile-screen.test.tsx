import { type HistoryRecord, type StatisticsResponse, weeklyCorrectAnswers } from '@mathgames/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WeeklyChart } from '../../../components/weekly-chart.js';
import { catalogueWith } from '../../../testing/badge-items.js';
import { fakeApi } from '../../../testing/fake-api.js';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import { statisticsResponse } from '../../../testing/statistics.js';
import { testUser } from '../../../testing/users.js';
import { ProfileScreen } from './profile-screen.js';

const USER = testUser({
  id: 7,
  username: 'ayse',
  displayName: 'Ayşe',
  email: 'ayse@example.com',
  createdAt: '2026-10-01T08:00:00.000Z',
  lastLogin: '2026-11-20T12:30:00.000Z',
});

const statistics = statisticsResponse;

const record = (id: number, createdAt: string): HistoryRecord => ({
  id,
  gameType: 'çarpma',
  difficulty: 'orta',
  createdAt,
  correctAnswers: 8,
  questionsCount: 10,
  totalTime: 65,
  points: 80,
});

function serve(stats: StatisticsResponse, items: HistoryRecord[] = []) {
  const badges = catalogueWith(() => 0);
  return fakeApi({
    '/api/statistics': stats,
    '/api/game-results?limit=20': { items, nextCursor: null, total: items.length },
    '/api/user-badges?limit=1000': badges,
    '/api/user-badges/summary': { total: badges.length, completed: 0 },
  });
}

const chartDays = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('listitem')
    .map((day) => day.textContent?.match(/: (\d+) points/)?.[1]);

async function openStatisticsTab() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('tab', { name: 'Statistics' }));
  return screen.findByTestId('profile-statistics');
}

beforeEach(() => useLanguage('en', 'profile'));
afterEach(() => vi.unstubAllGlobals());

describe('the profile statistics', () => {
  // The spec's "weekly points chart" and "points per day": points, not correct answers.
  it("shows the week as points per day on both profile charts, from the answer's weeklyPoints, unit named", async () => {
    const weeklyProgress = [10, 5, 87, 0, 0, 0, 0];
    const weeklyPoints = [100, 50, 870, 0, 0, 0, 0];
    serve(
      statistics({
        totalPoints: 1020,
        totalQuestions: 120,
        correctAnswers: 102,
        weeklyProgress,
        weeklyPoints,
      }),
    );
    renderWithApp(<ProfileScreen user={USER} />);
    await openStatisticsTab();
    expect(chartDays('profile-stats-chart')).toEqual(['100', '50', '870', '0', '0', '0', '0']);
    expect(chartDays('profile-weekly-chart')).toEqual(['100', '50', '870', '0', '0', '0', '0']);
    expect(
      within(screen.getByTestId('profile-stats-chart')).getAllByRole('listitem')[2]?.textContent,
    ).toMatch(/^Wednesday: 870 points/);
    expect(screen.getByTestId('profile-stat-points').textContent).toBe('1020');
    // The statistics screen's chart keeps counting correct answers (spec, Statistics), and says so.
    render(<WeeklyChart correct={weeklyCorrectAnswers(weeklyProgress)} />);
    expect(
      screen.getByRole('button', { name: /^87\s*correct answers,\s*Wed\s*\(Wednesday\)$/ }),
    ).toBeTruthy();
    // Each chart names its unit, in its legend and its accessible description.
    const UNITS = {
      'profile-stats-chart': ['Each bar: the points earned that day', /^Points per day/],
      'profile-weekly-chart': ['Each bar: the points earned that day', /^Points per day/],
      'weekly-chart': ['Each bar: the number of correct answers given that day', /^Correct answers per day/],
    } as const;
    for (const [chart, [unit, name]] of Object.entries(UNITS)) {
      const list = screen.getByTestId(chart);
      const legend = document.getElementById(list.getAttribute('aria-describedby') ?? '');
      expect(legend?.textContent, chart).toBe(unit);
      expect(list.getAttribute('aria-label'), chart).toMatch(name);
    }
  }, 20_000); // the file's first render (imports, i18n) on a loaded 2-core machine: over the 5 s default

  it('shows an older answer without weeklyPoints as correct answers × 10 points', async () => {
    serve(
      statistics({
        totalPoints: 200,
        totalQuestions: 25,
        correctAnswers: 20,
        weeklyProgress: [10, 5, 5, 0, 0, 0, 0],
      }),
    );
    renderWithApp(<ProfileScreen user={USER} />);
    await openStatisticsTab();
    expect(chartDays('profile-stats-chart')).toEqual(['100', '50', '50', '0', '0', '0', '0']);
  });

  it('recomputes the success rate from correct / total instead of trusting the answer', async () => {
    serve(statistics({ totalPoints: 370, totalQuestions: 50, correctAnswers: 37, successRate: 99 }));
    renderWithApp(<ProfileScreen user={USER} />);
    await openStatisticsTab();
    expect(screen.getByTestId('profile-stat-rate').textContent).toBe('74%');
    expect(screen.getByTestId('profile-stat-correct').textContent).toBe('37/50');
  });
});

describe('the profile points, weekly bars and level', () => {
  it("replaces total points by the week's points (correct × 10) when they differ by more than 5 % and less than 20 %", async () => {
    serve(
      statistics({
        totalPoints: 1100,
        totalQuestions: 200,
        correctAnswers: 110,
        weeklyProgress: [40, 60, 0, 0, 0, 0, 0],
      }),
    );
    renderWithApp(<ProfileScreen user={USER} />);
    await openStatisticsTab();
    expect(screen.getByTestId('profile-stat-points').textContent).toBe('1000');
    expect(screen.getByTestId('profile-points').textContent).toBe('1000');
  });

  it('keeps total points when the difference is 20 % or more', async () => {
    serve(
      statistics({
        totalPoints: 2000,
        totalQuestions: 300,
        correctAnswers: 200,
        weeklyProgress: [40, 60, 0, 0, 0, 0, 0],
      }),
    );
    renderWithApp(<ProfileScreen user={USER} />);
    await openStatisticsTab();
    expect(screen.getByTestId('profile-stat-points').textContent).toBe('2000');
  });

  it("uses the week's points when total points are 0 but the week has some", async () => {
    serve(
      statistics({
        totalPoints: 0,
        totalQuestions: 10,
        correctAnswers: 6,
        weeklyProgress: [0, 0, 6, 0, 0, 0, 0],
      }),
    );
    renderWithApp(<ProfileScreen user={USER} />);
    await openStatisticsTab();
    expect(screen.getByTestId('profile-stat-points').textContent).toBe('60');
  });

  it('draws the weekly bars with the minimum heights: 20 px for a day with points, 4 px without', async () => {
    serve(
      statistics({
        totalPoints: 1010,
        totalQuestions: 200,
        correctAnswers: 101,
        weeklyProgress: [1000, 10, 0, 0, 0, 0, 0],
      }),
    );
    renderWithApp(<ProfileScreen user={USER} />);
    await openStatisticsTab();
    const heights = within(screen.getByTestId('profile-stats-chart'))
      .getAllByRole('listitem')
      .map((day) => day.getAttribute('data-height'));
    expect(heights).toEqual(['140', '20', '4', '4', '4', '4', '4']);
    // The left column's weekly chart keeps every bar at least 12 px.
    const left = within(screen.getByTestId('profile-weekly-chart'))
      .getAllByRole('listitem')
      .map((day) => Number(day.getAttribute('data-height')));
    expect(Math.min(...left)).toBe(12);
  });

  it('shows the level from the adjusted points and the 3 most recent games', async () => {
    const games = [1, 2, 3, 4].map((i) => record(i, `2026-11-2${i}T10:00:00.000Z`));
    serve(statistics({ totalPoints: 450, totalQuestions: 60, correctAnswers: 45 }), games);
    renderWithApp(<ProfileScreen user={USER} />);
    // 450 points: level 3 (400-900), 10 % of the way, 450 to go.
    await waitFor(() => expect(screen.getByTestId('level-title').textContent).toBe('Apprentice'));
    expect(screen.getByTestId('points-to-next').textContent).toMatch(/450 points to the next level/);
    expect(within(await screen.findByTestId('recent-activities')).getAllByTestId('history-row')).toHaveLength(
      3,
    );
  });
});
