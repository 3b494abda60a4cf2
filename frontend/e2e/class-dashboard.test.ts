import { mkdirSync } from 'node:fs';
import { type Lang, localeOf, PUPIL_PICTURE_NAMES } from '@mathgames/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  IN_EN,
  newContext,
  playAdditionGame,
  teacherCreatesClassThroughForm,
  teacherSignsUpThroughForm,
  withStackAndBrowser,
} from './harness/index.js';

// The classes flow end to end (docs/classes.md), then the class dashboard while the pupils play.
// Every pupil's browser comes through the school's one address, as a proxy in front of the gateway says.
const SCHOOL = '198.51.100.42';

const UI = {
  tr: {
    register: 'Kayıt Ol',
    teacher: 'Öğretmenim',
    myClasses: 'Sınıflarım',
    className: 'Sınıf adı',
    grade: 'Sınıf düzeyi',
    create: 'Sınıf oluştur',
    namesLabel: 'Öğrencilerin adları',
    addPupils: 'Öğrencileri ekle',
    pupil: 'Öğrenci',
    addition: 'Toplama',
  },
  en: {
    register: 'Sign Up',
    teacher: 'I am a teacher',
    myClasses: 'My classes',
    className: 'Class name',
    grade: 'Grade',
    create: 'Create class',
    namesLabel: "Pupils' names",
    addPupils: 'Add pupils',
    pupil: 'Pupil',
    addition: 'Addition',
  },
} as const;

const e2e = withStackAndBrowser();

/** Registers a teacher through the sign-up form and opens the verification link from the captured e-mail. */
async function registerTeacher(page: Page, lang: Lang) {
  await teacherSignsUpThroughForm(e2e.stack, page, {
    prefix: 'dash',
    suffix: `d${lang}${Date.now().toString(36)}`,
    labels: UI[lang],
  });
}

const percentText = (lang: Lang, value: number) =>
  new Intl.NumberFormat(localeOf(lang), { style: 'percent' }).format(value / 100);

/** The pictures a pupil's login card shows, in the order the pupil taps them. */
async function picturesOnCard(page: Page, name: string) {
  return page
    .getByTestId('login-card')
    .filter({ has: page.getByText(name, { exact: true }) })
    .locator('[data-picture]')
    .evaluateAll((svgs) => svgs.map((s) => s.getAttribute('data-picture')!));
}

/** A pupil signs in on their own device: the class code, their name, then their three pictures. */
async function signInWithPictures(
  context: BrowserContext,
  lang: Lang,
  code: string,
  name: string,
  picked: string[],
) {
  const pupilPage = await context.newPage();
  await pupilPage.goto(`${e2e.stack.baseUrl}/class`);
  await pupilPage.getByTestId('class-code-form').locator('input').fill(code.toLowerCase());
  await pupilPage.getByTestId('class-code-form').locator('button[type="submit"]').click();
  await pupilPage.waitForURL(`${e2e.stack.baseUrl}/class/${code}`);
  await pupilPage.getByRole('button', { name }).click();
  for (const picture of picked)
    await pupilPage
      .getByRole('button', { name: PUPIL_PICTURE_NAMES[lang][picture as 'sun'], exact: true })
      .click();
  await pupilPage.waitForURL(`${e2e.stack.baseUrl}/`);
  return pupilPage;
}

