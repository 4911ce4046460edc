import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFleet, type Fleet } from '@netconsole/device-sim';
import { launch, mqttURL, newPage, WAIT_MS } from './support/browser.ts';
import { DEMO, eventually, signIn, still } from './support/console.ts';

let browser: Browser;
let fleet: Fleet;
/** This test's own devices: a router and an AP behind it, on the e2e server's broker (/mqtt). */
let router: { sn: string; mac: string };
let ap: { sn: string; mac: string };

beforeAll(async () => {
  browser = await launch();
  const prefix = `E2${Date.now().toString(36).slice(-4).toUpperCase()}`;
  fleet = createFleet({
    url: mqttURL(),
    factoryKey: inject('factoryKey'),
    networks: 1,
    devices: 2,
    snPrefix: prefix,
    seed: prefix,
    timing: { rebootS: 1 },
  });
  const [r, a] = fleet.plan.networks[0]!.devices;
  router = { sn: r!.sn, mac: r!.mac };
  ap = { sn: a!.sn, mac: a!.mac };
});
afterAll(async () => {
  await fleet.stop();
  await browser.close();
});

/** A marker that a reload would wipe. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
}
async function sameDocument(page: Page): Promise<boolean | undefined> {
  return page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument);
}

async function statusOf(page: Page, sn: string): Promise<string | null> {
  const tag = page.getByTestId(`device-status-${sn}`);
  return (await tag.count()) ? tag.getAttribute('data-status') : null;
}

async function register(page: Page, device: { sn: string; mac: string }): Promise<void> {
  await page.getByTestId('device-add').click();
  await page.getByTestId('device-form-sn').fill(device.sn.toLowerCase());
  await page.getByTestId('device-form-mac').fill(device.mac.match(/../g)!.join(':'));
  await page.getByTestId('device-form-submit').click();
  await page.getByTestId('device-form').waitFor({ state: 'detached' });
}

describe('/device/list', () => {
  it('registers devices; their rows turn Online and Offline without a reload', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO, '/device/list');
    await page.getByTestId('device-table').waitFor();
    await register(page, router);
    await register(page, ap);
    // Newest first: both rows are on the first page, Offline until the devices connect.
    await page.getByTestId(`device-row-${ap.sn}`).waitFor();
    expect(await statusOf(page, ap.sn)).toBe('Offline');
    await expect
      .poll(() => page.getByTestId('live-status').getAttribute('data-status'), { timeout: WAIT_MS })
      .toBe('open');
    await markDocument(page);

    await fleet.start();
    await eventually(async () => (await statusOf(page, ap.sn)) === 'Online');
    await eventually(async () => (await statusOf(page, router.sn)) === 'Online');
    expect(await page.getByTestId(`device-ip-${ap.sn}`).textContent()).toMatch(/^\d+\.\d+\.\d+\.\d+$/);

    // Power loss: no goodbye, the broker publishes the last will.
    fleet.device(ap.sn)!.crash(120_000);
    await eventually(async () => (await statusOf(page, ap.sn)) === 'Offline');
    expect(await page.getByTestId(`device-row-${ap.sn}`).getAttribute('data-status')).toBe('Offline');
    expect(await statusOf(page, router.sn)).toBe('Online');
    expect(await sameDocument(page)).toBe(true);

    // The row links to the device's details.
    expect(await page.getByTestId(`device-link-${router.sn}`).getAttribute('href')).toBe(
      `/device/info?SN=${router.sn}`,
    );
    await context.close();
  });

  it('reboots a device after confirmation and shows what the device reported', async () => {
    const { context, page } = await newPage(browser, { lang: 'zh' });
    await signIn(page, DEMO, '/device/list');
    await page.getByTestId('device-search').fill(router.sn);
    await page.getByTestId(`device-row-${router.sn}`).waitFor();
    await eventually(async () => (await statusOf(page, router.sn)) === 'Online');
    await markDocument(page);

    await page.getByTestId(`device-reboot-${router.sn}`).click();
    await page.getByTestId('device-command-confirm').waitFor();
    // Cancelling sends nothing.
    await (await still(page.getByTestId('confirm-cancel'))).click();
    await page.getByTestId('device-command-confirm').waitFor({ state: 'detached' });
    expect(await page.getByTestId(`device-command-${router.sn}`).count()).toBe(0);

    await page.getByTestId(`device-reboot-${router.sn}`).click();
    // The confirmation sends the command: its reply is waited for, so a failure says what happened.
    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/v1/controller/deviceContrl')),
      still(page.getByTestId('confirm-ok')).then((ok) => ok.click()),
    ]);
    expect(sent.status(), await sent.text()).toBe(200);
    await page.getByTestId('device-command-confirm').waitFor({ state: 'detached' });
    const outcome = page.getByTestId(`device-command-${router.sn}`);
    await outcome.waitFor();
    // The device restarts (its row goes offline and back) and then reports the reboot done.
    await eventually(async () => (await outcome.getAttribute('data-status')) === 'succeeded');
    expect(await outcome.textContent()).toContain('成功');
    await eventually(async () => (await statusOf(page, router.sn)) === 'Online');
    expect(await sameDocument(page)).toBe(true);
    await context.close();
  });
  it('makes reset unmistakable: danger style, its own icon and a confirmation naming the device', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO, '/device/list');
    await page.getByTestId('device-search').fill(router.sn);
    await page.getByTestId(`device-row-${router.sn}`).waitFor();
    const reset = page.getByTestId(`device-reset-${router.sn}`);
    const reboot = page.getByTestId(`device-reboot-${router.sn}`);
    await eventually(async () => !(await reset.isDisabled()));
    expect(await reset.getAttribute('class')).toContain('ant-btn-dangerous');
    expect(await reboot.getAttribute('class')).not.toContain('ant-btn-dangerous');
    // Not the reboot's circular arrow.
    expect(await reset.locator('.anticon-reload, .anticon-undo, .anticon-sync').count()).toBe(0);

    await reset.click();
    const dialog = page.getByTestId('device-reset-confirm');
    await dialog.waitFor();
    expect(await page.getByTestId('device-reset-device').textContent()).toContain(router.sn);
    // Confirmed only by typing the device's SN.
    const ok = page.getByTestId('confirm-ok');
    expect(await ok.isDisabled()).toBe(true);
    await page.getByTestId('device-reset-sn').fill('WRONG');
    expect(await ok.isDisabled()).toBe(true);
    await page.getByTestId('device-reset-sn').fill(router.sn.toLowerCase());
    await eventually(async () => !(await ok.isDisabled()));
    const [sent] = await Promise.all([
      page.waitForRequest((r) => r.url().includes('/v1/controller/deviceContrl')),
      ok.click(),
    ]);
    expect(sent.postDataJSON()).toMatchObject({ command: 'reset' });
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});
