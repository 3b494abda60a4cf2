import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar.js';

describe('the progress bar', () => {
  it('tells its value and fills that share of its width', () => {
    render(<ProgressBar value={3} max={12} label="Question 3 of 12" />);
    const bar = screen.getByRole('progressbar', { name: 'Question 3 of 12' });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('25%');
  });

  it('keeps a caller’s height and colours instead of stacking them on the defaults', () => {
    render(
      <ProgressBar value={1} max={2} label="half" className="h-3 bg-white/30" barClassName="bg-white" />,
    );
    const bar = screen.getByRole('progressbar');
    expect(bar.className.split(' ')).not.toContain('h-4');
    expect(bar.className.split(' ')).not.toContain('bg-slate-200');
    expect((bar.firstElementChild as HTMLElement).className.split(' ')).not.toContain('bg-brand-600');
  });

  it('never overflows: values beyond the range are clamped', () => {
    render(<ProgressBar value={15} max={10} label="over" />);
    expect((screen.getByRole('progressbar').firstElementChild as HTMLElement).style.width).toBe('100%');
  });
});
