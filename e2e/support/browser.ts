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

/**
 * This worker's server (e2e/support/global-setup.ts): files of one worker run one after the other
 * against it, the other worker's files against another.
 */
export function server(): { baseURL: string; mqttURL: string } {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID) || 1;
  return servers[(worker - 1) % servers.length]!;
}

export function baseURL(): string {
  return server().baseURL;
}

/** MQTT over WebSocket on this worker's server (the embedded broker's /mqtt). */
export function mqttURL(): string {
  return server().mqttURL;
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export async function newPage(
  browser: Browser,
  opts: { width?: number; height?: number; lang?: 'en' | 'zh'; motion?: boolean } = {},
) {
  const context: BrowserContext = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    // The console honours the system's reduced-motion setting: charts draw at once, skeletons do
    // not shimmer (shared/reduced-motion.ts). Tests use it: the frames of a chart's animation are
    // drawn in software on two shared cores. `motion: true` keeps it (the shell's tests).
    reducedMotion: opts.motion ? 'no-preference' : 'reduce',
  });
  if (opts.lang) {
    await context.addCookies([{ name: 'language', value: opts.lang, url: baseURL() }]);
  }
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(WAIT_MS);
  const page: Page = await context.newPage();
  return { context, page };
}
