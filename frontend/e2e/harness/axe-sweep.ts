import { AxeBuilder } from '@axe-core/playwright';
import type { Lang } from '@mathgames/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classOfThree, newContext, playAdditionGame, registeredUser, settleAnimations } from './index.js';
import type { Started } from './setup.js';

interface Audited {
  lang: Lang;
  who: string;
  route: string;
  serious: string[];
  other: string[];
}

/**
 * axe with its default rules, plus label-content-name-mismatch (WCAG 2.5.3; axe ships it as experimental, off
 * by default, and the review ran it): every violation counted, serious and critical ones listed.
 */
async function audit(
  audited: Audited[],
  page: Page,
  lang: Lang,
  who: string,
  route: string,
): Promise<Audited> {
  await settleAnimations(page);
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const line = (v: (typeof violations)[number]) =>
    `${v.id} (${v.impact}): ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`;
  const result: Audited = {
    lang,
    who,
    route,
    serious: violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(line),
    other: violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical').map(line),
  };
  audited.push(result);
  console.log(
    `[axe] ${lang} ${who.padEnd(10)} ${route.padEnd(38)} serious/critical ${result.serious.length}, other ${result.other.length}${
      result.serious.length + result.other.length > 0
        ? `\n      ${[...result.serious, ...result.other].join('\n      ')}`
        : ''
    }`,
  );
  return result;
}

/** Opens a route and waits until the app has drawn it and its reads have answered. */
async function open(page: Page, url: string, ready?: string): Promise<void> {
  await page.goto(url);
  await page.locator('#root > *').first().waitFor();
  if (ready) await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  // No skeleton still standing in for content.
  await page.waitForFunction(() => document.querySelector('.skeleton') === null, undefined, {
    timeout: 30_000,
  });
}

const PUBLIC_ROUTES = [
  ['/', 'h1'],
  ['/games', 'h1'],
  ['/gameplay?type=toplama', '[data-testid="start-game"]'],
  ['/gameplay?type=kesirler', '[data-testid="start-game"]'],
  ['/faq', 'h1'],
  ['/review'],
  ['/verify-email'],
  ['/verify-email#token=not-a-token'],
  ['/reset-password'],
  ['/reset-password#token=not-a-token'],
  ['/revert-email#token=not-a-token'],
  ['/no-such-page', 'h1'],
] as const;

const SIGNED_OUT_ROUTES = [
  ...PUBLIC_ROUTES,
  ['/statistics'],
  ['/badges'],
  ['/teacher'],
  ['/class'],
  ['/class/qr'],
] as const;
const SIGNED_IN_ROUTES = [
  ...PUBLIC_ROUTES,
  ['/statistics', '[data-testid="weekly-chart"]'],
  ['/badges'],
  ['/teacher'],
] as const;

/** Opens a route, runs axe, and expects no serious or critical violation there. */
type Judge = (page: Page, lang: Lang, who: string, route: string, ready?: string) => Promise<void>;

/**
 * The one axe sweep (docs/testing.md, "How the browser phase runs"): every route and state, signed out and in, in
 * one language; `audit-tr.test.ts` and `audit-en.test.ts` each run it, so the two halves run on both e2e workers.
 */
