import { AxeBuilder } from '@axe-core/playwright';
import type { Lang } from '@mathgames/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerAdditionGame,
  classOfThree,
  IN_EN,
  LANGS,
  newContext,
  playAdditionGame,
  readStatistics,
  registeredUser,
  settleAnimations,
  withStackAndBrowser,
} from './harness/index.js';

/**
 * The accessibility and security review, checked in Chromium through the real gateway (its real Content-Security-Policy):
 * confetti drawn after a correct answer, the refresh-badges event and the profile's points after a saved game,
 * and axe on every route, signed in and out, in both languages.
 */
const e2e = withStackAndBrowser();

/** Messages that say the page's policy refused something (a script, a worker, a style). */
const REFUSED = /Content[- ]Security[- ]Policy|Refused to|violates the following/i;

function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (REFUSED.test(message.text())) refused.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (REFUSED.test(error.message)) refused.push(error.message);
  });
  return refused;
}

describe.each(IN_EN)('a correct answer in %s, under the gateway’s Content-Security-Policy', (lang) => {
  it('draws confetti on its canvas, then the saved result fires refresh-badges and shows as points on the profile', async () => {
    const context = await newContext(e2e.browser, lang);
    await registeredUser(e2e.stack, context, { lang, prefix: 'confetti' });
    const page = await context.newPage();
    const refused = watchRefusals(page);
    await page.addInitScript(() => {
      const counted = { refreshBadges: 0 };
      Object.assign(window, { counted });
      window.addEventListener('refresh-badges', () => {
        counted.refreshBadges += 1;
      });
    });
    const response = await page.goto(`${e2e.stack.baseUrl}/gameplay?type=toplama`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByTestId('count-5').click();
    await page.getByTestId('start-game').click();

    // Painted pixels on the confetti canvas, sampled while the game goes on: the first above 0 is kept.
    const painted = page.waitForFunction(
      () => {
        const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-testid="confetti"]');
        const context2d = canvas?.getContext('2d');
        if (!canvas || !context2d || canvas.width === 0 || canvas.height === 0) return 0;
        const { data } = context2d.getImageData(0, 0, canvas.width, canvas.height);
        let pixels = 0;
        for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha]! > 0) pixels += 1;
        return pixels;
      },
      undefined,
      { polling: 50, timeout: 60_000 },
    );
    await answerAdditionGame(page, 5);
    const pixels = Number(await (await painted).jsonValue());
    console.log(`[confetti] ${lang}: ${pixels} painted pixels on the confetti canvas after a correct answer`);
    expect(pixels).toBeGreaterThan(0);
    expect(refused).toEqual([]);

    // The spec's refresh-badges event after the saved result.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { counted: { refreshBadges: number } }).counted))
      .toEqual({ refreshBadges: 1 });

    // Points per day travel through the API, and the profile's two weekly charts show them (5 right: 50 points).
    // The statistics worker applies the saved result a moment after the 201: read until it has.
    const weeklyPoints = async () =>
      (await readStatistics(e2e.stack, context)).weeklyPoints?.reduce((a, b) => a + b, 0);
    await expect.poll(weeklyPoints).toBe(50);
    const statistics = await readStatistics(e2e.stack, context);
    expect(statistics.weeklyProgress.reduce((a, b) => a + b, 0)).toBe(5);
    await page.goto(`${e2e.stack.baseUrl}/profile`);
    const today = statistics.weeklyPoints!.findIndex((points) => points > 0);
    const day = page.getByTestId('profile-weekly-chart').getByRole('listitem').nth(today);
    await expect.poll(() => day.textContent()).toMatch(lang === 'tr' ? /: 50 puan/ : /: 50 points/);
    await context.close();
  });
});

// ---------------------------------------------------------------- axe, default rules, every route

interface Audited {
  lang: Lang;
  who: string;
  route: string;
  serious: string[];
  other: string[];
}
const audited: Audited[] = [];

/**
 * axe with its default rules, plus label-content-name-mismatch (WCAG 2.5.3; axe ships it as experimental, off
 * by default, and the review ran it): every violation counted, serious and critical ones listed.
 */
async function audit(page: Page, lang: Lang, who: string, route: string): Promise<Audited> {
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
async function judge(page: Page, lang: Lang, who: string, route: string, ready?: string): Promise<void> {
  await open(page, `${e2e.stack.baseUrl}${route}`, ready);
  expect((await audit(page, lang, who, route)).serious).toEqual([]);
}

describe.each(LANGS)('axe (default rules) in %s', (lang) => {
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
      expect((await audit(page, lang, 'signed out', '/profile → / (toast)')).serious).toEqual([]);
    });

    it('the auth modal, login and register: no serious or critical violation', async () => {
      await open(page, `${e2e.stack.baseUrl}/`, 'h1');
      await page.evaluate(() =>
        window.dispatchEvent(new CustomEvent('showLoginModal', { detail: { isLogin: true } })),
      );
      await page.getByRole('dialog').waitFor();
      expect((await audit(page, lang, 'signed out', '/ (login modal)')).serious).toEqual([]);
      await page.evaluate(() =>
        window.dispatchEvent(new CustomEvent('showLoginModal', { detail: { isLogin: false } })),
      );
      await page.getByRole('dialog').locator('input').nth(3).waitFor();
      expect((await audit(page, lang, 'signed out', '/ (register modal)')).serious).toEqual([]);
    });

    it("a guest's fractions game, a question and its feedback: no serious or critical violation", async () => {
      await open(page, `${e2e.stack.baseUrl}/gameplay?type=kesirler`, '[data-testid="start-game"]');
      await page.getByTestId('count-5').click();
      await page.getByTestId('start-game').click();
      await page.getByTestId('question').waitFor();
      expect((await audit(page, lang, 'signed out', '/gameplay?type=kesirler (question)')).serious).toEqual(
        [],
      );
      await page.getByTestId('option-1').click();
      expect((await audit(page, lang, 'signed out', '/gameplay?type=kesirler (feedback)')).serious).toEqual(
        [],
      );
    });

    it("a guest's result summary: no serious or critical violation", async () => {
      await playAdditionGame(page, e2e.stack.baseUrl, { wrong: 1 }, { guest: true });
      expect((await audit(page, lang, 'signed out', '/gameplay (summary)')).serious).toEqual([]);
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
      expect((await audit(page, lang, 'signed in', '/gameplay (summary)')).serious).toEqual([]);
    });

    it.each(SIGNED_IN_ROUTES)('%s: no serious or critical violation', async (route, ready?: string) => {
      await judge(page, lang, 'signed in', route, ready);
    });

    it('a question on screen: no serious or critical violation', async () => {
      await open(page, `${e2e.stack.baseUrl}/gameplay?type=toplama`, '[data-testid="start-game"]');
      await page.getByTestId('start-game').click();
      await page.getByTestId('question').waitFor();
      expect((await audit(page, lang, 'signed in', '/gameplay (question)')).serious).toEqual([]);
    });

    it.each([0, 1, 2, 3, 4])('/profile, tab %i: no serious or critical violation', async (index) => {
      await open(page, `${e2e.stack.baseUrl}/profile`, '[role="tab"]');
      const tabs = page.getByRole('tab');
      expect(await tabs.count()).toBe(5);
      await tabs.nth(index).click();
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => document.querySelector('.skeleton') === null);
      const name = await tabs.nth(index).textContent();
      expect((await audit(page, lang, 'signed in', `/profile (tab: ${name})`)).serious).toEqual([]);
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
