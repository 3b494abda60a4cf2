import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Waits for every finite animation: judge the settled screen, not a frame of a fade-in (less contrast). */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );
}

/** Serious and critical axe findings on the current screen, as readable lines. */
export async function accessibilityProblems(
  page: Page,
  options: { settle?: boolean; rules?: Record<string, { enabled: boolean }> } = {},
): Promise<string[]> {
  if (options.settle) await settleAnimations(page);
  let builder = new AxeBuilder({ page });
  if (options.rules) builder = builder.options({ rules: options.rules });
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
