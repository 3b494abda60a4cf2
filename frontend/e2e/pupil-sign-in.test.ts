import {
  type ClassPupil,
  type Lang,
  PUPIL_PICTURE_NAMES,
  PUPIL_PICTURES,
  translate,
} from '@mathgames/contracts';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  LANGS,
  newContext,
  playAdditionGame,
  teacherOnClassPage,
  withStackAndBrowser,
} from './harness/index.js';

// Every pupil's browser comes through the school's one address, as a proxy in front of the gateway says.
const SCHOOL = '198.51.100.20';

const e2e = withStackAndBrowser();

describe.each(LANGS)('in %s', (lang: Lang) => {
  it('three pupils sign in from one school address with code, name and pictures, play, and the teacher sees it', async () => {
    // The teacher watches the class page while the pupils play: it updates by itself, no reload.
    const { teacher, code, pupils, page: dashboard } = await teacherOnClassPage(e2e, lang);
    await dashboard.getByTestId('class-progress').waitFor();
    const names = PUPIL_PICTURE_NAMES[lang];
    const contexts = await Promise.all(
      pupils.map(() => newContext(e2e.browser, lang, { forwardedFor: SCHOOL })),
    );

    const signIn = async (context: BrowserContext, pupil: ClassPupil, first: boolean) => {
      const page = await context.newPage();
      await page.goto(`${e2e.stack.baseUrl}/class`);
      await page.getByTestId('class-code-form').locator('input').fill(code.toLowerCase());
      await page.getByTestId('class-code-form').locator('button[type="submit"]').click();
      await page.waitForURL(`${e2e.stack.baseUrl}/class/${code}`);
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
      await page.waitForURL(`${e2e.stack.baseUrl}/`);
      const me = await (await page.request.get(`${e2e.stack.baseUrl}/api/auth/me`)).json();
      expect(me).toMatchObject({ id: pupil.id, role: 'pupil', email: null });
      return page;
    };

    const pages = await Promise.all(contexts.map((context, i) => signIn(context, pupils[i]!, i === 0)));
    for (const page of pages) await playAdditionGame(page, e2e.stack.baseUrl);
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
    const context = await newContext(e2e.browser, lang, { forwardedFor: SCHOOL });
    const page = await context.newPage();
    await page.goto(`${e2e.stack.baseUrl}/class/ZZZZZZ`);
    await page.getByTestId('class-error').waitFor();
    expect(await page.getByTestId('class-error').textContent()).toBe(translate('class_code_unknown', lang));
    expect(await accessibilityProblems(page)).toEqual([]);
    await context.close();
  });
});
