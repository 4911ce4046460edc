import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage } from './support/browser.ts';
import { signIn } from './support/console.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const ADMIN = () => ({ username: 'admin', password: inject('adminPassword') });

describe("the administrator's platform content", () => {
  it('edits the help of a screen, which every user then reads', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN());
    // The personal centre's help: no other test reads it.
    await page.goto('/user/index');
    await page.getByTestId('profile-page').waitFor();
    await page.getByTestId('help-toggle').click();
    await page.getByTestId('help-edit').click();
    await page
      .getByTestId('help-editor')
      .fill('# Personal centre\n\nAsk the **network desk** on extension 4242.');
    await page.getByTestId('help-save').click();
    await page.getByTestId('help-content').getByText('extension 4242').waitFor();
    await context.close();

    const tenant = await newPage(browser);
    await signIn(tenant.page, { username: 'demoops', password: 'demo1234' }, '/user/index');
    await tenant.page.getByTestId('profile-page').waitFor();
    await tenant.page.getByTestId('help-toggle').click();
    await tenant.page.getByTestId('help-content').getByText('extension 4242').waitFor();
    expect(await tenant.page.getByTestId('help-edit').count()).toBe(0);
    await tenant.context.close();
  });

  it('publishes an app release that the sign-in page then offers', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, ADMIN());
    await page.getByTestId('settings-menu').click();
    await page.getByTestId('header-link-releases').click();
    await page.getByTestId('releases-modal').waitFor();
    await page.getByTestId('release-platform').click();
    await page.getByTestId('release-platform-option-ios').click();
    await page.getByTestId('release-version').fill('9.1.0');
    await page.getByTestId('release-url').fill('https://apps.example.com/netconsole-ios-9.1.0');
    await page.getByTestId('release-publish').click();
    await page.getByTestId('release-active-ios-9.1.0').waitFor();
    await context.close();

    const visitor = await newPage(browser);
    await visitor.page.goto('/login');
    await visitor.page
      .getByTestId('app-download-ios')
      .locator('.app-download-version', { hasText: '9.1.0' })
      .waitFor();
    await visitor.context.close();
  });
});
