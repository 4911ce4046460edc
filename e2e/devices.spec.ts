import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFleet, type Fleet } from '@netconsole/device-sim';
import { launch, newPage } from './support/browser.ts';
import { DEMO, eventually, signIn } from './support/console.ts';

let browser: Browser;
let fleet: Fleet;
/** This test's own devices: a router and an AP behind it, on the e2e server's broker (/mqtt). */
let router: { sn: string; mac: string };
let ap: { sn: string; mac: string };

beforeAll(async () => {
  browser = await launch();
  const prefix = `E2${Date.now().toString(36).slice(-4).toUpperCase()}`;
  fleet = createFleet({
    url: inject('mqttURL'),
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
    await signIn(page, DEMO);
    await page.goto('/device/list');
    await page.getByTestId('device-table').waitFor();
    await register(page, router);
    await register(page, ap);
    // Newest first: both rows are on the first page, Offline until the devices connect.
    await page.getByTestId(`device-row-${ap.sn}`).waitFor();
    expect(await statusOf(page, ap.sn)).toBe('Offline');
    await expect.poll(() => page.getByTestId('live-status').getAttribute('data-status')).toBe('open');
    await markDocument(page);

    await fleet.start();
    await eventually(async () => (await statusOf(page, ap.sn)) === 'Online', 20_000);
    await eventually(async () => (await statusOf(page, router.sn)) === 'Online', 20_000);
    expect(await page.getByTestId(`device-ip-${ap.sn}`).textContent()).toMatch(/^\d+\.\d+\.\d+\.\d+$/);

    // Power loss: no goodbye, the broker publishes the last will.
    fleet.device(ap.sn)!.crash(120_000);
    await eventually(async () => (await statusOf(page, ap.sn)) === 'Offline', 20_000);
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
    await signIn(page, DEMO);
    await page.goto('/device/list');
    await page.getByTestId('device-search').fill(router.sn);
    await page.getByTestId(`device-row-${router.sn}`).waitFor();
    await eventually(async () => (await statusOf(page, router.sn)) === 'Online', 20_000);
    await markDocument(page);

    await page.getByTestId(`device-reboot-${router.sn}`).click();
    await page.getByTestId('device-command-confirm').waitFor();
    // Cancelling sends nothing.
    await page.getByTestId('confirm-cancel').click();
    await page.getByTestId('device-command-confirm').waitFor({ state: 'detached' });
    expect(await page.getByTestId(`device-command-${router.sn}`).count()).toBe(0);

    await page.getByTestId(`device-reboot-${router.sn}`).click();
    // The confirmation sends the command: its reply is waited for, so a failure says what happened.
    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/v1/controller/deviceContrl'), { timeout: 20_000 }),
      page.getByTestId('confirm-ok').click(),
    ]);
    expect(sent.status(), await sent.text()).toBe(200);
    await page.getByTestId('device-command-confirm').waitFor({ state: 'detached' });
    const outcome = page.getByTestId(`device-command-${router.sn}`);
    await outcome.waitFor();
    // The device restarts (its row goes offline and back) and then reports the reboot done.
    await eventually(async () => (await outcome.getAttribute('data-status')) === 'succeeded', 30_000);
    expect(await outcome.textContent()).toContain('成功');
    await eventually(async () => (await statusOf(page, router.sn)) === 'Online', 20_000);
    expect(await sameDocument(page)).toBe(true);
    await context.close();
  });
});
