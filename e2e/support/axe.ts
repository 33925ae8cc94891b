/** Accessibility checks with axe-core, as the journeys run them. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical axe violations inside `selector` (the whole page without one), as `rule: targets` lines.
 * Waits first for the page's finite animations and transitions to end: axe would read a dialog's colours mid-fade.
 */
export async function axeViolations(page: Page, selector?: string): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const builder = new AxeBuilder({ page });
  const { violations } = await (selector ? builder.include(selector) : builder).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.target).join(', ')}`);
}
