import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api.js';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import { statisticsResponse, topicStat } from '../../../testing/statistics.js';
import { StatisticsScreen } from './statistics-screen.js';

function statistics(weeklyProgress: number[]) {
  return statisticsResponse({
    totalPoints: 370,
    totalQuestions: 50,
    correctAnswers: 37,
    successRate: 74,
    weeklyProgress,
    weeklyQuestions: weeklyProgress.map((n) => n + 2),
    gameTypeStats: {
      toplama: topicStat(20, 25),
      çıkarma: topicStat(10, 15),
      çarpma: topicStat(7, 10),
      bölme: topicStat(0, 0),
      kesirler: topicStat(0, 0),
    },
  });
}

describe('the statistics screen', () => {
  beforeEach(() => useLanguage('en', 'statistics'));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the four totals, the five topics and the weekly total with its celebration above 20', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-19T10:00:00+03:00')); // a Thursday
    fakeApi({ '/api/statistics': statistics([5, 10, 6, 0, 0, 0, 0]) });
    renderWithApp(<StatisticsScreen />);

    expect((await screen.findByTestId('stat-total-points')).textContent).toBe('370');
    expect(screen.getByTestId('stat-total-questions').textContent).toBe('50');
    expect(screen.getByTestId('stat-correct-answers').textContent).toBe('37');
    expect(screen.getByTestId('stat-success-rate').textContent).toBe('74%');
    expect(within(screen.getByTestId('topic-performance')).getAllByRole('listitem')).toHaveLength(5);
    expect(within(screen.getByTestId('topic-addition')).getByText(/20\/25 correct/)).toBeTruthy();
    expect(screen.getByTestId('weekly-total').textContent).toMatch(/21 correct answers/);
    expect(screen.getByTestId('weekly-celebration')).toBeTruthy();
  });

  it('has no celebration mark at exactly 20', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-19T10:00:00+03:00'));
    fakeApi({ '/api/statistics': statistics([10, 10, 0, 0, 0, 0, 0]) });
    renderWithApp(<StatisticsScreen />);
    expect((await screen.findByTestId('weekly-total')).textContent).toMatch(/20 correct answers/);
    expect(screen.queryByTestId('weekly-celebration')).toBeNull();
  });

  it('on Monday shows a zeroed week, makes the reset call once and then refetches the statistics', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00+03:00')); // a Monday in Istanbul
    const api = fakeApi({
      '/api/statistics': statistics([9, 9, 9, 9, 9, 9, 9]),
      '/api/statistics/resetWeeklyProgress': { message: 'ok' },
    });
    renderWithApp(<StatisticsScreen />);

    await waitFor(() =>
      expect(api.calls).toEqual([
        'GET /api/statistics',
        'POST /api/statistics/resetWeeklyProgress',
        'GET /api/statistics',
      ]),
    );
    expect(localStorage.getItem('weeklyProgressResetOn')).toBe('2026-11-23');
  });

  it('shows the zeroed chart while the Monday reset has not succeeded', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T09:00:00+03:00'));
    // No reset route: the call fails, so the week stays zeroed.
    fakeApi({ '/api/statistics': statistics([9, 9, 9, 9, 9, 9, 9]) });
    renderWithApp(<StatisticsScreen />);
    expect((await screen.findByTestId('weekly-total')).textContent).toMatch(/0 correct answers/);
    expect(screen.getByTestId('weekly-bar-0').getAttribute('data-height')).toBe('0.0');
  });

  it('names the part that is broken when only the topics or only the week came back unreadable', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-19T10:00:00+03:00'));
    const broken = { ...statistics([1, 2, 3, 0, 0, 0, 0]), gameTypeStats: {}, weeklyProgress: [1, 2] };
    fakeApi({ '/api/statistics': broken });
    renderWithApp(<StatisticsScreen />);
    expect(await screen.findByText('Failed to load performance data')).toBeTruthy();
    expect(screen.getByText('Failed to load weekly data')).toBeTruthy();
    expect(screen.getByTestId('stat-total-points').textContent).toBe('370');
  });

  it('says the statistics could not load and offers a retry', async () => {
    fakeApi({});
    renderWithApp(<StatisticsScreen />);
    expect(await screen.findByText('An error occurred while loading statistics')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
