import {
  type ClassPupil,
  type Lang,
  PICTURE_PASSWORD_LENGTH,
  PUPIL_PICTURE_NAMES,
  PUPIL_PICTURES,
  translate,
} from '@mathgames/contracts';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  IN_TR,
  newContext,
  playAdditionGame,
  teacherOnClassPage,
  withStackAndBrowser,
} from './harness/index.js';

// Every pupil's browser comes through the school's one address, as a proxy in front of the gateway says.
const SCHOOL = '198.51.100.20';

const e2e = withStackAndBrowser();

describe.each(IN_TR)('in %s', (lang: Lang) => {
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
        // The picture step asks, with its ticket, how many pictures to collect (the roster does not say).
        await page.getByTestId('picked').locator(':scope > span').first().waitFor();
        expect(await accessibilityProblems(page)).toEqual([]);
        // Twelve pictures, each a target of at least 48 px a small finger hits; three slots to fill.
        const grid = page.locator('button[data-testid^="picture-"]');
        expect(await grid.count()).toBe(PUPIL_PICTURES.length);
        for (const box of await grid.evaluateAll((els) => els.map((el) => el.getBoundingClientRect())))
          expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(48);
        expect(await page.getByTestId('picked').locator(':scope > span').count()).toBe(
          PICTURE_PASSWORD_LENGTH,
        );
        // One wrong try first: told kindly, and the pictures clear for another go.
        const wrong = PUPIL_PICTURES.filter((p) => !pupil.pictures!.includes(p));
        for (const picture of wrong.slice(0, PICTURE_PASSWORD_LENGTH))
          await page.getByRole('button', { name: names[picture], exact: true }).click();
        expect(await page.getByTestId('sign-in-error').textContent()).toBe(
          translate('pupil_pictures_wrong', lang),
        );
      }
      for (const picture of pupil.pictures!)
        await page.getByRole('button', { name: names[picture], exact: true }).click();
      await page.waitForURL(`${e2e.stack.baseUrl}/`);
      const me = await (await page.request.get(`${e2e.stack.baseUrl}/api/auth/me`)).json();
      expect(me).toMatchObject({ id: pupil.id, role: 'pupil', email: null });
      return page;
    };

    const pages = await Promise.all(contexts.map((context, i) => signIn(context, pupils[i]!, i === 0)));
    // The three play at once, as in a classroom.
    await Promise.all(pages.map((page) => playAdditionGame(page, e2e.stack.baseUrl)));
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

  it('the teacher sees wrong tries from outside the school and resets sign-in with one click (new code)', async () => {
    const { teacher, code, pupils, page } = await teacherOnClassPage(e2e, lang);
    const outsider = await newContext(e2e.browser, lang, { forwardedFor: '192.0.2.77' });
    const join = (await (
      await outsider.request.get(`${e2e.stack.baseUrl}/api/class-codes/${code}`)
    ).json()) as {
      ticket: string;
    };
    const wrong = PUPIL_PICTURES.filter((p) => !pupils[0]!.pictures!.includes(p)).slice(0, 3);
    for (let i = 0; i < 3; i++) {
      const res = await outsider.request.post(`${e2e.stack.baseUrl}/api/auth/pupil-login`, {
        data: { ticket: join.ticket, pupilId: pupils[0]!.id, pictures: wrong },
      });
      expect(res.status()).toBe(401);
    }
    await page.reload();
    const trouble = page.getByTestId('sign-in-trouble');
    await trouble.waitFor();
    const outside = { tr: 'Okulun ağı dışından', en: "Outside the school's network" }[lang];
    expect(await trouble.textContent()).toContain(outside);
    expect(await trouble.textContent()).not.toContain('192.0.2.77');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByTestId('reset-sign-in').click();
    await page.getByTestId('no-sign-in-trouble').waitFor();
    await expect.poll(async () => await page.locator('span.font-mono').first().textContent()).not.toBe(code);
    expect(await accessibilityProblems(page)).toEqual([]);
    for (const context of [outsider, teacher]) await context.close();
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
