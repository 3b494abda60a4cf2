import {
  type GameType,
  generateQuestions,
  mistakeMessageKey,
  type Question,
  seededRandom,
  translate,
} from '@mathgames/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { spokenText } from '../../../testing/questions.js';
import { renderWithApp, useLanguage } from '../../../testing/render.js';
import { QuestionView } from './question-view.js';
import { ResultSummary } from './result-summary.js';

/** The questions of a hard game, as the generator makes them (one in five an estimation item). */
function hardGame(gameType: GameType): Question[] {
  return generateQuestions({ gameType, difficulty: 'zor', count: 10, random: seededRandom(1) });
}
const estimateOf = (gameType: GameType) => hardGame(gameType).find((q) => q.estimate)!;
/** An exact question with a wrong option the generator labelled with a mistake. */
const exactOf = (gameType: GameType) =>
  hardGame(gameType).find((q) => !q.estimate && q.mistakes.some((m) => m !== null))!;
/** What the eye sees: the text without the screen-reader-only parts. */
function shownText(element: HTMLElement): string {
  const clone = element.cloneNode(true) as HTMLElement;
  for (const hidden of clone.querySelectorAll('.sr-only')) hidden.remove();
  return (clone.textContent ?? '').replace(/\s+/g, ' ').trim();
}
const wrongOption = (q: Question) => q.options.find((o) => o !== q.answer)!;

