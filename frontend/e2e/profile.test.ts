import {
  type Difficulty,
  formatQuestionText,
  type GameType,
  generateQuestions,
  type Lang,
  translate,
} from '@mathgames/contracts';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  IN_EN,
  newContext,
  playAdditionGame,
  registeredUser,
  withStackAndBrowser,
} from './harness/index.js';

// A 1×1 PNG: a real image for the server's byte sniffing.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const e2e = withStackAndBrowser();

const UI = {
  tr: {
    login: 'Giriş Yap',
    register: 'Kayıt Ol',
    tabs: { statistics: 'İstatistikler', history: 'Oyun Geçmişi', settings: 'Ayarlar', account: 'Profil' },
  },
  en: {
    login: 'Log In',
    register: 'Sign Up',
    tabs: { statistics: 'Statistics', history: 'Game History', settings: 'Settings', account: 'Profile' },
  },
} as const;

/**
 * Opens `path` until `target` (a test id, or a locator on the page) shows `expected`: the workers apply a result a
 * moment after it is saved, each read model on its own, and the screen shows it on the next visit. Waits through
 * the UI, never with a fixed sleep.
 */
async function visitUntil(
  page: Page,
  path: string,
  target: string | ((page: Page) => Locator),
  expected: string | RegExp,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  let last: string | null = null;
  for (;;) {
    await page.goto(`${e2e.stack.baseUrl}${path}`);
    const element = typeof target === 'string' ? page.getByTestId(target) : target(page);
    await element.waitFor();
    // The screen refetches on mount: give that answer the chance to land before reloading.
    try {
      await expect.poll(() => element.textContent(), { timeout: 2_000 }).toMatch(expected);
      return;
    } catch {
      last = await element.textContent();
    }
    if (Date.now() > deadline)
      throw new Error(
        `${typeof target === 'string' ? target : element} on ${path} still shows ${last}, expected ${expected}`,
      );
  }
}

/** A valid, fully correct result saved through the API as the logged-in browser (for reaching a badge threshold). */
async function saveCorrectResult(page: Page, gameType: GameType, difficulty: Difficulty) {
  const questions = generateQuestions({ gameType, difficulty, count: 20 });
  const response = await page.request.post(`${e2e.stack.baseUrl}/api/game-results`, {
    data: {
      gameType,
      difficulty,
      questionsCount: 20,
      correctAnswers: 20,
      totalTime: 90,
      questions: questions.map((q) => ({
        question: formatQuestionText(q),
        answer: q.answer,
        userAnswer: q.answer,
        isCorrect: true,
      })),
    },
  });
  expect(response.status()).toBe(201);
}

// The logged-in pupil the suite registers in its beforeAll.
let context: BrowserContext;
let page: Page;
let pupil: { email: string; username: string };

