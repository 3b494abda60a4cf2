import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { IN_EN, newContext, settleAnimations, withStackAndBrowser } from './harness/index.js';

/**
 * What axe and a walk on small screens found, each checked where it was found. Axe over every route (with
 * label-content-name-mismatch, which found the language switcher's name) is the sweep's, `harness/axe-sweep.ts`.
 */
const e2e = withStackAndBrowser();

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

describe.each(IN_EN)('in %s', (lang) => {
  it('at 800 px the footer quick links do not overlap and the "100+" tile holds its number', async () => {
    const context = await newContext(e2e.browser, lang);
    const page = await context.newPage();
    await page.setViewportSize({ width: 800, height: 1000 });
    await page.goto(`${e2e.stack.baseUrl}/games`);
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
    const context = await newContext(e2e.browser, lang);
    const page = await context.newPage();
    for (const route of ['/', '/gameplay?type=toplama']) {
      await page.goto(`${e2e.stack.baseUrl}${route}`);
      await page.locator('footer').waitFor();
      expect(await page.locator('footer a[target="_blank"]').count()).toBe(0);
    }
    await page.goto(`${e2e.stack.baseUrl}/games`);
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

// In Turkish; the file's other checks run in English (one language per journey, harness `IN_TR`).
describe.each([{ lang: 'tr', close: 'Kapat' }] as const)('the help popover in $lang', ({ lang, close }) => {
  it('has a 48 px close button, closes on Escape back to "?", and lets Tab and Shift+Tab move on', async () => {
    const context = await newContext(e2e.browser, lang);
    const page = await context.newPage();
    await page.goto(`${e2e.stack.baseUrl}/gameplay?type=toplama`);
    const help = page.getByTestId('help-button');
    await help.waitFor();
    // The page arrives drawn ahead of time: "?" works (is enabled) once the app has taken it over.
    await expect.poll(() => help.isEnabled()).toBe(true);
    const dialog = page.getByRole('dialog');
    const open = async () => {
      await help.focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor();
    };
    // Focus moves back when React has closed the popover: polled (up to 10 s), as a busy machine may lag.
    const focusedTestId = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    const focusInDialog = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));

    await open();
    const closeButton = dialog.getByRole('button', { name: close });
    const box = await closeButton.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(48);
    expect(box!.height).toBeGreaterThanOrEqual(48);
    // After the popover's fade-in: caught mid-animation its text is paler than a child ever sees it.
    await settleAnimations(page);
    const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(focusedTestId).toBe('help-button');

    // Tab from the last element moves on to the page (the popover closes as focus leaves it), never back in.
    await open();
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await focusInDialog()).toBe(false);
    await dialog.waitFor({ state: 'detached' });

    // Shift+Tab from the first element goes back to "?".
    await open();
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focusedTestId).toBe('help-button');

    await help.focus();
    if (!(await dialog.isVisible())) await open();
    await closeButton.click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(focusedTestId).toBe('help-button');
    await context.close();
  });
});

