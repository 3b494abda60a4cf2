import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  IN_EN,
  IN_TR,
  newContext,
  registeredUser,
  withStackAndBrowser,
} from './harness/index.js';

const e2e = withStackAndBrowser();

/** Answers every question with `answer(position)` and returns how many were right, as the screen showed. */
async function playThrough(
  page: Page,
  answer: (position: number) => Promise<void>,
  position = 1,
): Promise<number> {
  let correct = 0;
  for (;;) {
    // A question waiting for an answer (not one still showing feedback), or the end.
    await page.waitForFunction(
      () =>
        document.querySelector('[data-testid="result-summary"]') !== null ||
        document.querySelector('[data-testid="option-1"]:not([disabled])') !== null,
    );
    if (await page.getByTestId('result-summary').isVisible()) return correct;
    const counter = await page.getByTestId('question-counter').textContent();
    await answer(position);
    const state = await page.getByTestId(`option-${position}`).getAttribute('data-state');
    if (state === 'right') correct++;
    else expect(state).toBe('wrong');
    // The next question, or the summary, after the 1500 ms feedback.
    await page.waitForFunction(
      (previous) =>
        document.querySelector('[data-testid="result-summary"]') !== null ||
        document.querySelector('[data-testid="question-counter"]')?.textContent !== previous,
      counter,
    );
    if (await page.getByTestId('result-summary').isVisible()) return correct;
  }
}

async function expectSummary(page: Page, correct: number, total: number) {
  await expect.poll(() => page.getByTestId('tile-correct').textContent()).toBe(`${correct} / ${total}`);
  const wrong = total - correct;
  expect(await page.getByTestId('tile-wrong').textContent()).toBe(String(wrong));
  expect(await page.getByTestId('result-row').count()).toBe(total);
}

describe.each(IN_TR)('in %s', (lang) => {
  it('a guest plays a whole game with the mouse and sees a correct summary', async () => {
    const context = await newContext(e2e.browser, lang);
    const page = await context.newPage();
    await page.goto(`${e2e.stack.baseUrl}/games`);
    await page.getByTestId('play-addition').click();
    await page.waitForURL(/\/gameplay\?type=toplama/);
    await page.getByTestId('count-5').click();
    await page.getByTestId('start-game').click();
    await page.getByTestId('question').waitFor();
    expect(await page.getByTestId('question-counter').textContent()).toMatch(/1.*5/);
    const correct = await playThrough(page, (position) => page.getByTestId(`option-${position}`).click());
    await expectSummary(page, correct, 5);
    await context.close();
  });

  it('a guest plays a whole game with only the keyboard and sees a correct summary', async () => {
    const context = await newContext(e2e.browser, lang);
    const page = await context.newPage();
    await page.goto(`${e2e.stack.baseUrl}/games`);
    const tabTo = async (testId: string) => {
      for (let i = 0; i < 60; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId))
          return;
      }
      throw new Error(`could not reach ${testId} with Tab`);
    };
    await tabTo('play-division');
    await page.keyboard.press('Enter');
    await page.waitForURL(/type=bolme/);
    // Pressed before /games came to life, Enter loads the pre-rendered settings page, whose controls are
    // disabled (out of the Tab order, "Start" dimmed) until the app has taken the page over.
    await page.locator('[data-testid="start-game"]:not([disabled])').waitFor();
    await tabTo('count-5');
    await page.keyboard.press('Enter');
    await tabTo('start-game');
    await page.keyboard.press('Enter');
    await page.getByTestId('question').waitFor();
    const correct = await playThrough(page, (position) => page.keyboard.press(String(position)), 2);
    await expectSummary(page, correct, 5);
    await context.close();
  });
});

