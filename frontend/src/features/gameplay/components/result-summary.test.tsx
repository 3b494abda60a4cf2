import { encodeFraction, type Question, translate } from '@mathgames/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fractionQuestion, spokenText } from '../../../testing/questions.js';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import { ResultSummary, type ResultSummaryProps } from './result-summary.js';

const q = (num1: string, operator: Question['operator'], num2: string, answer: number) =>
  fractionQuestion({ num1, operator, num2, answer });

/** The summary of a fraction game with these answers. */
function renderSummary(
  props: Partial<ResultSummaryProps> & Pick<ResultSummaryProps, 'answers' | 'elapsedMs'>,
) {
  return renderWithApp(
    <ResultSummary gameType="kesirler" questions={QUESTIONS} onNewGame={() => {}} {...props} />,
  );
}

const QUESTIONS = [
  q('1/3', '+', '1/3', encodeFraction(2, 3)),
  q('1/2', '+', '1/2', encodeFraction(1, 1)),
  q('3/4', '-', '1/4', encodeFraction(1, 2)),
  q('1/5', '+', '2/5', encodeFraction(3, 5)),
];

describe('the result summary', () => {
  beforeEach(() => useLanguage('en', 'gameplay'));

  it('counts right, wrong (answered only) and rate, and picks the band message', async () => {
    // right, right, wrong, unanswered
    const answers = [encodeFraction(2, 3), encodeFraction(1, 1), encodeFraction(1, 3), null];
    renderSummary({ answers, elapsedMs: 75_000 });
    expect((await screen.findByTestId('tile-correct')).textContent).toBe('2 / 4');
    expect(screen.getByTestId('tile-wrong').textContent).toBe('1');
    expect(screen.getByTestId('tile-rate').textContent).toBe('50%');
    expect(screen.getByTestId('tile-time').textContent).toBe('1 minute');
    expect(screen.getByTestId('result-message').textContent).toBe(translate('result_nice', 'en'));
  });

  it('decodes fraction answers, shows 1/1 as 1 and marks a missing answer', async () => {
    const answers = [encodeFraction(2, 3), encodeFraction(1, 1), encodeFraction(1, 3), null];
    renderSummary({ answers, elapsedMs: 42_000 });
    const rows = await screen.findAllByTestId('result-row');
    expect(rows).toHaveLength(4);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map(spokenText);
    expect(cells(rows[0]!)).toEqual(['1', '1/3 + 1/3', '2/3', '2/3', 'Correct']);
    expect(cells(rows[1]!)[2]).toBe('1');
    // 1/3 is the option the generator labelled a near miss: the row explains it.
    expect(cells(rows[2]!).slice(3)).toEqual([
      '1/3',
      `WrongWhat went wrong: ${translate('mistake_near_miss', 'en')}`,
    ]);
    expect(within(rows[2]!).getByTestId('row-explanation').dataset.mistake).toBe('near-miss');
    expect(within(rows[3]!).queryByTestId('row-explanation')).toBeNull();
    expect(cells(rows[3]!).slice(3)).toEqual([translate('no_answer', 'en'), 'Wrong']);
    expect(screen.getByTestId('tile-time').textContent).toBe('42 seconds');
  });

  it('uses the topic colour for the header and speaks Turkish in Turkish', async () => {
    await useLanguage('tr', 'gameplay');
    renderSummary({ answers: [null, null, null, null], elapsedMs: 5_000 });
    expect((await screen.findByTestId('tile-rate')).textContent).toBe('%0');
    expect(screen.getByTestId('result-message').textContent).toBe('Denemeye devam et! Başarabilirsin!');
    expect(screen.getByTestId('tile-wrong').textContent).toBe('0');
    expect(document.querySelector('[data-topic="fractions"]')?.className).toContain('bg-topic-fractions');
  });
});

describe('improper fractions', () => {
  beforeEach(() => useLanguage('en', 'gameplay'));

  it('also show as a mixed number from medium on, not for the youngest', async () => {
    const improper = [q('4/5', '+', '2/5', encodeFraction(6, 5))];
    const { unmount } = renderSummary({
      difficulty: 'orta',
      questions: improper,
      answers: [null],
      elapsedMs: 5_000,
    });
    const mixed = await screen.findByTestId('mixed-number');
    expect(spokenText(mixed)).toBe('6/5 = 1 1/5');
    unmount();
    renderSummary({ difficulty: 'kolay', questions: improper, answers: [null], elapsedMs: 5_000 });
    await screen.findAllByTestId('result-row');
    expect(screen.queryByTestId('mixed-number')).toBeNull();
  });
});
