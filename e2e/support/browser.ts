import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS } from './browser-args.ts';

/**
 * The bound of every wait on the server, the devices or the browser's rendering. It is generous
 * because the browser tests share two cores with the server, the simulated fleet and whatever else
 * the machine is doing: a wait ends at the event it waits for, so a long bound costs nothing when
 * all goes well, and a short one fails a healthy run on a busy machine (issue 13 point 18).
 */
export const WAIT_MS = 60_000;

export function baseURL(): string {
  return inject('baseURL');
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export async function newPage(
  browser: Browser,
  opts: { width?: number; height?: number; lang?: 'en' | 'zh' } = {},
) {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
  });
  if (opts.lang) {
    await context.addCookies([{ name: 'language', value: opts.lang, url: baseURL() }]);
  }
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(WAIT_MS);
  const page: Page = await context.newPage();
  return { context, page };
}