describe.each(IN_EN)('estimation items, in %s', (lang) => {
  it('at hard addition an estimation item asks to round first, and a wrong pick is explained by the rounding', async () => {
    const context = await newContext(e2e.browser, lang);
    const page = await context.newPage();
    await page.goto(`${e2e.stack.baseUrl}/gameplay?type=toplama`);
    await page.getByTestId('difficulty-hard').click();
    await page.getByTestId('count-5').click();
    // The feedback then waits for Next, so it can be read at leisure on a busy machine.
    await page.getByTestId('pause-after-wrong').check();
    await page.getByTestId('start-game').click();
    // Options read "<key>Option <key>: <value>": the value is the last number.
    const option = (p: number) => page.getByTestId(`option-${p}`);
    const optionValues = () =>
      Promise.all(
        [1, 2, 3, 4].map(async (p) => Number(/(\d+)\s*$/.exec((await option(p).textContent()) ?? '')?.[1])),
      );
    const operands = async () => {
      const [, a, b] = /(\d+)\s*\+\s*(\d+)/.exec((await page.getByTestId('question').textContent()) ?? '')!;
      return [a!, b!] as const;
    };
    // One question in five is an estimation item: the others are answered right until it comes.
    for (;;) {
      await page.waitForSelector('[data-testid="option-1"]:not([disabled])');
      if ((await page.getByTestId('question-card').getAttribute('data-estimate')) === 'true') break;
      const counter = await page.getByTestId('question-counter').textContent();
      const [a, b] = await operands();
      await option((await optionValues()).indexOf(Number(a) + Number(b)) + 1).click();
      await page.waitForFunction(
        (previous) => document.querySelector('[data-testid="question-counter"]')?.textContent !== previous,
        counter,
      );
    }
    expect(await page.getByTestId('question').textContent()).toContain('≈');
    const [a, b] = await operands();
    const rounded = [a, b].map((n) => Math.round(Number(n) / 10) * 10);
    expect(await page.getByTestId('estimate-instruction').textContent()).toContain(
      lang === 'tr' ? 'en yakın onluğa' : 'nearest ten',
    );
    // Every option is a ten, one of them the estimate.
    const values = await optionValues();
    expect(values.every((v) => v % 10 === 0)).toBe(true);
    const estimate = rounded[0]! + rounded[1]!;
    expect(values).toContain(estimate);
    await option(values.findIndex((v) => v !== estimate) + 1).click();
    const explanation = page.getByTestId('feedback-explanation');
    await explanation.waitFor();
    expect(await explanation.textContent()).toContain(`${a} → ${rounded[0]}`);
    expect(await explanation.textContent()).toContain(`= ${estimate}`);
    expect(await accessibilityProblems(page)).toEqual([]);
    await context.close();
  });
});

// The home page's `?verified=true` toast (once, the address left clean): client-only, in both languages,
// frontend/src/routes/routes.test.tsx.

describe('the language', () => {
  it('switched in the top bar stays after a reload', async () => {
    const context = await newContext(e2e.browser, 'tr');
    const page = await context.newPage();
    await page.goto(`${e2e.stack.baseUrl}/games`);
    expect(await page.locator('html').getAttribute('lang')).toBe('tr');
    expect(await page.locator('main h1').textContent()).toBe('Oyunlar');
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-en').click();
    await expect.poll(() => page.locator('main h1').textContent()).toBe('Games');
    await page.reload();
    await page.locator('main h1').waitFor();
    expect(await page.locator('main h1').textContent()).toBe('Games');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });
});