export function describeAxeSweep(e2e: Started, lang: Lang): void {
  const audited: Audited[] = [];
  const judge: Judge = async (page, lang, who, route, ready) => {
    await open(page, `${e2e.stack.baseUrl}${route}`, ready);
    expect((await audit(audited, page, lang, who, route)).serious).toEqual([]);
  };

  describe(`axe (default rules) in ${lang}`, () => {
    describe('signed out', () => {
      let context: BrowserContext;
      let page: Page;
      beforeAll(async () => {
        context = await newContext(e2e.browser, lang);
        page = await context.newPage();
      });
      afterAll(() => context?.close());

      it.each(SIGNED_OUT_ROUTES)('%s: no serious or critical violation', async (route, ready?: string) => {
        await judge(page, lang, 'signed out', route, ready);
      });

      it('/profile sends a guest home with the access-denied toast: no serious or critical violation', async () => {
        await open(page, `${e2e.stack.baseUrl}/profile`);
        await page.waitForURL(`${e2e.stack.baseUrl}/`);
        expect((await audit(audited, page, lang, 'signed out', '/profile → / (toast)')).serious).toEqual([]);
      });

      it('the auth modal, login and register: no serious or critical violation', async () => {
        await open(page, `${e2e.stack.baseUrl}/`, 'h1');
        await page.evaluate(() =>
          window.dispatchEvent(new CustomEvent('showLoginModal', { detail: { isLogin: true } })),
        );
        await page.getByRole('dialog').waitFor();
        expect((await audit(audited, page, lang, 'signed out', '/ (login modal)')).serious).toEqual([]);
        await page.evaluate(() =>
          window.dispatchEvent(new CustomEvent('showLoginModal', { detail: { isLogin: false } })),
        );
        await page.getByRole('dialog').locator('input').nth(3).waitFor();
        expect((await audit(audited, page, lang, 'signed out', '/ (register modal)')).serious).toEqual([]);
      });

      it("a guest's fractions game, a question and its feedback: no serious or critical violation", async () => {
        await open(page, `${e2e.stack.baseUrl}/gameplay?type=kesirler`, '[data-testid="start-game"]');
        await page.getByTestId('count-5').click();
        await page.getByTestId('start-game').click();
        await page.getByTestId('question').waitFor();
        expect(
          (await audit(audited, page, lang, 'signed out', '/gameplay?type=kesirler (question)')).serious,
        ).toEqual([]);
        await page.getByTestId('option-1').click();
        expect(
          (await audit(audited, page, lang, 'signed out', '/gameplay?type=kesirler (feedback)')).serious,
        ).toEqual([]);
      });

      it("a guest's result summary: no serious or critical violation", async () => {
        await playAdditionGame(page, e2e.stack.baseUrl, { wrong: 1 }, { guest: true });
        expect((await audit(audited, page, lang, 'signed out', '/gameplay (summary)')).serious).toEqual([]);
      });
    });

    describe('signed in, with a game played', () => {
      let context: BrowserContext;
      let page: Page;
      beforeAll(async () => {
        context = await newContext(e2e.browser, lang);
        await registeredUser(e2e.stack, context, { lang, prefix: 'audit' });
        page = await context.newPage();
      });
      afterAll(() => context?.close());

      it('the result summary: no serious or critical violation', async () => {
        await playAdditionGame(page, e2e.stack.baseUrl, { wrong: 2 });
        expect((await audit(audited, page, lang, 'signed in', '/gameplay (summary)')).serious).toEqual([]);
      });

      it.each(SIGNED_IN_ROUTES)('%s: no serious or critical violation', async (route, ready?: string) => {
        await judge(page, lang, 'signed in', route, ready);
      });

      it('a question on screen: no serious or critical violation', async () => {
        await open(page, `${e2e.stack.baseUrl}/gameplay?type=toplama`, '[data-testid="start-game"]');
        await page.getByTestId('start-game').click();
        await page.getByTestId('question').waitFor();
        expect((await audit(audited, page, lang, 'signed in', '/gameplay (question)')).serious).toEqual([]);
      });

      it.each([0, 1, 2, 3, 4])('/profile, tab %i: no serious or critical violation', async (index) => {
        await open(page, `${e2e.stack.baseUrl}/profile`, '[role="tab"]');
        const tabs = page.getByRole('tab');
        expect(await tabs.count()).toBe(5);
        await tabs.nth(index).click();
        await page.waitForLoadState('networkidle');
        await page.waitForFunction(() => document.querySelector('.skeleton') === null);
        const name = await tabs.nth(index).textContent();
        expect((await audit(audited, page, lang, 'signed in', `/profile (tab: ${name})`)).serious).toEqual(
          [],
        );
      });
    });

    it("a teacher's class pages, and a pupil's picture sign-in: no serious or critical violation", async () => {
      const { teacher, classId, code, pupils } = await classOfThree(e2e, lang);
      const page = await teacher.newPage();
      await judge(page, lang, 'teacher', '/teacher', 'h1');
      await judge(page, lang, 'teacher', `/teacher/classes/${classId}`, 'h1');
      await judge(page, lang, 'teacher', `/teacher/classes/${classId}/cards`, 'h1');
      await judge(page, lang, 'teacher', `/teacher/classes/${classId}/pupils/${pupils[0]!.id}/report`, 'h1');
      await judge(page, lang, 'teacher', `/teacher/classes/${classId}/report`, 'h1');
      await teacher.close();
      const pupil = await newContext(e2e.browser, lang);
      await judge(await pupil.newPage(), lang, 'pupil', `/class/${code}`, 'h1');
      await pupil.close();
    });
  });

  describe('the audit', () => {
    it('printed every route it judged', () => {
      console.log(
        `[axe] ${audited.length} screens judged; serious or critical: ${audited.reduce((n, r) => n + r.serious.length, 0)}; other: ${audited.reduce((n, r) => n + r.other.length, 0)}`,
      );
      expect(audited.length).toBeGreaterThan(0);
    });
  });
}
