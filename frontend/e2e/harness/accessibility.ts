import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Waits for every finite animation: judge the settled screen, not a frame of a fade-in (less contrast). */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        // A cancelled animation (its element left, a transition replaced) rejects `finished`: it is settled too.
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Serious and critical axe findings on the settled screen, as readable lines. Always after the animations end: a
 * dialog caught mid fade-in has less contrast than the one a child sees.
 */
export async function accessibilityProblems(
  page: Page,
  options: { rules?: Record<string, { enabled: boolean }> } = {},
): Promise<string[]> {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page });
  if (options.rules) builder = builder.options({ rules: options.rules });
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