function show(question: Question, chosen?: number, onNext?: () => void) {
  renderWithApp(
    <QuestionView
      settings={{ gameType: question.gameType, difficulty: question.difficulty, count: 10 }}
      question={question}
      index={0}
      total={10}
      elapsedMs={0}
      feedback={chosen === undefined ? null : { chosen, correct: chosen === question.answer }}
      onAnswer={() => {}}
      onNext={onNext}
    />,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an estimation item', () => {
  const add = estimateOf('toplama');
  const sub = estimateOf('çıkarma');

  it('is what the brief describes (the generator gives one per five at hard)', () => {
    expect(add).toMatchObject({ num1: 98, num2: 46, operator: '+', answer: 150, estimate: true });
    expect(sub).toMatchObject({ num1: 157, num2: 44, operator: '-', answer: 120, estimate: true });
  });

  it.each([
    ['en', 'approximately', 'Round each number to the nearest ten, then add.'],
    ['tr', 'yaklaşık', 'Her sayıyı en yakın onluğa yuvarla, sonra topla.'],
  ] as const)('in %s shows 98 + 46 ≈ ? with the instruction', async (lang, sign, instruction) => {
    await useLanguage(lang, 'gameplay');
    show(add);
    const heading = await screen.findByTestId('question');
    expect(shownText(heading)).toBe('98+46≈?');
    expect(heading.textContent).not.toContain('=');
    // Screen readers hear the sign as a word, and the instruction as the heading's description.
    expect(spokenText(heading).replace(/\s+/g, '')).toBe(
      `${lang === 'en' ? 'Question' : 'Soru'}:98+46${sign}?`,
    );
    expect(spokenText(heading)).toContain(` ${sign} `);
    const note = screen.getByTestId('estimate-instruction');
    expect(note.textContent).toContain(instruction);
    expect(heading.getAttribute('aria-describedby')).toBe(note.id);
    expect(screen.getByTestId('question-card').dataset.estimate).toBe('true');
    // "Show me" counts dots one by one: never offered for an estimation item.
    expect(screen.queryByTestId('show-me')).toBeNull();
  });

  it('asks to subtract for a difference', async () => {
    await useLanguage('en', 'gameplay');
    show(sub);
    expect((await screen.findByTestId('estimate-instruction')).textContent).toContain(
      'Round each number to the nearest ten, then subtract.',
    );
    expect(shownText(screen.getByTestId('question'))).toBe('157−44≈?');
  });

  it.each([
    ['en', '98 → 100 and 46 → 50, so 100 + 50 = 150.', '98 rounds to 100 and 46 rounds to 50'],
    ['tr', '98 → 100 ve 46 → 50, yani 100 + 50 = 150.', '98 yuvarlanınca 100 olur, 46 yuvarlanınca 50 olur'],
  ] as const)('in %s works the rounding out after a wrong answer', async (lang, shown, spoken) => {
    await useLanguage(lang, 'gameplay');
    show(add, wrongOption(add));
    const explanation = await screen.findByTestId('feedback-explanation');
    expect(explanation.dataset.estimate).toBe('true');
    expect(within(explanation).queryByText(shown)).not.toBeNull();
    expect(spokenText(explanation)).toContain(spoken);
    // The right answer is approximate too: 98 + 46 ≈ 150, not "= 150" (which would be wrong).
    const right = screen.getByTestId('feedback-right-answer');
    expect(shownText(right)).toMatch(/98 \+ 46 ≈ 150$/);
    expect(spokenText(right)).toContain(`98 + 46 ${lang === 'en' ? 'approximately' : 'yaklaşık'} 150`);
  });

  it('shows a subtraction worked out with the minus sign', async () => {
    await useLanguage('en', 'gameplay');
    show(sub, wrongOption(sub));
    expect((await screen.findByTestId('feedback-explanation')).textContent).toContain(
      '157 → 160 and 44 → 40, so 160 − 40 = 120.',
    );
  });

  it('when paused, draws the rounding on number lines instead of the exact column sum', async () => {
    await useLanguage('en', 'gameplay');
    show(add, wrongOption(add), () => {});
    const step = await screen.findByTestId('worked-step');
    expect(step.dataset.estimate).toBe('true');
    expect(step.textContent).toContain(
      'On the number line, 98 is nearer to 100 and 46 is nearer to 50: 100 + 50 = 150.',
    );
    expect(step.textContent).not.toContain('144');
  });

  it.each([
    ['en', 'About how much is 98 plus 46? Round each number to the nearest ten.'],
    ['tr', '98 artı 46 yaklaşık kaç eder? Her sayıyı en yakın onluğa yuvarla.'],
  ] as const)('is read aloud in %s with the instruction', async (lang, said) => {
    const speak = vi.fn();
    vi.stubGlobal('speechSynthesis', { getVoices: () => [], cancel: () => {}, speak });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        constructor(public text: string) {}
      },
    );
    await useLanguage(lang, 'gameplay');
    show(add);
    fireEvent.click(await screen.findByRole('button', { name: lang === 'en' ? /read/i : /sesli/i }));
    expect(speak).toHaveBeenCalledTimes(1);
    expect(speak.mock.calls[0]![0].text).toBe(said);
  });

  it('in the result table shows ≈ and, when wrong, the rounding', async () => {
    await useLanguage('en', 'gameplay');
    renderWithApp(
      <ResultSummary
        gameType="toplama"
        questions={[add]}
        answers={[wrongOption(add)]}
        elapsedMs={10_000}
        onNewGame={() => {}}
      />,
    );
    const row = await screen.findByTestId('result-row');
    const cells = within(row).getAllByRole('cell').map(spokenText);
    expect(cells[1]).toBe('98 + 46 approximately');
    expect(shownText(within(row).getAllByRole('cell')[1]!)).toBe('98 + 46 ≈');
    expect(within(row).getByTestId('row-explanation').dataset.estimate).toBe('true');
    expect(cells[4]).toContain('98 rounds to 100 and 46 rounds to 50');
  });
});

describe('an exact question of the same game', () => {
  const exact = exactOf('toplama');

  it.each(['en', 'tr'] as const)(
    'in %s stays as it was: =, no instruction, the mistake explained',
    async (lang) => {
      await useLanguage(lang, 'gameplay');
      const position = exact.mistakes.findIndex((m) => m !== null);
      show(exact, exact.options[position]);
      const heading = await screen.findByTestId('question');
      expect(heading.textContent).toMatch(new RegExp(`${exact.num1}\\+${exact.num2}=\\?$`));
      expect(screen.queryByTestId('estimate-sign')).toBeNull();
      expect(screen.queryByTestId('estimate-instruction')).toBeNull();
      expect(heading.hasAttribute('aria-describedby')).toBe(false);
      expect(screen.getByTestId('question-card').dataset.estimate).toBeUndefined();
      const explanation = screen.getByTestId('feedback-explanation');
      expect(explanation.textContent).toBe(translate(mistakeMessageKey(exact.mistakes[position]!), lang));
      expect(screen.getByTestId('feedback-right-answer').textContent).toMatch(
        new RegExp(`${exact.num1} \\+ ${exact.num2} = ${exact.answer}$`),
      );
    },
  );
});
