import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLanguage } from '../testing/render.js';
import { scaleToWeekMax, WEEK_MAX_BAR_PERCENT, WeeklyChart } from './weekly-chart.js';

const heights = () =>
  Array.from({ length: 7 }, (_, i) =>
    Number(screen.getByTestId(`weekly-bar-${i}`).getAttribute('data-height')),
  );

describe('the weekly chart', () => {
  beforeEach(() => useLanguage('en', 'statistics'));

  it("scales the bars so the week's best day reaches 90 % and the others keep their proportion", () => {
    expect(scaleToWeekMax([0, 5, 10, 0, 2, 0, 0])).toEqual([0, 45, 90, 0, 18, 0, 0]);
    expect(scaleToWeekMax([40, 40, 40, 40, 40, 40, 40])).toEqual(Array(7).fill(WEEK_MAX_BAR_PERCENT));
  });

  it('draws an empty week flat instead of dividing by zero', () => {
    expect(scaleToWeekMax([0, 0, 0, 0, 0, 0, 0])).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(scaleToWeekMax([Number.NaN, -3, 0, 0, 0, 0, 4])).toEqual([0, 0, 0, 0, 0, 0, 90]);
  });

  it('renders seven bars Monday to Sunday at those heights', () => {
    render(<WeeklyChart correct={[3, 0, 12, 6, 0, 0, 1]} />);
    expect(heights()).toEqual([22.5, 0, 90, 45, 0, 0, 7.5]);
    expect(screen.getByRole('list').getAttribute('aria-label')).toMatch(/Monday to Sunday/);
  });

  it('names every bar with its day, correct answers and question count (the tooltip text)', () => {
    render(<WeeklyChart correct={[3, 0, 0, 0, 0, 0, 8]} questions={[5, 0, 0, 0, 0, 0, 10]} />);
    expect(screen.getByRole('button', { name: 'Monday: 3 correct answers out of 5 questions' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Sunday: 8 correct answers out of 10 questions' }),
    ).toBeTruthy();
    expect(screen.getAllByRole('tooltip').map((tip) => tip.textContent)).toEqual([
      '5 questions',
      '0 questions',
      '0 questions',
      '0 questions',
      '0 questions',
      '0 questions',
      '10 questions',
    ]);
  });
});
