/**
 * The delivery screen (issue 15 point 3 and 6, /deviceconf/conf "config issue") against the e2e
 * server and simulated devices: the demo tenant's AP profile delivered to two simulated APs that
 * are offline at first, whose rows then turn "Success" from the live socket alone, without a
 * reload; a submission with mistakes refused on its fields by the contract's codes in English and
 * Chinese; a delivery to a device that never connects cancelled; axe at 1366×800 and phone width.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigIssueStatus,
  ErrorCode,
  configIssueStatusLabels,
  deliveryStatusLabels,
  errorText,
  type DeliveryReply,
  type Lang,
} from '@netconsole/contract';
import { launch, newPage, WAIT_MS } from './support/browser.ts';
import { axeAtRest } from './support/axe.ts';
import { DEMO, signIn, still } from './support/console.ts';
import { apiCall, apiToken, simulatedNetwork, type SimulatedNetwork } from './support/simulated-network.ts';

/** An AP profile of the demo tenant (apps/server/src/demo.ts). */
const PROFILE = 'Office Wi-Fi';

let browser: Browser;
let token: string;
let net: SimulatedNetwork;
/** The SNs of the simulated network's two APs. */
let aps: string[];

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(DEMO);
  // Registered but not powered on yet: the delivery waits for them, then they report live.
  net = await simulatedNetwork(token, { name: `Deliver ${Date.now().toString(36)}`, switches: 1, aps: 2 });
  aps = net.fleet.plan.networks[0]!.devices.filter((d) => d.type === 2).map((d) => d.sn);
  expect(aps).toHaveLength(2);
});
afterAll(async () => {
  await net?.fleet.stop();
  await browser.close();
});

async function openScreen(page: Page): Promise<void> {
  await page.goto('/deviceconf/conf');
  await page.getByTestId('delivery-table').waitFor();
}

async function openForm(page: Page): Promise<void> {
  await page.getByTestId('delivery-new').click();
  await page.getByTestId('delivery-form').waitFor();
}

/** Opens the form, picks the profile and every device the search finds, and delivers: the new delivery's id. */
async function deliver(page: Page, search: string, sns: readonly string[]): Promise<string> {
  await openForm(page);
  await page.getByTestId('delivery-profile').click();
  await (await still(page.getByTestId(`delivery-profile-option-${PROFILE}`))).click();
  await page.getByTestId('delivery-target-search').fill(search);
  for (const sn of sns) await page.getByTestId(`delivery-target-${sn}`).waitFor();
  await expect
    .poll(() => page.getByTestId('delivery-select-all').textContent(), { timeout: WAIT_MS })
    .toContain(String(sns.length));
  await page.getByTestId('delivery-select-all').click();
  await expect
    .poll(() => page.getByTestId('delivery-selected-count').textContent(), { timeout: WAIT_MS })
    .toContain(String(sns.length));
  const [reply] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/v1/config/newdispatch')),
    page.getByTestId('delivery-submit').click(),
  ]);
  expect(reply.status(), await reply.text()).toBe(200);
  const id = ((await reply.json()) as DeliveryReply).list._id;
  await page.getByTestId(`delivery-row-${id}`).waitFor();
  return id;
}

async function expand(page: Page, id: string, sns: readonly string[]): Promise<void> {
  await page.getByTestId(`delivery-expand-${id}`).click();
  for (const sn of sns) await page.getByTestId(`delivery-device-${sn}`).waitFor();
}

function attr(page: Page, testId: string, name = 'data-status'): Promise<string | null> {
  return page.getByTestId(testId).getAttribute(name);
}

/** axe on the screen at rest: every serious or critical violation, as lines. */
const axe = (page: Page, within?: string) => axeAtRest(page, 'deliveries', within);

