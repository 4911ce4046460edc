/// <reference lib="dom" />
/**
 * axe-core in the browser tests: one way to scan a page and report what fails, for the
 * accessibility pass (a11y.spec.ts) and the screens' own tests.
 */
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { WAIT_MS } from './browser.ts';

/** What the scans read of `window.axe` (axe-core's own types describe the rest). */
interface InPage {
  axe?: {
    version: string;
    run(context: unknown, options: unknown): Promise<axe.AxeResults>;
  };
}

/**
 * The options @axe-core/playwright's AxeBuilder gave the same scans (`.options({ resultTypes:
 * ['violations'] })`, legacy mode): every rule axe enables by default, only the violations gathered
 * (the passed and inapplicable checks' elements are never read), same-origin frames only.
 */
const OPTIONS: axe.RunOptions = { resultTypes: ['violations'] };
const CONFIGURE = `axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`;

/**
 * Runs axe on the page (or only inside `within`, e.g. an open dialog): each violation of impact
 * serious or critical as report lines — the rule, the elements and, for contrast, the colours
 * measured, which say what to change.
 *
 * axe-core runs in the page itself: the console has no frames of its own, and @axe-core/playwright's
 * default mode opens a blank page per scan to merge the frames' results (two thirds of a scan's
 * time). axe's source (1.5 MB) goes into a document once, not with every scan: AxeBuilder's legacy
 * mode evaluated it twice a scan, and a screen reached through the router is the same document as
 * the one before. The same rules and options as AxeBuilder's: `axe.run(context, options)`.
 */
export async function axeViolations(page: Page, where: string, within?: string): Promise<string[]> {
  const present = await page.evaluate((version) => (window as InPage).axe?.version === version, axe.version);
  if (!present) {
    await page.evaluate(axe.source);
    await page.evaluate(CONFIGURE);
  }
  const context = { include: within ? [within] : [], exclude: [] };
  const { violations } = await page.evaluate(
    ({ context, options }) => (window as InPage).axe!.run(context, options),
    { context, options: OPTIONS },
  );
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
 * In the page (for `page.evaluate`): the screen at rest on two looks two frames apart — no spinner
 * or skeleton, no finite animation running and no motion under way (a fading element reads as low
 * contrast). rc-motion shows its steps in classes (`…-appear-prepare`, `…-enter-active`,
 * `…-leave-start`) before or between animations (a dialog mounting, a form's refusal leaving as its
 * field turns valid), and the frames are the motion's own clock: two frames of a busy machine are
 * as many steps as two of an idle one. The click's wave (`.ant-wave`) keeps its class ~2 s after its
 * effect: it counts only while its animation runs. Resolves as soon as the second frame is drawn.
 */
export function atRestInPage(): boolean | Promise<boolean> {
  const quiet = () =>
    !document.querySelector(
      '.ant-spin-spinning, .ant-skeleton, [data-testid="page-spin"], [class*="-appear-"]:not(.ant-wave), [class*="-enter-"], [class*="-leave-"]',
    ) &&
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
  if (!quiet()) return false;
  return new Promise<boolean>((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(quiet()))),
  );
}

/** Waits for the screen at rest (`atRestInPage`). */
export async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(atRestInPage), { timeout: WAIT_MS }).toBe(true);
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
