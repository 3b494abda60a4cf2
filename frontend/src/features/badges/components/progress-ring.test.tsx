import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLanguage } from '../../../testing/render.js';
import { ProgressRing, ringPercent } from './progress-ring.js';

const arcFraction = () => {
  const arc = screen.getByTestId('progress-ring-arc');
  const full = Number(arc.getAttribute('stroke-dasharray'));
  return 1 - Number(arc.getAttribute('stroke-dashoffset')) / full;
};

describe('the badge progress ring', () => {
  beforeEach(() => useLanguage('en', 'badges'));

  it('fills completed / total of the circle and says so in words', () => {
    render(<ProgressRing completed={35} total={175} />);
    expect(arcFraction()).toBeCloseTo(0.2, 5);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('35 of 175 badges earned (20%)');
    expect(screen.getByTestId('progress-ring-percent').textContent).toBe('20%');
  });

  it('rounds to a whole percent', () => {
    expect(ringPercent(1, 175)).toBe(1);
    expect(ringPercent(2, 3)).toBe(67);
  });

  it('stays empty with no badges and full when all are earned, never beyond', () => {
    expect(ringPercent(0, 0)).toBe(0);
    expect(ringPercent(5, 0)).toBe(0);
    expect(ringPercent(175, 175)).toBe(100);
    expect(ringPercent(200, 175)).toBe(100);
    render(<ProgressRing completed={0} total={175} />);
    expect(arcFraction()).toBe(0);
  });
});