/** The pupil plays, then finds the games on the statistics, badges and profile screens. */
function gameTests(lang: Lang) {
  const ui = UI[lang];

  it('plays two games and then sees the right totals on the statistics screen', async () => {
    // The first game all right; the second one right three times, then wrong twice.
    await playAdditionGame(page, e2e.stack.baseUrl);
    await playAdditionGame(page, e2e.stack.baseUrl, { wrong: 2, at: 'end' });

    await visitUntil(page, '/statistics', 'stat-total-questions', '10');
    expect(await page.getByTestId('stat-correct-answers').textContent()).toBe('8');
    expect(await page.getByTestId('stat-total-points').textContent()).toBe('80');
    expect(await page.getByTestId('stat-success-rate').textContent()).toBe(lang === 'tr' ? '%80' : '80%');
    expect(await page.getByTestId('topic-addition').textContent()).toContain('8/10');
    await expect.poll(() => page.getByTestId('weekly-total').textContent()).toMatch(/\b8\b/);
    // axe on this screen with games (signed in): the sweep, harness/axe-sweep.ts.
  });

  it('sees the progress on the badges screen, and a badge crossing its threshold moves to the earned list', async () => {
    const novice = '[data-badge-id="toplama.kolay.novice"]';
    // The badge worker applies the two games on its own, not always before the statistics worker.
    await visitUntil(
      page,
      '/badges',
      (p) => p.getByTestId('ongoing-badges').locator(novice).getByTestId('badge-progress'),
      '8 / 50',
    );
    expect(await page.getByTestId('completed-badges').getByTestId('badges-empty').isVisible()).toBe(true);
    // axe on this screen with a badge under way (signed in): the sweep, harness/axe-sweep.ts.

    // 8 + 3 × 20 = 68 correct answers: past the novice threshold of 50, short of the rookie's 100.
    for (let i = 0; i < 3; i++) await saveCorrectResult(page, 'toplama', 'kolay');

    // The open screen polls the summary every 3 s; no reload.
    await page.getByTestId('completed-badges').locator(novice).waitFor({ timeout: 30_000 });
    await page.getByTestId('ongoing-badges').locator(novice).waitFor({ state: 'detached' });
    expect(await page.getByTestId('progress-ring').getAttribute('aria-label')).toMatch(
      /\b1\b.*175|175.*\b1\b/,
    );
    const rookie = page.getByTestId('ongoing-badges').locator('[data-badge-id="toplama.kolay.rookie"]');
    expect(await rookie.getByTestId('badge-progress').textContent()).toBe('68 / 100');
  });

  it('sees the games in the profile history, the left column and the statistics tab', async () => {
    await visitUntil(page, '/profile', 'profile-total-games', '5');
    await expect.poll(() => page.getByTestId('recent-activities').getByTestId('history-row').count()).toBe(3);
    expect(await page.getByTestId('profile-points').textContent()).toBe('680');
    // axe on each of the profile's tabs, with games played: the sweep, harness/axe-sweep.ts.

    await page.getByRole('tab', { name: ui.tabs.history }).click();
    await expect.poll(() => page.getByTestId('history-list').getByTestId('history-row').count()).toBe(5);
    const scores = await page.getByTestId('history-list').getByTestId('history-score').allTextContents();
    expect(scores.filter((text) => text.startsWith('20/20'))).toHaveLength(3);
    expect(scores.filter((text) => text.startsWith('5/5'))).toHaveLength(1);
    expect(scores.filter((text) => text.startsWith('3/5'))).toHaveLength(1);
    expect(await page.getByTestId('history-total').textContent()).toMatch(/^5 /);

    // The tabs work from the keyboard: arrow keys move between them.
    await page.getByRole('tab', { name: ui.tabs.history }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.getByTestId('profile-statistics').waitFor();
    expect(await page.getByTestId('profile-stat-correct').textContent()).toBe('68/70');
  });
}

/** The pupil edits the profile and the settings, then logs out. */
function profileTests(lang: Lang) {
  const ui = UI[lang];

  it('edits the profile, with a validation error first, and sees the new name', async () => {
    await page.goto(`${e2e.stack.baseUrl}/profile`);
    await page.getByTestId('profile-edit').click();
    const displayName = page.locator('input[name="displayName"]');
    await displayName.fill('Al');
    await page.getByTestId('profile-save').click();
    expect(await page.getByTestId('error-displayName').textContent()).toContain(
      translate('display_name_too_short', lang),
    );
    expect(await accessibilityProblems(page)).toEqual([]);

    await displayName.fill('Ayşe Yıldız');
    await page
      .locator('textarea[name="about"]')
      .fill(lang === 'tr' ? 'Kesirleri seviyorum.' : 'I love fractions.');
    await page.getByTestId('profile-save').click();
    await page.getByTestId('profile-saved').waitFor();
    expect(await page.getByTestId('profile-name').textContent()).toBe('Ayşe Yıldız');
    expect(await page.getByTestId('toast').textContent()).toContain(translate('profile_updated', lang));

    await page.reload();
    expect(await page.getByTestId('account-display-name').textContent()).toBe('Ayşe Yıldız');
  });

  it('is told a file that is not an image cannot be a photo, then uploads one and deletes it after confirming', async () => {
    await page.goto(`${e2e.stack.baseUrl}/profile`);
    const input = page.getByTestId('photo-input');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    expect(await page.getByTestId('photo-error').textContent()).toContain(
      translate('photo_type_invalid', lang),
    );

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    const photo = page.getByTestId('avatar-photo');
    await photo.waitFor();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    await page.getByRole('button', { name: lang === 'tr' ? 'Fotoğrafı Sil' : 'Delete Photo' }).click();
    const confirm = page.getByTestId('confirm-photo-delete');
    await confirm.waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await confirm.click();
    await page.getByTestId('avatar-initial').waitFor();
    await page.reload();
    await page.getByTestId('avatar-initial').waitFor();
  });

  it('turns the game sounds off and on in the settings, with a toast each time', async () => {
    await page.goto(`${e2e.stack.baseUrl}/profile`);
    await page.getByRole('tab', { name: ui.tabs.settings }).click();
    const toggle = page.getByTestId('sound-toggle');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByTestId('toast').textContent()).toContain(
      lang === 'tr' ? 'Sesler kapatıldı' : 'Sounds turned off',
    );
    expect(await page.evaluate(() => localStorage.getItem('soundEnabled'))).toBe('false');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.reload();
    await page.getByRole('tab', { name: ui.tabs.settings }).click();
    expect(await page.getByTestId('sound-toggle').getAttribute('aria-checked')).toBe('false');
    await page.getByTestId('sound-toggle').click();
    expect(await page.getByTestId('toast').textContent()).toContain(
      lang === 'tr' ? 'Sesler açıldı' : 'Sounds turned on',
    );
    expect(await page.getByTestId('last-login').textContent()).not.toBe('—');
    expect(pupil.email).toContain('@');
  });

  it('logs out from the settings and lands on the home page as a guest', async () => {
    await page.goto(`${e2e.stack.baseUrl}/profile`);
    await page.getByRole('tab', { name: ui.tabs.settings }).click();
    await page.getByTestId('profile-logout').click();
    await page.waitForURL(`${e2e.stack.baseUrl}/`);
    await page.getByRole('button', { name: ui.login }).first().waitFor();
    expect(await page.getByTestId('profile-link').count()).toBe(0);
  });
}

