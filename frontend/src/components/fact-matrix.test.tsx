import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../testing/fake-api.js';
import { renderWithApp, useLanguage } from '../testing/render.js';
import { FactMatrix } from './fact-matrix.js';

const facts = (threshold: number, list: Array<[string, string]>) => ({
  threshold,
  facts: list.map(([fact, state]) => ({ fact, state, tries: 3 })),
});

describe('the fact matrix', () => {
  beforeEach(() => {
    localStorage.clear();
    useLanguage('en', 'statistics');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('marks each fact by its state in colour and in words, counts them, and switches matrix and threshold', async () => {
    const api = fakeApi({
      '/api/statistics/facts?threshold=3000': facts(3000, [
        ['7+5', 'fluent'],
        ['3+4', 'slow'],
        ['2+2', 'wrong'],
        ['7×8', 'slow'],
      ]),
      '/api/statistics/facts?threshold=6000': facts(6000, [
        ['7+5', 'fluent'],
        ['3+4', 'fluent'],
        ['2+2', 'wrong'],
        ['7×8', 'fluent'],
      ]),
    });
    renderWithApp(<FactMatrix />);
    const cell = await screen.findByTestId('fact-7+5');
    expect(cell.getAttribute('data-state')).toBe('fluent');
    expect(cell.textContent).toContain('7 + 5: fluent');
    expect(screen.getByTestId('fact-2+2').textContent).toContain('wrong last time');
    expect(screen.getByTestId('fact-0+0').getAttribute('data-state')).toBe('not-yet');
    expect(screen.getByTestId('fact-count-fluent').textContent).toBe('Fluent: 1');
    expect(screen.getByTestId('fact-count-not-yet').textContent).toBe('Not tried yet: 118');

    await userEvent.click(screen.getByTestId('fact-tab-multiplication'));
    expect(screen.getByTestId('fact-7×8').getAttribute('data-state')).toBe('slow');
    expect(screen.getByTestId('fact-tab-multiplication').getAttribute('aria-pressed')).toBe('true');

    await userEvent.click(screen.getByTestId('fact-threshold-6000'));
    await waitFor(() => expect(screen.getByTestId('fact-7×8').getAttribute('data-state')).toBe('fluent'));
    expect(localStorage.getItem('factFluencyThreshold')).toBe('6000');
    expect(api.calls).toContain('GET /api/statistics/facts?threshold=6000');
  });

  it('says so when nothing was tried yet, and offers a retry when the facts cannot load', async () => {
    fakeApi({ '/api/statistics/facts?threshold=3000': facts(3000, []) });
    const { unmount } = renderWithApp(<FactMatrix />);
    expect((await screen.findByTestId('fact-matrix-empty')).textContent).toMatch(/Play a game/);
    unmount();
    fakeApi({});
    renderWithApp(<FactMatrix />);
    expect((await screen.findByRole('alert')).textContent).toContain('Your facts could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