describe('a new pupil', () => {
  it('registers, verifies the e-mail from the captured mail, logs in, plays, and the result is saved', async () => {
    const context = await newContext(e2e.browser, 'en');
    const page = await context.newPage();
    // Every Content-Security-Policy violation on every page of the journey (forms and game load the schemas).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const email = `pupil-${Date.now()}@example.com`;
    await page.goto(`${e2e.stack.baseUrl}/`);
    await page.getByRole('button', { name: 'Sign Up' }).first().click();
    await page.locator('input[name="username"]').fill(`pupil${Date.now() % 100000}`);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('secret123');
    await page.locator('input[name="confirmPassword"]').fill('secret123');
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('auth-mode-register').waitFor({ state: 'detached' });

    if (!e2e.stack.mail) throw new Error('the stack has no mail capture');
    const mail = await e2e.stack.mail.waitFor((m) => m.to.some((to) => to.includes(email)));
    const token = /verify-email#token=([A-Za-z0-9_\-.%]+)/.exec(`${mail.text}\n${mail.html}`)?.[1];
    expect(token).toBeTruthy();
    await page.goto(`${e2e.stack.baseUrl}/verify-email#token=${token}`);
    await page.getByTestId('verify-success').waitFor();
    // The one-time token left the address bar (and so the history) on arrival.
    expect(page.url()).toBe(`${e2e.stack.baseUrl}/verify-email`);

    await page.getByTestId('verify-success').getByRole('button').click();
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill('secret123');
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('profile-link').first().waitFor({ state: 'attached' });
    // Back on the home page after the reload: greeted, and the statistics shortcut is there for a logged-in pupil.
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Welcome');
    await page.getByTestId('hero-statistics').waitFor();

    await page.goto(`${e2e.stack.baseUrl}/gameplay?type=carpma`);
    await page.getByTestId('count-5').click();
    await page.getByTestId('start-game').click();
    await page.getByTestId('question').waitFor();
    const correct = await playThrough(page, (position) => page.getByTestId(`option-${position}`).click());
    await expectSummary(page, correct, 5);
    // No CSP violation while the schemas loaded and the game was played (zod parses without eval in the browser).
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);

    await expect
      .poll(async () => {
        const response = await page.request.get(`${e2e.stack.baseUrl}/api/game-results`);
        return response.ok() ? ((await response.json()) as { total: number }).total : -1;
      })
      .toBe(1);
    const history = (await (await page.request.get(`${e2e.stack.baseUrl}/api/game-results`)).json()) as {
      items: Array<{ gameType: string; correctAnswers: number; questionsCount: number }>;
    };
    expect(history.items[0]).toMatchObject({
      gameType: 'çarpma',
      correctAnswers: correct,
      questionsCount: 5,
    });

    // Logging out reloads the page as a guest again.
    await page.goto(`${e2e.stack.baseUrl}/`);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('button', { name: 'Log In' }).first().waitFor();
    expect(await page.getByTestId('hero-statistics').count()).toBe(0);
    await context.close();
  });
});

describe('a pupil who forgot the password', () => {
  it('asks for a link in the modal, sets a new password on the reset page and can log in with it', async () => {
    const context = await newContext(e2e.browser, 'tr');
    const page = await context.newPage();
    const { email } = await registeredUser(e2e.stack, context, {
      lang: 'tr',
      prefix: 'forgetful',
      logIn: false,
    });

    await page.goto(`${e2e.stack.baseUrl}/`);
    await page.getByRole('button', { name: 'Giriş Yap' }).first().click();
    await page.locator('input[name="email"]').fill(email);
    await page.getByTestId('to-forgot').click();
    expect(await page.locator('input[name="email"]').inputValue()).toBe(email);
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('auth-mode-sent').waitFor();

    if (!e2e.stack.mail) throw new Error('the stack has no mail capture');
    const mail = await e2e.stack.mail.waitFor(
      (m) => m.to.some((to) => to.includes(email)) && /reset-password#token=/.test(`${m.text}${m.html}`),
    );
    const token = /reset-password#token=([A-Za-z0-9_\-.%]+)/.exec(`${mail.text}\n${mail.html}`)?.[1];
    expect(token).toBeTruthy();

    await page.goto(`${e2e.stack.baseUrl}/reset-password#token=${token}`);
    await page.getByTestId('reset-form').waitFor();
    expect(page.url()).toBe(`${e2e.stack.baseUrl}/reset-password`);
    await page.locator('input[name="password"]').fill('newpass12');
    await page.locator('input[name="confirmPassword"]').fill('newpass13');
    await page.locator('form button[type="submit"]').click();
    await expect
      .poll(() => page.getByTestId('error-confirmPassword').textContent())
      .toContain('Şifreler eşleşmiyor');
    await page.locator('input[name="confirmPassword"]').fill('newpass12');
    await page.locator('form button[type="submit"]').click();
    await page.getByTestId('reset-success').waitFor();

    const login = await page.request.post(`${e2e.stack.baseUrl}/api/auth/login`, {
      data: { email, password: 'newpass12' },
      headers: { Origin: e2e.stack.baseUrl },
    });
    expect(login.status()).toBe(200);
    await context.close();
  });
});
