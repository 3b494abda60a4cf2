import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  answerAdditionGame,
  IN_EN,
  newContext,
  readStatistics,
  registeredUser,
  withStackAndBrowser,
} from './harness/index.js';

/**
 * The accessibility and security review, checked in Chromium through the real gateway (its real Content-Security-Policy):
 * confetti drawn after a correct answer, the refresh-badges event and the profile's points after a saved game. Axe on
 * every route, signed in and out, in both languages, is the sweep (harness/axe-sweep.ts, audit-tr and audit-en).
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
