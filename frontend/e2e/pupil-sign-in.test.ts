import AxeBuilder from '@axe-core/playwright';
import {
  type ClassPupil,
  type ClassPupilsResponse,
  type Lang,
  PUPIL_PICTURE_NAMES,
  PUPIL_PICTURES,
  type TeacherClassResponse,
  translate,
} from '@mathgames/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebAppBuilt, launchBrowser, newContext, type Stack, startStack } from './harness/index.js';

const LANGS = ['tr', 'en'] as const;
// Every pupil's browser comes through the school's one address, as a proxy in front of the gateway says.
const SCHOOL = '198.51.100.20';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ensureWebAppBuilt();
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function accessibilityProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** A verified teacher with a class of three pupils, made through the API (the teacher screens have their own test). */
async function classOfThree(lang: Lang) {
  const context = await newContext(browser, lang);
  const suffix = `${lang}${Date.now().toString(36)}`;
  const email = `t-${suffix}@example.com`;
  const request = context.request;
  expect(
    (
      await request.post(`${stack.baseUrl}/api/auth/register`, {
        data: { username: `t_${suffix}`, email, password: 'secret123', teacher: true, lang },
      })
    ).status(),
  ).toBe(201);
  const mail = await stack.mail!.waitFor((m) => m.to.some((to) => to.includes(email)));
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  expect((await request.get(`${stack.baseUrl}/api/auth/verify-email?token=${token}`)).ok()).toBe(true);
  expect(
    (await request.post(`${stack.baseUrl}/api/auth/login`, { data: { email, password: 'secret123' } })).ok(),
  ).toBe(true);
  const created = (await (
    await request.post(`${stack.baseUrl}/api/classes`, { data: { name: '2-A', grade: 2 } })
  ).json()) as TeacherClassResponse;
  const added = (await (
    await request.post(`${stack.baseUrl}/api/classes/${created.class.id}/pupils`, {
      data: { names: ['Ada', 'Bora', 'Cem'] },
    })
  ).json()) as ClassPupilsResponse;
  return { teacher: context, classId: created.class.id, code: created.class.joinCode, pupils: added.items };
}

function pupilContext(lang: Lang): Promise<BrowserContext> {
  return browser.newContext({
    locale: lang === 'tr' ? 'tr-TR' : 'en-GB',
    extraHTTPHeaders: {
      'Accept-Language': lang === 'tr' ? 'tr-TR,tr;q=0.9' : 'en-GB,en;q=0.9',
      'X-Forwarded-For': SCHOOL,
    },
  });
}

/** Plays a 5-question addition game through the UI, every answer right. */
async function playAddition(page: Page): Promise<void> {
  await page.goto(`${stack.baseUrl}/gameplay?type=toplama`);
  await page.getByTestId('count-5').click();
  await page.getByTestId('start-game').click();
  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/api/game-results') && response.request().method() === 'POST',
    { timeout: 60_000 },
  );
  for (let i = 0; i < 5; i++) {
    const question = page.getByTestId('question');
    await question.waitFor();
    const counter = await page.getByTestId('question-counter').textContent();
    const [, a, b] = /(\d+)\s*\+\s*(\d+)/.exec((await question.textContent()) ?? '') ?? [];
    const sum = String(Number(a) + Number(b));
    const options = await Promise.all(
      [1, 2, 3, 4].map(
        async (p) => /(\d+)\s*$/.exec((await page.getByTestId(`option-${p}`).textContent()) ?? '')?.[1],
      ),
    );
    await page.getByTestId(`option-${options.findIndex((text) => text?.trim() === sum) + 1}`).click();
    await page.waitForFunction(
      (previous) =>
        document.querySelector('[data-testid="result-summary"]') !== null ||
        document.querySelector('[data-testid="question-counter"]')?.textContent !== previous,
      counter,
    );
  }
  await page.getByTestId('result-summary').waitFor();
  expect((await saved).status()).toBe(201);
}

describe.each(LANGS)('in %s', (lang: Lang) => {
  it('three pupils sign in from one school address with code, name and pictures, play, and the teacher sees it', async () => {
    const { teacher, classId, code, pupils } = await classOfThree(lang);
    // The teacher watches the class page while the pupils play: it updates by itself, no reload.
    const dashboard = await teacher.newPage();
    await dashboard.goto(`${stack.baseUrl}/teacher/classes/${classId}`);
    await dashboard.getByTestId('class-progress').waitFor();
    const names = PUPIL_PICTURE_NAMES[lang];
    const contexts = await Promise.all(pupils.map(() => pupilContext(lang)));

    const signIn = async (context: BrowserContext, pupil: ClassPupil, first: boolean) => {
      const page = await context.newPage();
      await page.goto(`${stack.baseUrl}/class`);
      await page.getByTestId('class-code-form').locator('input').fill(code.toLowerCase());
      await page.getByTestId('class-code-form').locator('button[type="submit"]').click();
      await page.waitForURL(`${stack.baseUrl}/class/${code}`);
      await page.getByRole('button', { name: pupil.name }).click();
      if (first) {
        expect(await accessibilityProblems(page)).toEqual([]);
        // One wrong try first: told kindly, and the pictures clear for another go.
        const wrong = PUPIL_PICTURES.filter((p) => !pupil.pictures!.includes(p));
        await page.getByRole('button', { name: names[wrong[0]!], exact: true }).click();
        await page.getByRole('button', { name: names[wrong[1]!], exact: true }).click();
        expect(await page.getByTestId('sign-in-error').textContent()).toBe(
          translate('pupil_pictures_wrong', lang),
        );
      }
      await page.getByRole('button', { name: names[pupil.pictures![0]!], exact: true }).click();
      await page.getByRole('button', { name: names[pupil.pictures![1]!], exact: true }).click();
      await page.waitForURL(`${stack.baseUrl}/`);
      const me = await (await page.request.get(`${stack.baseUrl}/api/auth/me`)).json();
      expect(me).toMatchObject({ id: pupil.id, role: 'pupil', email: null });
      return page;
    };

    const pages = await Promise.all(contexts.map((context, i) => signIn(context, pupils[i]!, i === 0)));
    for (const page of pages) await playAddition(page);
    await expect
      .poll(
        async () =>
          await dashboard.locator('[data-testid="progress-row"] td:nth-of-type(1)').allTextContents(),
        {
          timeout: 20_000,
        },
      )
      .toEqual(['5', '5', '5']);
    expect(await accessibilityProblems(dashboard)).toEqual([]);

    for (const context of [...contexts, teacher]) await context.close();
  });

  it('an unknown class code says so, with a way to type it again', async () => {
    const context = await pupilContext(lang);
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/class/ZZZZZZ`);
    await page.getByTestId('class-error').waitFor();
    expect(await page.getByTestId('class-error').textContent()).toBe(translate('class_code_unknown', lang));
    expect(await accessibilityProblems(page)).toEqual([]);
    await context.close();
  });
});
