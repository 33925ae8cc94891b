/** Accessibility checks with axe-core, as the journeys run them. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export type AxeOptions = {
  /** Each target also says why (for a contrast: the colours and their ratio). */
  details?: boolean;
  /**
   * Also checks the contrast of every visible text itself (see `textContrasts`) and reports those below WCAG AA: axe
   * leaves out or cannot decide texts inside a dialog over the page, or over a sticky element (the event modal's
   * report button, #fa5252 on white, was never reported by axe).
   */
  ownContrast?: boolean;
};

/**
 * The serious and critical axe violations inside `selector` (the whole page without one), as `rule: targets` lines.
 * Waits first for the page's finite animations and transitions to end: axe would read a dialog's colours mid-fade.
 */
export async function axeViolations(page: Page, selector?: string, options: AxeOptions = {}): Promise<string[]> {
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
  const found = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, nodes }) => {
      const targets = nodes.map((node) =>
        options.details
          ? `${node.target} (${[...node.any, ...node.all, ...node.none].map((check) => check.message).join(' ')})`
          : node.target,
      );
      return `${id}: ${targets.join(', ')}`;
    });
  if (options.ownContrast) {
    const failing = await textContrasts(page, selector);
    if (failing.length > 0) found.push(`text contrast below WCAG AA: ${failing.join(', ')}`);
  }
  return found;
}

/**
 * The visible texts inside `selector` (the whole page without one) below WCAG AA (4.5:1, or 3:1 for text of 24 px,
 * or 18.66 px bold): each element's own text in its colour against the backgrounds of its ancestors, composited from
 * the nearest opaque one (white at the root). Left out: texts over an image (a map tile, a photo: their background
 * is not a colour) and disabled controls (WCAG 1.4.3 exempts them). As `tag.class "text" (ratio, colours, size)`.
 */
export async function textContrasts(page: Page, selector?: string): Promise<string[]> {
  return page.evaluate((root) => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba | null => {
      const match = /^rgba?\(([^)]+)\)$/.exec(value.trim());
      if (!match) return null;
      const parts = match[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a), 1];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (c: number) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const hex = (c: Rgba) =>
      `#${c
        .slice(0, 3)
        .map((v) => Math.round(v).toString(16).padStart(2, '0'))
        .join('')}`;
    const failing = new Set<string>();
    const scope = root ? document.querySelector(root) : document.body;
    for (const element of Array.from(scope?.querySelectorAll('*') ?? [])) {
      const own = Array.from(element.childNodes)
        .filter((child) => child.nodeType === Node.TEXT_NODE)
        .map((child) => child.textContent ?? '')
        .join('')
        .trim();
      if (!own || !element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      if (element.closest(':disabled, [aria-disabled="true"], [data-disabled]')) continue;
      const style = getComputedStyle(element);
      const layers: Rgba[] = [];
      let image = false;
      for (let node: Element | null = element; node; node = node.parentElement) {
        const own = getComputedStyle(node);
        if (own.backgroundImage !== 'none' || node.tagName === 'IMG') image = true;
        const colour = parse(own.backgroundColor);
        if (colour && colour[3] > 0) layers.push(colour);
        if (colour && colour[3] === 1) break;
      }
      if (image) continue;
      const background = layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
      const text = parse(style.color);
      if (!text) continue;
      const foreground = over(text, background);
      const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      const size = Number.parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) {
        const name = `${element.tagName.toLowerCase()}${element.classList.length ? `.${Array.from(element.classList).slice(-2).join('.')}` : ''}`;
        failing.add(
          `${name} "${own.slice(0, 40)}" (${ratio.toFixed(2)}:1, ${hex(foreground)} on ${hex(background)}, ${style.fontSize} ${style.fontWeight})`,
        );
      }
    }
    return [...failing];
  }, selector ?? null);
}
