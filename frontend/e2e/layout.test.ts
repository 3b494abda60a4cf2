import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebAppBuilt, launchBrowser, newContext, type Stack, startStack } from './harness/index.js';

/** Issue 18 items 6 and 8: what axe and a walk on small screens found, each checked where it was found. */
const LANGS = ['tr', 'en'] as const;
const ROUTES = ['/', '/games', '/gameplay?type=toplama', '/faq', '/statistics', '/badges'];

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  ensureWebAppBuilt();
  [stack, browser] = await Promise.all([startStack({ smtp: false }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );
}

/** Relative luminance contrast of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, bl] = (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe.each(LANGS)('in %s', (lang) => {
  it('axe (label-content-name-mismatch enabled) finds no serious or critical problem on any route', async () => {
    const context = await newContext(browser, lang);
    const page = await context.newPage();
    const problems: Record<string, string[]> = {};
    for (const route of ROUTES) {
      await page.goto(`${stack.baseUrl}${route}`);
      await page.getByTestId('language-switcher').waitFor();
      await settle(page);
      const { violations } = await new AxeBuilder({ page })
        // Off by default in axe 4 (experimental): it is the one that found the language switcher's name.
        .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
        .analyze();
      const serious = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      if (serious.length) problems[route] = serious;
    }
    expect(problems).toEqual({});
    await context.close();
  });

  it('at 800 px the footer quick links do not overlap and the "100+" tile holds its number', async () => {
    const context = await newContext(browser, lang);
    const page = await context.newPage();
    await page.setViewportSize({ width: 800, height: 1000 });
    await page.goto(`${stack.baseUrl}/games`);
    const footer = page.locator('footer');
    await footer.waitFor();
    const boxes = await footer
      .locator('nav li a')
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().toJSON() as DOMRect));
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        expect(overlap, `links ${i} and ${j} overlap`).toBe(false);
      }
    const overflowing = await footer
      .locator('dl > div')
      .evaluateAll((tiles) =>
        tiles.filter((tile) => tile.scrollWidth > tile.clientWidth).map((t) => t.textContent),
      );
    expect(overflowing).toEqual([]);
    await context.close();
  });

  it('has no social links by default, and its focus ring has at least 3:1 contrast on the page', async () => {
    const context = await newContext(browser, lang);
    const page = await context.newPage();
    for (const route of ['/', '/gameplay?type=toplama']) {
      await page.goto(`${stack.baseUrl}${route}`);
      await page.locator('footer').waitFor();
      expect(await page.locator('footer a[target="_blank"]').count()).toBe(0);
    }
    await page.goto(`${stack.baseUrl}/games`);
    await page.getByTestId('play-addition').waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    // Both read back as sRGB through a canvas (computed colours may be lab() or oklch()).
    const [ring, background] = await page.evaluate(() => {
      const toRgb = (color: string) => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 1;
        const paint = canvas.getContext('2d')!;
        paint.fillStyle = color;
        paint.fillRect(0, 0, 1, 1);
        const [r, g, b] = paint.getImageData(0, 0, 1, 1).data;
        return `rgb(${r}, ${g}, ${b})`;
      };
      return [
        toRgb(getComputedStyle(document.activeElement as Element).outlineColor),
        toRgb(getComputedStyle(document.body).backgroundColor),
      ];
    });
    expect(contrast(ring!, background!)).toBeGreaterThanOrEqual(3);
    await context.close();
  });
});

describe.each([
  { name: 'phone portrait 360x640', width: 360, height: 640 },
  { name: 'phone landscape 640x360', width: 640, height: 360 },
])('$name', ({ width, height }) => {
  it('the feedback of a wrong answer never covers the right answer', async () => {
    const context = await browser.newContext({
      viewport: { width, height },
      hasTouch: true,
      isMobile: true,
      locale: 'tr-TR',
    });
    const page = await context.newPage();
    await page.goto(`${stack.baseUrl}/gameplay?type=toplama`);
    await page.getByTestId('count-5').click();
    await page.getByTestId('start-game').click();
    await page.getByTestId('question').waitFor();
    // Every question of the game: the right answer lands in the top and the bottom row.
    for (let round = 0; round < 5; round++) {
      await page.waitForSelector('[data-testid="option-1"]:not([disabled])');
      // Answer wrong: any option but the right one (read after the answer from data-state).
      await page.getByTestId('option-1').tap();
      const rightOption = page.locator('[data-state="right"]');
      await rightOption.waitFor();
      const feedback = page.getByTestId('feedback').locator(':scope > *').first();
      await feedback.waitFor();
      await settle(page); // the banner pops in (scaled) before it takes its place
      const [right, shown] = [await rightOption.boundingBox(), await feedback.boundingBox()];
      const covered =
        right &&
        shown &&
        right.x < shown.x + shown.width &&
        shown.x < right.x + right.width &&
        right.y < shown.y + shown.height &&
        shown.y < right.y + right.height;
      if (covered) await page.screenshot({ path: `/tmp/covered-${width}x${height}.png` });
      expect(covered, `round ${round}: the feedback covers the right answer`).toBeFalsy();
      // Nothing else (a sticky bar) lies over it either: the right answer is what a finger at its centre touches.
      const onTop = await rightOption.evaluate((option) => {
        const box = option.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit !== null && option.contains(hit);
      });
      expect(onTop, `round ${round}: something covers the right answer`).toBe(true);
      if (round < 4)
        await page.waitForSelector('[data-testid="option-1"]:not([disabled])', { timeout: 10_000 });
    }
    await context.close();
  });
});
