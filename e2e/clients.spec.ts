import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage } from './support/browser.ts';
import { DEMO, eventually, signIn } from './support/console.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('/device/clientinfo', () => {
  it('kicks a client of the demo fleet: it leaves the client list without a reload', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO);
    await page.goto('/device/clientinfo');
    // The simulated fleet reports its clients within seconds of starting.
    const rows = page.locator('[data-testid^="client-row-"]');
    await rows.first().waitFor({ timeout: 30_000 });
    const mac = (await rows.first().getAttribute('data-testid'))!.slice('client-row-'.length);
    // A marker that a reload would wipe.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    await page.getByTestId(`client-kick-${mac}`).click();
    await page.getByTestId('confirm-ok').click();
    // The device reports the kick done; the list reads again by itself and the client is gone.
    await eventually(async () => (await page.getByTestId(`client-row-${mac}`).count()) === 0, 20_000);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);

    // Among the kicked clients, with what its device reported.
    await page.getByTestId('client-status-filter').click();
    await page.getByTestId('client-status-option-kicked').click();
    await page.getByTestId(`client-row-${mac}`).waitFor();
    await page.getByTestId(`client-details-${mac}`).click();
    await page.getByTestId('client-details').waitFor();
    await expect
      .poll(() => page.getByTestId('client-command-status').getAttribute('data-status'))
      .toBe('succeeded');
    expect(await page.getByTestId('client-details-release').count()).toBe(1);
    await context.close();
  });
});