/** Ada's detail opens from the keyboard, with her game in the history; Escape closes it. */
async function adaDetailOpensFromKeyboard(page: Page, addition: string) {
  const ada = page.getByTestId('open-pupil-detail').filter({ hasText: /^Ada\b/ });
  await ada.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('history-row').first().waitFor();
  expect(await dialog.getByTestId('history-row').count()).toBe(1);
  expect(await dialog.getByTestId('history-row').textContent()).toContain(addition);
  // Her slip, in the words the pupil read after the game, is the class's most frequent mistake.
  const slip = await page.getByTestId('most-frequent-mistakes').locator('li span').first().textContent();
  expect(await dialog.getByRole('listitem').first().textContent()).toContain(slip);
  expect(await accessibilityProblems(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(await ada.evaluate((button) => button === document.activeElement)).toBe(true);
}

/** The dashboard and the outcome grid on a phone and on a laptop, for the test results. */
async function screenshotDashboard(page: Page, lang: Lang) {
  mkdirSync('test-results', { recursive: true });
  for (const [width, height] of [
    [360, 640],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page
      .getByTestId('class-dashboard')
      .screenshot({ path: `test-results/class-dashboard-${lang}-${width}.png` });
    await page
      .getByTestId('class-outcome-grid')
      .screenshot({ path: `test-results/class-outcome-grid-${lang}-${width}.png` });
  }
}

/** A pupil's own profile has no e-mail field and no e-mail row. */
async function pupilProfileHasNoEmail(pupilPage: Page) {
  await pupilPage.goto(`${e2e.stack.baseUrl}/profile`);
  await pupilPage.getByTestId('profile-edit').click();
  await pupilPage.getByTestId('profile-form').waitFor();
  expect(await pupilPage.locator('input[type="email"], input[name="email"]').count()).toBe(0);
  expect(await pupilPage.getByTestId('account-email').count()).toBe(0);
}

describe.each(IN_EN)('in %s', (lang: Lang) => {
  const ui = UI[lang];
  // One journey in three steps, each with its own time limit; a step starts from where the one before ended.
  const players = ['Ada', 'Bora', 'Cem'];
  let teacher: BrowserContext;
  let page: Page;
  let code: string;
  let classUrl: string;
  let pictures: string[][];
  let contexts: BrowserContext[] = [];
  let pupilPages: Page[];
  afterAll(async () => {
    for (const context of [...contexts, teacher]) await context?.close();
  });

  it('a teacher registers, verifies, makes a class of 25 and prints its cards', async () => {
    teacher = await newContext(e2e.browser, lang);
    page = await teacher.newPage();
    await registerTeacher(page, lang);

    await page.goto(`${e2e.stack.baseUrl}/`);
    await page.getByRole('link', { name: ui.myClasses }).first().click();
    await page.waitForURL(`${e2e.stack.baseUrl}/teacher`);
    const created = await teacherCreatesClassThroughForm(page, { name: '4-B', grade: 4, labels: ui });
    code = created.code;

    // 25 names pasted at once; the first three will play.
    await created.card.getByTestId('open-pupils').click();
    await page.getByTestId('no-pupils').waitFor();
    const names = [...players, ...Array.from({ length: 22 }, (_, i) => `${ui.pupil} ${i + 4}`)];
    await page.getByLabel(ui.namesLabel).fill(names.join('\n'));
    await page.getByRole('button', { name: ui.addPupils }).click();
    await expect.poll(() => page.getByTestId('pupil-row').count()).toBe(25);
    classUrl = page.url();

    // Before any game: the dashboard says so (axe on the class page before any game: the sweep, harness/axe-sweep.ts).
    await page.getByTestId('dashboard-empty').waitFor();
    await page.getByTestId('outcome-grid-empty').waitFor();
    expect(await page.getByTestId('grid-row').count()).toBe(25);

    // The print view: every pupil's card, with the three pictures the pupil will tap.
    await page.getByTestId('print-cards-link').click();
    await page.waitForURL(`${classUrl}/cards`);
    await page.getByTestId('issue-cards').click();
    await page.getByTestId('login-card-qr').nth(24).waitFor();
    expect(await page.getByTestId('login-card').count()).toBe(25);
    pictures = await Promise.all(players.map((name) => picturesOnCard(page, name)));
    expect(pictures.map((p) => p.length)).toEqual([3, 3, 3]);
  });

  it('three pupils sign in from one address and play while the teacher watches the class page', async () => {
    // The teacher watches the class page while the pupils play: no reload.
    await page.goto(classUrl);
    await page.getByTestId('class-progress').waitFor();
    await page.getByTestId('topic-grid').waitFor();

    contexts = await Promise.all(players.map(() => newContext(e2e.browser, lang, { forwardedFor: SCHOOL })));
    pupilPages = await Promise.all(
      contexts.map((context, i) => signInWithPictures(context, lang, code, players[i]!, pictures[i]!)),
    );
    // Ada gets one wrong, so the class has a most-missed topic and a mistake to show.
    await Promise.all(
      pupilPages.map((pupilPage, i) =>
        playAdditionGame(pupilPage, e2e.stack.baseUrl, { wrong: i === 0 ? 1 : 0 }),
      ),
    );
  });

  it('the dashboard shows it within seconds', async () => {
    const additionCell = (name: string) =>
      page
        .getByTestId('grid-row')
        .filter({ has: page.getByRole('button', { name: new RegExp(`^${name}\\b`) }) })
        .locator('td[data-topic="addition"]');
    await expect
      .poll(async () => await Promise.all(players.map(async (name) => additionCell(name).textContent())), {
        timeout: 20_000,
      })
      .toEqual([
        expect.stringContaining(percentText(lang, 80)),
        expect.stringContaining(percentText(lang, 100)),
        expect.stringContaining(percentText(lang, 100)),
      ]);
    expect(await additionCell('Ada').locator('[data-band]').getAttribute('data-band')).toBe('secure');
    const missed = page.getByTestId('most-missed-topics');
    await expect.poll(() => missed.textContent()).toContain(ui.addition);
    expect(await page.getByTestId('most-frequent-mistakes').getByRole('listitem').count()).toBe(1);
    // This week's table: Ada's 5 questions, as the teacher sees them once the dashboard has refreshed (it reads
    // the classes-worker's read model every 5 s; the grid above may arrive in an earlier refresh).
    const weekRow = (name: string) =>
      page.getByTestId('progress-row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    await expect
      .poll(() => weekRow('Ada').locator('td:nth-of-type(1)').textContent(), { timeout: 20_000 })
      .toBe('5');
    // The outcome grid (docs/product-rules.md#mastery): each player's first game started the outcomes it asked, at practising.
    const startedLevels = (name: string) =>
      page
        .getByTestId('outcome-row')
        .filter({ has: page.getByRole('rowheader', { name, exact: true }) })
        .locator('td[data-level]:not([data-level="not-started"])')
        .evaluateAll((cells) => [...new Set(cells.map((cell) => cell.getAttribute('data-level')))]);
    await expect
      .poll(() => Promise.all(players.map(startedLevels)), { timeout: 20_000 })
      .toEqual(players.map(() => ['practising']));
    expect(await accessibilityProblems(page)).toEqual([]);

    await adaDetailOpensFromKeyboard(page, ui.addition);
    await screenshotDashboard(page, lang);
    await pupilProfileHasNoEmail(pupilPages[0]!);
  });
});
