import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, newPage } from './support/browser.ts';
import { DEMO, DEMO_OPS, pathOf, signIn } from './support/console.ts';

const SHOTS = path.resolve(import.meta.dirname, '../.tmp/screenshots');
let browser: Browser;
beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('the shell', () => {
  it('shows each account the menu its roles allow (spec §6)', async () => {
    const tenant = await newPage(browser, { motion: true });
    await signIn(tenant.page, DEMO);
    expect(await tenant.page.getByTestId('menu-/user/list').count()).toBe(1);
    await tenant.context.close();

    const ops = await newPage(browser, { motion: true });
    await signIn(ops.page, DEMO_OPS);
    await ops.page.getByTestId('menu-/dashboard').waitFor();
    expect(await ops.page.getByTestId('menu-/user/list').count()).toBe(0);
    // A screen outside its roles does not exist for it.
    await ops.page.goto('/user/list');
    await ops.page.waitForURL('**/404');
    await ops.context.close();
  });

  it('sends an unknown path to /404 and back home from there', async () => {
    const { context, page } = await newPage(browser, { motion: true });
    await signIn(page, DEMO, '/no/such/screen');
    await page.waitForURL('**/404');
    await page.getByTestId('not-found-home').click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('shows /404 to a signed-out visitor, and keeps the navigation on it when signed in (spec §2)', async () => {
    const { context, page } = await newPage(browser, { motion: true });
    await page.goto('/404');
    await page.getByTestId('not-found-home').waitFor();
    expect(pathOf(page)).toBe('/404');
    expect(await page.getByTestId('not-found-home').textContent()).toBe('Sign in');
    await signIn(page, DEMO, '/no/such/screen');
    await page.waitForURL('**/404');
    await page.getByTestId('not-found-home').waitFor();
    // The top bar and the sidebar stay, so the user can go on from the menu.
    await page.getByTestId('user-menu').waitFor();
    await page.getByTestId('menu-/dashboard').click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('switches to Chinese: the console and antd’s own texts', async () => {
    const { context, page } = await newPage(browser, { motion: true });
    await signIn(page, DEMO);
    await page.screenshot({ path: path.join(SHOTS, 'shell-en.png') });
    await page.getByTestId('language-select').click();
    await page.getByTestId('language-option-zh').click();
    await page.waitForLoadState('load');
    await page.getByText('首页').first().waitFor();
    const cookies = await context.cookies(baseURL());
    expect(cookies.find((c) => c.name === 'language')?.value).toBe('zh');
    expect(await page.getByTestId('menu-/dashboard').textContent()).toBe('首页');
    await page.screenshot({ path: path.join(SHOTS, 'shell-zh.png') });
    // antd's locale: the pagination's page-size selector reads "条/页" in Chinese.
    await page.getByTestId('menu-/user/list').click();
    await page.getByTestId('user-list-page').waitFor();
    await page.getByTestId('pagination').waitFor();
    expect(await page.getByTestId('pagination').textContent()).toContain('条/页');
    await context.close();
  });

  it('collapses the sidebar at 700 px and remembers a choice in a cookie', async () => {
    const narrow = await newPage(browser, { width: 700, motion: true });
    await signIn(narrow.page, DEMO);
    expect(await narrow.page.getByTestId('sidebar').getAttribute('data-collapsed')).toBe('true');
    await narrow.context.close();

    const wide = await newPage(browser, { width: 1280, motion: true });
    await signIn(wide.page, DEMO);
    const sidebar = wide.page.getByTestId('sidebar');
    expect(await sidebar.getAttribute('data-collapsed')).toBe('false');
    await wide.page.getByTestId('sidebar-toggle').click();
    expect(await sidebar.getAttribute('data-collapsed')).toBe('true');
    await wide.page.reload();
    await sidebar.waitFor();
    expect(await sidebar.getAttribute('data-collapsed')).toBe('true');
    // Cookie value 3 forces it closed whatever else holds.
    await wide.page.getByTestId('sidebar-toggle').click();
    expect(await sidebar.getAttribute('data-collapsed')).toBe('false');
    await wide.context.addCookies([{ name: 'sidebarStatus', value: '3', url: baseURL() }]);
    await wide.page.reload();
    await sidebar.waitFor();
    expect(await sidebar.getAttribute('data-collapsed')).toBe('true');
    await wide.context.close();
  });

  it('opens the help panel, 350 px wide, with the help of the current screen', async () => {
    const { context, page } = await newPage(browser, { motion: true });
    await signIn(page, DEMO);
    await page.getByTestId('help-toggle').click();
    const panel = page.getByTestId('help-panel');
    await page.getByTestId('help-content').waitFor();
    expect((await panel.boundingBox())?.width).toBe(350);
    expect(await page.getByTestId('help-content').textContent()).toContain('Every session starts here');
    await page.screenshot({ path: path.join(SHOTS, 'help-en.png') });
    // It follows the route.
    await page.getByTestId('menu-/user/list').click();
    await page.waitForURL('**/user/list');
    await page.getByText('co-administrator', { exact: false }).first().waitFor();
    await page.getByTestId('help-close').click();
    expect(await page.getByTestId('help-panel').count()).toBe(0);
    await context.close();
  });

  it('keeps recently visited tabs: add, close one, close others, close all', async () => {
    const { context, page } = await newPage(browser, { motion: true });
    await signIn(page, DEMO);
    await page.getByTestId('menu-/user/list').click();
    await page.getByTestId('tab-/user/list').waitFor();
    expect(await page.getByTestId('tab-/user/list').getAttribute('data-active')).toBe('true');
    expect(await page.getByTestId('tab-/dashboard').count()).toBe(1);

    // Close the active tab: its neighbour opens.
    await page.getByTestId('tab-close-/user/list').click();
    await page.waitForURL('**/dashboard');
    expect(await page.getByTestId('tab-/user/list').count()).toBe(0);

    // Close others from the tab actions while on the account screen.
    await page.getByTestId('menu-/user/list').click();
    await page.getByTestId('tab-/user/list').waitFor();
    await page.getByTestId('tabs-actions').click();
    await page.getByTestId('tabs-close-others').click();
    expect(await page.getByTestId('tab-/user/list').count()).toBe(1);

    // Close all: only the fixed home tab stays, and it opens.
    await page.getByTestId('tabs-actions').click();
    await page.getByTestId('tabs-close-all').click();
    await page.waitForURL('**/dashboard');
    expect(await page.getByTestId('tab-/user/list').count()).toBe(0);
    expect(pathOf(page)).toBe('/dashboard');
    await context.close();
  });

  it('renders the sign-in page with the app download codes', async () => {
    const { context, page } = await newPage(browser, { motion: true });
    await page.goto('/login');
    await page.getByTestId('app-download-android').waitFor();
    expect(await page.getByTestId('app-download-ios').count()).toBe(1);
    expect(
      await page.locator('[data-testid="app-download"] canvas, [data-testid="app-download"] svg').count(),
    ).toBeGreaterThan(1);
    await page.screenshot({ path: path.join(SHOTS, 'login.png') });
    await context.close();
  });
});