describe('/deviceconf/conf', () => {
  it('delivers a profile to two simulated APs whose rows turn "Success" live, without a reload', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 800 });
    await signIn(page, DEMO);
    await openScreen(page);
    // The engine publishes to watched tenants only: the socket must be open before the devices report.
    await page.locator('[data-testid="delivery-live"][data-state="open"]').waitFor();
    // A reload or a navigation would lose this mark.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    const id = await deliver(page, net.alias(''), aps);
    await expand(page, id, aps);
    // Offline: held for them, said as such (not a bare status).
    for (const sn of aps) {
      expect(await attr(page, `delivery-device-status-${sn}`)).toBe(String(ConfigIssueStatus.Issuing));
      await page
        .getByTestId(`delivery-outcome-${sn}`)
        .getByText('Waiting: the device is offline and gets it when it connects')
        .waitFor();
    }
    expect(await page.getByTestId(`delivery-confirmed-${id}`).textContent()).toBe('0 of 2 confirmed');

    // From here on, whatever changes on screen came over the live socket: the device list is not read again.
    let reads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/v1/issued/device')) reads++;
    });
    await net.fleet.start();
    for (const sn of aps) {
      await expect
        .poll(() => attr(page, `delivery-device-status-${sn}`), { timeout: WAIT_MS })
        .toBe(String(ConfigIssueStatus.Success));
      expect(await page.getByTestId(`delivery-device-status-${sn}`).textContent()).toBe(
        configIssueStatusLabels[ConfigIssueStatus.Success].en,
      );
    }
    await expect.poll(() => attr(page, `delivery-status-${id}`), { timeout: WAIT_MS }).toBe('finished');
    expect(await page.getByTestId(`delivery-confirmed-${id}`).textContent()).toBe('2 of 2 confirmed');
    expect(await page.getByTestId(`delivery-cancel-${id}`).count()).toBe(0);
    expect(reads).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );

    expect(await axe(page), 'axe: the deliveries with one open, 1366×800').toEqual([]);
    await context.close();
  });

  it.each([
    ['en', 1366, 800],
    ['zh', 390, 844],
  ] as const)(
    'refuses a submission with mistakes on its fields, in %s at %i px',
    async (lang: Lang, width, height) => {
      const { context, page } = await newPage(browser, { lang, width, height });
      await signIn(page, DEMO);
      await openScreen(page);
      await openForm(page);
      let sent = 0;
      page.on('request', (r) => {
        if (r.url().includes('/v1/config/newdispatch')) sent++;
      });
      // "At an effective time" without a time, and no profile or device.
      await page.getByTestId('delivery-when').locator('.ant-radio-button-wrapper').nth(1).click();
      await page.getByTestId('delivery-effective-time').waitFor();
      await page.getByTestId('delivery-submit').click();
      const shown = (field: string) => page.getByTestId(`delivery-error-${field}`).textContent();
      await expect
        .poll(() => shown('profile'), { timeout: WAIT_MS })
        .toBe(errorText(ErrorCode.DeliveryProfileRequired, lang));
      expect(await shown('devices')).toBe(errorText(ErrorCode.DeliveryDevicesRequired, lang));
      expect(await shown('effectiveTime')).toBe(errorText(ErrorCode.EffectiveTimeNotFuture, lang));
      expect(sent).toBe(0);
      expect(await axe(page, '.ant-drawer'), `axe: the form with its refusals, ${lang} ${width}px`).toEqual(
        [],
      );
      await context.close();
    },
  );

  it('cancels a delivery to a device that is offline, after a confirmation (Chinese, phone width)', async () => {
    const sn = `E2EOFF${randomBytes(4).toString('hex').toUpperCase()}`;
    const mac = ['02', ...[...randomBytes(5)].map((b) => b.toString(16).padStart(2, '0'))]
      .join(':')
      .toUpperCase();
    // One session per account: the browser sign-ins since ended the first token.
    token = await apiToken(DEMO);
    await apiCall('POST', '/v1/device/add', token, { SN: sn, MAC: mac, Type: 2, Alias: sn.toLowerCase() });

    const { context, page } = await newPage(browser, { lang: 'zh', width: 390, height: 844 });
    await signIn(page, DEMO);
    await openScreen(page);
    const id = await deliver(page, sn, [sn]);
    expect(await attr(page, `delivery-status-${id}`)).toBe('running');
    await expand(page, id, [sn]);
    await page.getByTestId(`delivery-outcome-${sn}`).getByText('等待中：设备离线，上线后下发').waitFor();

    await page.getByTestId(`delivery-cancel-${id}`).click();
    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/v1/issued/cancel')),
      (await still(page.getByTestId('confirm-ok'))).click(),
    ]);
    expect(reply.status()).toBe(200);
    await expect.poll(() => attr(page, `delivery-status-${id}`), { timeout: WAIT_MS }).toBe('cancelled');
    expect(await page.getByTestId(`delivery-status-${id}`).textContent()).toBe(
      deliveryStatusLabels.cancelled.zh,
    );
    await expect
      .poll(() => attr(page, `delivery-device-status-${sn}`), { timeout: WAIT_MS })
      .toBe(String(ConfigIssueStatus.Failed));
    await page.getByTestId(`delivery-outcome-${sn}`).getByText('已取消').first().waitFor();
    expect(await page.getByTestId(`delivery-cancel-${id}`).count()).toBe(0);

    expect(await axe(page), 'axe: the deliveries with one open, phone width').toEqual([]);
    await context.close();
  });
});