describe.each(IN_EN)('in %s', (lang) => {
  const ui = UI[lang];

  it('a guest sees locked screens on statistics and badges, and is sent home from the profile with a toast', async () => {
    const guest = await newContext(e2e.browser, lang);
    const guestPage = await guest.newPage();
    // axe on both locked screens and on the toast: the sweep (signed out), harness/axe-sweep.ts.
    for (const path of ['/statistics', '/badges']) {
      await guestPage.goto(`${e2e.stack.baseUrl}${path}`);
      const locked = guestPage.getByTestId('locked-screen');
      await locked.waitFor();
      await locked.getByRole('button', { name: ui.login }).click();
      await guestPage.getByTestId('auth-mode-login').waitFor();
      await guestPage.keyboard.press('Escape');
      await locked.getByRole('button', { name: ui.register }).click();
      await guestPage.getByTestId('auth-mode-register').waitFor();
    }
    await guestPage.goto(`${e2e.stack.baseUrl}/profile`);
    await guestPage.waitForURL(`${e2e.stack.baseUrl}/`);
    expect(await guestPage.getByTestId('toast').textContent()).toContain(translate('access_denied', lang));
    await guest.close();
  });

  describe('a logged-in pupil', () => {
    beforeAll(async () => {
      context = await newContext(e2e.browser, lang);
      page = await context.newPage();
      pupil = await registeredUser(e2e.stack, context, { lang, prefix: 'pupil' });
    });
    afterAll(() => context?.close());

    describe('their games', () => gameTests(lang));
    describe('their profile and settings', () => profileTests(lang));
  });
});
