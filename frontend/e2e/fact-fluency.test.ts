import { mkdirSync } from 'node:fs';
import { ANSWER_FEEDBACK_MS } from '@mathgames/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  LANGS,
  newContext,
  registeredUser,
  settleAnimations,
  withStackAndBrowser,
} from './harness/index.js';

/** The page's Math.random seed at each start: every game asks the same five facts. */
const SEED = 7;
/** Each answer is tapped this long after its question appeared, on the page's controlled clock. */
const TAP_AFTER_MS = 1200;
const SCREENS = 'test-results';

const e2e = withStackAndBrowser();

/**
 * Plays a very easy addition game of 5, answering every question right. The page's clock stands still (its timers
 * run): it moves TAP_AFTER_MS forward just before each tap, so each response time is exactly that, whatever the load.
 */
async function playFastGame(page: Page, start: number): Promise<{ facts: string[]; now: number }> {
  let now = start;
  await page.clock.setFixedTime(now);
  await page.goto(`${e2e.stack.baseUrl}/gameplay?type=toplama`);
  await page.getByTestId('difficulty-very-easy').click();
  await page.getByTestId('count-5').click();
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/game-results') && r.request().method() === 'POST',
    { timeout: 60_000 },
  );
  // Seeded right before the start, so nothing else the page drew first changes the game: same five facts each time.
  await page.evaluate((seed: number) => {
    let a = seed >>> 0;
    Math.random = () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }, SEED);
  await page.getByTestId('start-game').click();
  const facts: string[] = [];
  for (let i = 0; i < 5; i++) {
    const question = page.getByTestId('question');
    await question.waitFor();
    const counter = await page.getByTestId('question-counter').textContent();
    const [, a, b] = /(\d+)\s*\+\s*(\d+)/.exec((await question.textContent()) ?? '') ?? [];
    facts.push(`${a}+${b}`);
    const sum = String(Number(a) + Number(b));
    const options = await Promise.all(
      [1, 2, 3, 4].map(
        async (p) => /(\d+)\s*$/.exec((await page.getByTestId(`option-${p}`).textContent()) ?? '')?.[1],
      ),
    );
    now += TAP_AFTER_MS;
    await page.clock.setFixedTime(now);
    await page.getByTestId(`option-${options.findIndex((t) => t?.trim() === sum) + 1}`).click();
    // The feedback's 1.5 s pass on the page's clock too, as they do for a child (the server's time floor counts
    // them); the next question is shown after them, so its response time still starts then.
    now += ANSWER_FEEDBACK_MS;
    await page.clock.setFixedTime(now);
    await page.waitForFunction(
      (previous) =>
        document.querySelector('[data-testid="result-summary"]') !== null ||
        document.querySelector('[data-testid="question-counter"]')?.textContent !== previous,
      counter,
    );
  }
  const response = await saved;
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { questions: Array<{ responseMs: number | null }> };
  expect(body.questions.map((q) => q.responseMs)).toEqual([1200, 1200, 1200, 1200, 1200]);
  return { facts, now };
}

/** Waits until the statistics page's matrix shows `fact` in `state` (the worker folds results in a moment later). */
async function factStateOnStatistics(page: Page, fact: string, state: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(`${e2e.stack.baseUrl}/statistics`);
        const cell = page.getByTestId(`fact-${fact}`);
        await cell.waitFor();
        return cell.getAttribute('data-state');
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(state);
}

describe.each(LANGS)('fact fluency, in %s', (lang) => {
  it('a fact answered right within 3 s in two of its last three tries shows as fluent in the pupil’s matrix', async () => {
    const context = await newContext(e2e.browser, lang);
    await registeredUser(e2e.stack, context, { lang, prefix: 'facts' });
    const page = await context.newPage();

    const first = await playFastGame(page, Date.now());
    const fact = first.facts[0]!;
    // One fast right answer is not fluency yet: right, not yet fast (2 of the last 3 are needed).
    await factStateOnStatistics(page, fact, 'slow');

    // Two more games, every answer right within 3 s. The same seed asks the same facts, but once the page knows
    // the pupil's slow facts it asks those first (practice favours slow facts), so tally what was asked.
    const fastTries = new Map<string, number>();
    for (const f of first.facts) fastTries.set(f, 1);
    let last = first;
    for (let game = 2; game <= 3; game++) {
      last = await playFastGame(page, last.now + 5000);
      for (const f of last.facts) fastTries.set(f, (fastTries.get(f) ?? 0) + 1);
    }
    const fluent = [...fastTries].filter(([, tries]) => tries >= 2).map(([f]) => f);
    expect(fluent.length, 'some facts were asked in two games or more').toBeGreaterThan(0);
    // Every fact asked, read on one page load, until the worker has folded in the last game: one fact's state
    // alone can already hold before that game is folded in (a fact fluent after game 2 stays fluent).
    const expected = Object.fromEntries(
      [...fastTries].map(([f, tries]) => [f, tries >= 2 ? 'fluent' : 'slow']),
    );
    await expect
      .poll(
        async () => {
          await page.goto(`${e2e.stack.baseUrl}/statistics`);
          await page.getByTestId(`fact-${first.facts[0]}`).waitFor();
          const states: Record<string, string | null> = {};
          for (const f of fastTries.keys())
            states[f] = await page.getByTestId(`fact-${f}`).getAttribute('data-state');
          return states;
        },
        { timeout: 60_000, interval: 500 },
      )
      .toEqual(expected);
    expect(await page.getByTestId('fact-count-fluent').textContent()).toMatch(
      new RegExp(`\\b${fluent.length}\\b`),
    );
    // Keyboard: the times table tab is reachable and switches the matrix.
    await page.getByTestId('fact-tab-multiplication').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('fact-grid-multiplication').waitFor();
    await page.getByTestId('fact-tab-addition').click();
    await settleAnimations(page);
    expect(await accessibilityProblems(page)).toEqual([]);
    mkdirSync(SCREENS, { recursive: true });
    await page.getByTestId('fact-matrix').screenshot({ path: `${SCREENS}/fact-matrix-${lang}.png` });
    // The gentler threshold is a choice on the same screen.
    await page.getByTestId('fact-threshold-6000').click();
    expect(await page.getByTestId('fact-threshold-6000').getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });
});
