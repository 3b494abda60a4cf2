import { type Difficulty, encodeFraction, type Question } from '@mathgames/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fractionQuestion, spokenText } from '../../../testing/questions.js';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import { QuestionView } from './question-view.js';

/** 3/5 + 3/5 = 6/5: an improper answer among the options. */
const question = (difficulty: Difficulty): Question =>
  fractionQuestion({
    difficulty,
    num1: '3/5',
    num2: '3/5',
    operator: '+',
    answer: encodeFraction(6, 5),
    options: [encodeFraction(6, 5), encodeFraction(6, 10), encodeFraction(3, 5), encodeFraction(9, 5)],
    mistakes: [null, 'added-denominators', 'near-miss', 'near-miss'],
  });

function show(difficulty: Difficulty, chosen?: number) {
  renderWithApp(
    <QuestionView
      settings={{ gameType: 'kesirler', difficulty, count: 5 }}
      question={question(difficulty)}
      index={0}
      total={5}
      elapsedMs={0}
      feedback={chosen === undefined ? null : { chosen, correct: chosen === encodeFraction(6, 5) }}
      onAnswer={() => {}}
    />,
  );
}

describe('the answer options of a fraction question', () => {
  beforeEach(() => useLanguage('en', 'gameplay'));

  it('from medium difficulty on show an improper fraction also as a mixed number, as the feedback does', async () => {
    show('orta', encodeFraction(3, 5));
    const option = await screen.findByTestId('option-1');
    expect(within(option).getByTestId('mixed-number')).toBeTruthy();
    expect(spokenText(option)).toContain('6/5 = 1 1/5');
    // 9/5 too; proper fractions stay as they are.
    expect(spokenText(screen.getByTestId('option-4'))).toContain('9/5 = 1 4/5');
    expect(within(screen.getByTestId('option-3')).queryByTestId('mixed-number')).toBeNull();
    // The feedback names the right answer the same way, drawn with the same stacked fractions.
    expect(spokenText(screen.getByTestId('feedback'))).toContain('6/5 = 1 1/5');
  });

  it('below medium difficulty keep the plain fraction', async () => {
    show('kolay');
    const option = await screen.findByTestId('option-1');
    expect(within(option).queryByTestId('mixed-number')).toBeNull();
    expect(spokenText(option)).toMatch(/6\/5$/);
  });
});
