import type { StatisticsResponse } from '@mathgames/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Stack } from './stack.js';

/** The signed-in user's statistics as the API answers them (the context's session; not affected by setOffline). */
export async function readStatistics(stack: Stack, context: BrowserContext): Promise<StatisticsResponse> {
  return (await (await context.request.get(`${stack.baseUrl}/api/statistics`)).json()) as StatisticsResponse;
}

/** How many answers go wrong (none by default): the first ones (`at: 'start'`, the default) or the last ones. */
export interface WrongAnswers {
  wrong?: number;
  at?: 'start' | 'end';
}

/**
 * Answers every question of a running addition game through the UI until the result summary, `wrong` of them
 * wrong and the rest right. Resolves when the summary shows and the result was stored (201); a guest's game
 * (`guest: true`) is stored nowhere, so then only the summary is waited for.
 */
export async function answerAdditionGame(
  page: Page,
  count: number,
  { wrong = 0, at = 'start' }: WrongAnswers = {},
  { guest = false }: { guest?: boolean } = {},
): Promise<void> {
  const saved = guest
    ? null
    : page.waitForResponse(
        (response) => response.url().endsWith('/api/game-results') && response.request().method() === 'POST',
        { timeout: 60_000 },
      );
  for (let i = 0; i < count; i++) {
    const question = page.getByTestId('question');
    await question.waitFor();
    const counter = await page.getByTestId('question-counter').textContent();
    const [, a, b] = /(\d+)\s*\+\s*(\d+)/.exec((await question.textContent()) ?? '') ?? [];
    const sum = String(Number(a) + Number(b));
    // An option reads "<key>Option <key>: <value>"; the value is the last number.
    const options = await Promise.all(
      [1, 2, 3, 4].map(
        async (p) => /(\d+)\s*$/.exec((await page.getByTestId(`option-${p}`).textContent()) ?? '')?.[1],
      ),
    );
    const answerWrong = at === 'start' ? i < wrong : i >= count - wrong;
    const pick = options.findIndex((text) => (answerWrong ? text?.trim() !== sum : text?.trim() === sum));
    await page.getByTestId(`option-${pick + 1}`).click();
    await page.waitForFunction(
      (previous) =>
        document.querySelector('[data-testid="result-summary"]') !== null ||
        document.querySelector('[data-testid="question-counter"]')?.textContent !== previous,
      counter,
    );
  }
  await page.getByTestId('result-summary').waitFor();
  // A full page load next would abort the result's POST if it were still in flight.
  if (saved) expect((await saved).status()).toBe(201);
}

/** Opens the addition game, chooses 5 questions, starts it and answers it (`answers.wrong` of them wrong). */
export async function playAdditionGame(
  page: Page,
  baseUrl: string,
  answers: WrongAnswers = {},
  player: { guest?: boolean } = {},
): Promise<void> {
  await page.goto(`${baseUrl}/gameplay?type=toplama`);
  await page.getByTestId('count-5').click();
  await page.getByTestId('start-game').click();
  await answerAdditionGame(page, 5, answers, player);
}
