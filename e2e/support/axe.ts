/// <reference lib="dom" />
/**
 * axe-core in the browser tests: one way to scan a page and report what fails, for the
 * accessibility pass (a11y.spec.ts) and the screens' own tests.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { WAIT_MS } from './browser.ts';

/**
 * Runs axe on the page (or only inside `within`, e.g. an open dialog): each violation of impact
 * serious or critical as report lines — the rule, the elements and, for contrast, the colours
 * measured, which say what to change.
 *
 * Run in the page itself (axe's "legacy" mode): the console has no frames of its own, and the
 * default mode opens a blank page per scan to merge the frames' results, which was two thirds of a
 * scan's time. Only the violations are gathered: the passed and inapplicable checks' elements are
 * never read.
 */
export async function axeViolations(page: Page, where: string, within?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode();
  if (within) axe.include(within);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) =>
      [
        `${v.id} (${v.impact}) on ${where}: ${v.help} — ${v.nodes.length} element(s)`,
        ...v.nodes.slice(0, 12).map((n) => {
          const data = n.any[0]?.data as {
            fgColor?: string;
            bgColor?: string;
            contrastRatio?: number;
          } | null;
          const colours = data?.fgColor
            ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1)`
            : '';
          return `    ${n.target.join(' ')}${colours}`;
        }),
        ...(v.nodes.length > 12 ? [`    … and ${v.nodes.length - 12} more`] : []),
      ].join('\n'),
    );
}

/**
 * The screen at rest: no spinner or skeleton, no finite animation running (a fading element reads
 * as low contrast).
 */
export async function settled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            !document.querySelector('.ant-spin-spinning, .ant-skeleton, [data-testid="page-spin"]') &&
            document
              .getAnimations()
              .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
        ),
      { timeout: WAIT_MS },
    )
    .toBe(true);
}

/**
 * axe on a screen a test has just used: the pointer moved off the control it last clicked (a
 * hovered button's colour is a moment, not the screen), the screen settled, then scanned.
 */
export async function axeAtRest(page: Page, where: string, within?: string): Promise<string[]> {
  await page.mouse.move(0, 0);
  await settled(page);
  return axeViolations(page, where, within);
}
