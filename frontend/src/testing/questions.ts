import type { Question } from '@mathgames/contracts';

/** A fraction question as the generator makes it: the answer first, three near misses after it. */
export function fractionQuestion(
  fields: Pick<Question, 'num1' | 'operator' | 'num2' | 'answer'> & Partial<Question>,
): Question {
  const { answer } = fields;
  return {
    gameType: 'kesirler',
    difficulty: 'orta',
    options: [answer, answer + 1, answer + 2, answer + 3],
    mistakes: [null, 'near-miss', 'near-miss', 'near-miss'],
    answerIndex: 0,
    source: 'pool',
    ...fields,
  };
}

/** What a screen reader reads: text without the aria-hidden parts (stacked fractions have an sr-only n/d). */
export function spokenText(element: HTMLElement): string {
  const clone = element.cloneNode(true) as HTMLElement;
  for (const hidden of clone.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (clone.textContent ?? '').replace(/\s+/g, ' ').trim();
}
