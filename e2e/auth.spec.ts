import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAIT_MS, baseURL, launch, newPage } from './support/browser.ts';
import { DEMO, DEMO_OPS, eventually, pathOf, signInThroughForm, signOut } from './support/console.ts';

const SHOTS = path.resolve(import.meta.dirname, '../.tmp/screenshots');
fs.mkdirSync(SHOTS, { recursive: true });

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('sign-in', () => {
  it('signs in to the dashboard and out again; the shell is then closed', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, DEMO);
    expect(pathOf(page)).toBe('/dashboard');
    expect(await page.getByTestId('dashboard-welcome').textContent()).toContain('Demo Tenant');
    await signOut(page);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });

  it('shows the server’s localized error for a wrong password, in English and in Chinese', async () => {
    for (const [lang, text] of [
      ['en', 'Account name or password error'],
      ['zh', '账号或密码错误'],
    ] as const) {
      const { context, page } = await newPage(browser, { lang });
      await page.goto('/login');
      await page.getByTestId('login-username').fill(DEMO_OPS.username);
      await page.getByTestId('login-password').fill('wrong-pass1');
      await page.getByTestId('login-submit').click();
      await page.getByTestId('login-error').waitFor();
      expect(await page.getByTestId('login-error').textContent()).toContain(text);
      expect(pathOf(page)).toBe('/login');
      await context.close();
    }
  });

  it('checks the lengths of spec §5 before sending', async () => {
    const { context, page } = await newPage(browser);
    let posted = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/v1/user/login')) posted++;
    });
    await page.goto('/login');
    await page.getByTestId('login-username').fill('abc');
    await page.getByTestId('login-password').fill('12345');
    await page.getByTestId('login-submit').click();
    // Both fields' messages, as they settle (antd's error list replaces its first rendering).
    await expect
      .poll(() => page.locator('.ant-form-item-explain-error').count(), { timeout: WAIT_MS })
      .toBe(2);
    await page.screenshot({ path: path.join(SHOTS, 'login-lengths.png') });
    expect(posted).toBe(0);
    await context.close();
  });

  it('ends the first browser’s session when the same account signs in elsewhere (4011)', async () => {
    const first = await newPage(browser);
    await signInThroughForm(first.page, DEMO);
    // Watched from now on: the first browser's dashboard refreshes itself on live device events,
    // and such a call may learn of the second sign-in before the click below does.
    const noticed = first.page.getByText('Your account signed in elsewhere').waitFor();
    const second = await newPage(browser);
    await signInThroughForm(second.page, DEMO);

    // The first browser's next call to the server learns it was signed in elsewhere: this click's,
    // unless a refresh came first and the page is already on its way to the sign-in page.
    const menu = first.page.getByTestId('menu-/user/list');
    if (pathOf(first.page) !== '/login' && (await menu.isVisible())) {
      // Or the page leaves for /login first, and the click has nothing left to click: whichever
      // comes first; the other is left to settle quietly when the context closes.
      const clicked = menu.click();
      const left = first.page.waitForURL('**/login');
      clicked.catch(() => undefined);
      left.catch(() => undefined);
      await Promise.race([clicked, left]).catch((error: unknown) => {
        if (pathOf(first.page) !== '/login') throw error;
      });
    }
    await noticed;
    await eventually(() => pathOf(first.page) === '/login');
    // Read from the context, not the page: the page reloads itself soon after the notice, and an
    // evaluate caught by that reload fails with "execution context was destroyed".
    const cookies = await first.context.cookies();
    expect(cookies.map((cookie) => cookie.name)).not.toContain('Token');

    // The second one carries on.
    await second.page.getByTestId('menu-/user/list').click();
    await second.page.getByTestId('user-list-page').waitFor();
    await first.context.close();
    await second.context.close();
  });

  it('signs in from another console by the roaming query string (roam mode 0), then forgets it', async () => {
    const res = await fetch(`${baseURL()}/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Username: DEMO_OPS.username, Password: DEMO_OPS.password }),
    });
    const reply = (await res.json()) as {
      Token: string;
      Role: number;
      Name: string;
      Tenant: { _id: string };
    };
    const { context, page } = await newPage(browser);
    const query = new URLSearchParams({
      role: String(reply.Role),
      token: reply.Token,
      name: reply.Name,
      tenant: reply.Tenant._id,
      username: DEMO_OPS.username,
    });
    await page.goto(`/dashboard?${query}`);
    await page.getByTestId('dashboard-welcome').waitFor();
    expect(await page.getByTestId('dashboard-welcome').textContent()).toContain('Demo Operator');
    // The hand-over does not stay in the address bar.
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('marks a timed-out session offline and says so (the kk marker)', async () => {
    const { context, page } = await newPage(browser);
    await signInThroughForm(page, DEMO_OPS);
    // What the client does when its session timer runs out, without waiting the minutes.
    await page.evaluate(() => {
      localStorage.setItem('kk', '1');
      document.cookie = 'Token=; Max-Age=0; path=/';
    });
    const signedOut = page.waitForRequest((r) => r.url().endsWith('/v1/user/changeOnline'));
    await page.reload();
    await signedOut;
    await page.getByText('The previous session was logged out (login time-out)').waitFor();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('kk'))).toBeNull();
    await context.close();
  });
});