describe.each([
  { name: 'phone portrait 360x640', width: 360, height: 640 },
  { name: 'phone landscape 640x360', width: 640, height: 360 },
])('$name', ({ width, height }) => {
  it('the feedback of a wrong answer never covers the right answer, and the summary table fits without sideways scroll', async () => {
    const context = await e2e.browser.newContext({
      viewport: { width, height },
      hasTouch: true,
      isMobile: true,
      locale: 'tr-TR',
    });
    const page = await context.newPage();
    await page.goto(`${e2e.stack.baseUrl}/gameplay?type=toplama`);
    await page.getByTestId('count-5').click();
    await page.getByTestId('start-game').click();
    await page.getByTestId('question').waitFor();
    // Every question of the game: the right answer lands in the top and the bottom row.
    for (let round = 0; round < 5; round++) {
      await page.waitForSelector('[data-testid="option-1"]:not([disabled])');
      // The question's numbers and signs stay clear of the read-aloud button in its corner.
      const underButton = await page.evaluate(() => {
        const button = document
          .querySelector('[data-testid="question-card"] button')
          ?.getBoundingClientRect();
        if (!button) return [];
        return [...document.querySelectorAll('[data-testid="question"] > :not(.sr-only)')].flatMap((part) => {
          const r = part.getBoundingClientRect();
          const overlaps =
            r.left < button.right && button.left < r.right && r.top < button.bottom && button.top < r.bottom;
          return overlaps ? [part.textContent] : [];
        });
      });
      expect(underButton, `round ${round}: question parts under the read-aloud button`).toEqual([]);
      // Answer wrong: any option but the right one (read after the answer from data-state).
      await page.getByTestId('option-1').tap();
      const rightOption = page.locator('[data-state="right"]');
      await rightOption.waitFor();
      await page.getByTestId('feedback').locator(':scope > *').first().waitFor();
      // The feedback shows for 1.5 s. Settling its pop-in and measuring happen in the page in one go: one
      // round trip after another (animations, two boxes, the hit test) outlasted it on a busy machine.
      const { rightCount, right, shown, onTop } = await page.evaluate(async () => {
        await Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
            // A cancelled animation (its element left, a transition replaced) is settled too.
            .map((animation) => animation.finished.catch(() => undefined)),
        ); // the banner pops in (scaled) before it takes its place, as settleAnimations waits for
        const option = document.querySelector('[data-state="right"]');
        const banner = document.querySelector('[data-testid="feedback"] > *');
        const box = (element: Element | null) => {
          const rect = element?.getBoundingClientRect();
          return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
        };
        const optionBox = option?.getBoundingClientRect();
        // Nothing else (a sticky bar) lies over it either: the right answer is what a finger at its centre touches.
        const hit = optionBox
          ? document.elementFromPoint(
              optionBox.left + optionBox.width / 2,
              optionBox.top + optionBox.height / 2,
            )
          : null;
        return {
          rightCount: document.querySelectorAll('[data-state="right"]').length,
          right: box(option),
          shown: box(banner),
          onTop: hit !== null && option!.contains(hit),
        };
      });
      expect(rightCount, `round ${round}: one right answer is shown`).toBe(1);
      expect(shown, `round ${round}: the feedback is still shown`).not.toBeNull();
      const covered =
        right &&
        shown &&
        right.x < shown.x + shown.width &&
        shown.x < right.x + right.width &&
        right.y < shown.y + shown.height &&
        shown.y < right.y + right.height;
      if (covered) await page.screenshot({ path: `/tmp/covered-${width}x${height}.png` });
      expect(covered, `round ${round}: the feedback covers the right answer`).toBeFalsy();
      expect(onTop, `round ${round}: something covers the right answer`).toBe(true);
      if (round < 4)
        await page.waitForSelector('[data-testid="option-1"]:not([disabled])', { timeout: 10_000 });
    }

    // The summary's answer table: every row whole on screen, ✓/✗ included, with no sideways scroll to find it.
    const rows = page.getByTestId('result-row');
    await rows.first().waitFor({ timeout: 10_000 });
    await settleAnimations(page);
    expect(await rows.count()).toBe(5);
    const outside = await rows.evaluateAll((all) =>
      all.flatMap((row, i) => {
        const box = row.getBoundingClientRect();
        const status = row.querySelector('[data-testid="row-status"]')!.getBoundingClientRect();
        const clipped = [...row.querySelectorAll('td')].some(
          (cell) => cell.scrollWidth > cell.clientWidth + 1,
        );
        return box.left < 0 || box.right > window.innerWidth || status.right > window.innerWidth || clipped
          ? [`row ${i + 1}`]
          : [];
      }),
    );
    expect(outside).toEqual([]);
    // Neither the page nor any box around the table scrolls sideways.
    const scrollsSideways = await page.evaluate(() => {
      const boxes: Element[] = [];
      for (let el = document.querySelector('table')?.parentElement; el; el = el.parentElement) boxes.push(el);
      return boxes
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => `${el.tagName}.${el.className}`);
    });
    expect(scrollsSideways).toEqual([]);
    // Still a table to a screen reader: 5 answer rows plus the header row, each with its five columns named.
    const table = page.getByRole('table', { name: 'Cevapların' });
    expect(await table.getByRole('row').count()).toBe(6);
    expect(await table.getByRole('columnheader').count()).toBe(5);
    expect(await table.getByRole('cell').count()).toBe(25);
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="result-summary"]').analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await context.close();
  });
});
