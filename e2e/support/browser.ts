import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS } from './browser-args.ts';

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
  // A person would not wait 30 s either; a missing element should fail fast.
  context.setDefaultTimeout(10_000);
  const page: Page = await context.newPage();
  return { context, page };
}
