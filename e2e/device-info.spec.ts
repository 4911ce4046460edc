import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage } from './support/browser.ts';
import { DEMO, signIn } from './support/console.ts';

/** A switch of the demo fleet (apps/device-sim's DEMO_FLEET): it has ports and PoE. */
const SWITCH_SN = 'DEMOSW000002';
const AP_SN = 'DEMOAP000005';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('/device/info', () => {
  it('picks a demo switch, shows its details, ports and a drawn chart, and keeps it in the URL', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO);
    // spec §2: /device leads to /device/info, which opens on the first device by alias.
    await page.goto('/device');
    await page.waitForURL((u) => u.pathname === '/device/info' && u.searchParams.get('SN') !== null);
    await page.getByTestId('device-info-details').waitFor();

    await page.getByTestId('device-info-select').click();
    await page.keyboard.type(SWITCH_SN);
    await page.getByTestId(`device-info-option-${SWITCH_SN}`).click();
    await page.waitForURL((u) => u.searchParams.get('SN') === SWITCH_SN);

    // The details follow the choice (the first device's stay until the switch's arrive).
    await page.getByTestId('device-info-field-sn').filter({ hasText: SWITCH_SN }).waitFor();
    expect(await page.getByTestId('device-info-field-sn').textContent()).toBe(SWITCH_SN);
    expect(await page.getByTestId('device-info-field-type').textContent()).toBe('Switch');
    // The simulated switch reports within seconds of the server's start: online with an address.
    await page
      .getByTestId('device-info-field-ip')
      .filter({ hasText: /^\d+\.\d+\.\d+\.\d+$/ })
      .waitFor({ timeout: 30_000 });

    // Its first stats draw the CPU chart (ECharts, loaded on demand) and the front panel.
    await page
      .locator('[data-testid="device-info-chart-cpu-canvas"][data-rendered="1"] canvas')
      .waitFor({ timeout: 30_000 });
    await page.getByTestId('device-port-1').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('device-port-1').getAttribute('data-state')).toMatch(
      /^(up|poe|down|disabled|fault)$/,
    );

    // The week switch keeps the device and redraws.
    await page.getByTestId('device-info-range-week').click();
    await page.waitForURL((u) => u.searchParams.get('range') === 'week');
    await page.locator('[data-testid="device-info-chart-flow"]').waitFor();
    await page.locator('[data-testid="device-info-chart-cpu-canvas"][data-rendered="1"] canvas').waitFor();
    await context.close();
  });

  it('opens a device from a link with ?SN= in Chinese', async () => {
    const { context, page } = await newPage(browser, { lang: 'zh' });
    await signIn(page, DEMO);
    await page.goto(`/device/info?SN=${AP_SN}`);
    await page.getByTestId('device-info-details').getByText('设备详情').waitFor();
    expect(await page.getByTestId('device-info-field-sn').textContent()).toBe(AP_SN);
    await page.getByTestId('device-info-chart-clients').getByText('终端数').first().waitFor();
    // An AP has no port panel.
    expect(await page.getByTestId('device-info-ports').count()).toBe(0);
    await context.close();
  });
});
