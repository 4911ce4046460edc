import type { Page } from 'playwright-core';
import { mailText } from './delivery.ts';

export const DEMO = { username: 'demo', password: 'demo1234' };
export const DEMO_OPS = { username: 'demoops', password: 'demo1234' };

/** Signs in through the form, as a person would, and waits for the shell. */
export async function signIn(page: Page, account: { username: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-username').fill(account.username);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.getByTestId('sidebar').waitFor();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.waitForURL('**/login');
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until fn() holds, polling; for states that follow a timer (reloads, toasts). */
export async function eventually(fn: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await fn()) return;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The newest code of `digits` characters delivered to `to` by mail or SMS, waiting for it. */
export async function deliveredCode(
  mailboxURL: string,
  channel: 'mail' | 'sms',
  to: string,
  pattern = /\b(\d{6})\b/,
): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const list = (await (await fetch(`${mailboxURL}/${channel}`)).json()) as
      { to: string[]; raw: string }[] | { phone: string; params: Record<string, string> }[];
    for (const item of [...list].reverse()) {
      if ('raw' in item && item.to.includes(to)) {
        const m = pattern.exec(mailText(item.raw));
        if (m) return m[1]!;
      }
      if ('phone' in item && item.phone === to && item.params.code) return item.params.code;
    }
    if (Date.now() > deadline) throw new Error(`no ${channel} code for ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
