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

  // WCAG 2.5.3: the name holds what the bar shows, its count and the day's short name, in that order.
  it('names every bar with what it shows, its count and day, described by the question count (the tooltip text)', () => {
    render(<WeeklyChart correct={[3, 0, 0, 0, 0, 0, 1]} questions={[5, 0, 0, 0, 0, 0, 10]} />);
    const monday = screen.getByRole('button', { name: /^3\s*correct answers,\s*Mon\s*\(Monday\)$/ });
    expect(monday.textContent).toMatch(/^3.*Mon/);
    expect(monday.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(monday.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '5 questions',
    );
    expect(screen.getByRole('button', { name: /^1\s*correct answer,\s*Sun\s*\(Sunday\)$/ })).toBeTruthy();
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
