import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceItem, ListReply } from '@netconsole/contract';
import { launch, newPage, WAIT_MS } from './support/browser.ts';
import { axeViolations as scan } from './support/axe.ts';
import { DEMO, eventually, signIn, still } from './support/console.ts';
import { apiCall, apiToken, simulatedNetwork, type SimulatedNetwork } from './support/simulated-network.ts';

let browser: Browser;
let net: SimulatedNetwork;
let token: string;
/** The network's two APs: both given this test's profile; the first then runs something else. */
let drifted: string;
let steady: string;
let profile: { _id: string; Name: string };
/** The SN prefix of this test's devices: searching it shows them alone. */
let prefix: string;

async function devices(query = ''): Promise<DeviceItem[]> {
  return (
    await apiCall<ListReply<DeviceItem>>('GET', `/v1/device/list?limit=50&search=${prefix}${query}`, token)
  ).list;
}

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(DEMO);
  net = await simulatedNetwork(token, { name: `Drift ${Date.now().toString(36)}`, switches: 0, aps: 2 });
  const aps = net.fleet.plan.networks[0]!.devices.filter((d) => d.type === 2).map((d) => d.sn);
  [drifted, steady] = [aps[0]!, aps[1]!];
  prefix = drifted.slice(0, 6);
  await net.fleet.start();
  await net.fleet.waitOnline({ timeoutMs: WAIT_MS });
  // The APs' profile, delivered and confirmed: assigned, running, in step.
  profile = (
    await apiCall<{ list: { _id: string; Name: string } }>('POST', '/v1/config/add', token, {
      Name: `Drift ${prefix}`,
      Type: 2,
      CycleTime: 30,
      IPMode: 'dhcp',
      Groups: [{ SSID: 'Drift test', Encryption: 'wpa2', Key: 'correct-horse-42' }],
    })
  ).list;
  const ids = (await devices()).filter((d) => [drifted, steady].includes(d.SN)).map((d) => d._id);
  await apiCall('POST', '/v1/config/newdispatch', token, { _id: profile._id, devices: ids });
  await eventually(async () => {
    const mine = (await devices()).filter((d) => ids.includes(d._id));
    return mine.every(
      (d) => d.Config.Assigned !== null && d.Config.Running?.Revision === 1 && !d.Config.Drift,
    );
  });
});
afterAll(async () => {
  await net?.fleet.stop();
  await browser.close();
});

const cell = (page: Page, sn: string) => page.getByTestId(`device-config-${sn}`);

describe('/device/list: what each device runs', () => {
  it('flags a device running another configuration, filters it, and re-delivers until it is in step', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 800 });
    await signIn(page, DEMO, '/device/list');
    await page.getByTestId('device-search').fill(prefix);
    await page.getByTestId(`device-row-${drifted}`).waitFor();
    await expect
      .poll(() => page.getByTestId('live-status').getAttribute('data-status'), { timeout: WAIT_MS })
      .toBe('open');
    expect(await cell(page, drifted).getAttribute('data-flag')).toBe('none');
    expect(await cell(page, drifted).textContent()).toContain(`${profile.Name} · r1`);

    // The device now runs something it was not given: the row says so without a reload.
    net.fleet.device(drifted)!.applyConfig('not-from-this-console', 7, null);
    await eventually(async () => (await cell(page, drifted).getAttribute('data-flag')) === 'drift');
    expect(await cell(page, steady).getAttribute('data-flag')).toBe('none');
    await page.getByTestId(`device-config-flag-${drifted}`).hover();
    await expect
      .poll(() => page.locator('.ant-tooltip').last().textContent(), { timeout: WAIT_MS })
      .toContain(`${profile.Name} · r1`);

    // Drift only: the steady AP leaves the list.
    await page.getByTestId('device-filter-drift').click();
    await eventually(async () => (await page.getByTestId(`device-row-${steady}`).count()) === 0);
    expect(await page.getByTestId(`device-row-${drifted}`).count()).toBe(1);

    // Re-deliver after a confirmation: the device applies its profile again and confirms, the drift
    // ends, and the row leaves the filtered list by itself.
    await page.getByTestId(`device-redeliver-${drifted}`).click();
    await page.getByTestId('device-redeliver-confirm').waitFor();
    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/v1/config/newdispatch')),
      still(page.getByTestId('confirm-ok')).then((ok) => ok.click()),
    ]);
    expect(sent.status(), await sent.text()).toBe(200);
    expect(sent.request().postDataJSON()).toMatchObject({ _id: profile._id });
    await page.getByTestId('device-redeliver-confirm').waitFor({ state: 'detached' });
    await eventually(async () => (await page.getByTestId(`device-row-${drifted}`).count()) === 0);

    await page.getByTestId('device-filter-drift').click();
    await page.getByTestId(`device-row-${drifted}`).waitFor();
    await eventually(async () => (await cell(page, drifted).getAttribute('data-flag')) === 'none');
    expect(await cell(page, drifted).textContent()).toContain(`${profile.Name} · r1`);
    await context.close();
  });

  it('shows the configuration on the device page, and a re-delivery there', async () => {
    // One session per account: the browser's sign-in below ends this token, so the API goes first.
    token = await apiToken(DEMO);
    net.fleet.device(steady)!.applyConfig('not-from-this-console', 3, null);
    await eventually(async () => (await devices()).find((d) => d.SN === steady)!.Config.Drift);
    const { context, page } = await newPage(browser, { lang: 'zh' });
    await signIn(page, DEMO, `/device/info?SN=${steady}`);
    const block = page.getByTestId('device-info-config');
    await block.waitFor();
    expect(await block.getAttribute('data-state')).toBe('drift');
    expect(await page.getByTestId('device-info-config-assigned').textContent()).toContain(profile.Name);
    // The last delivery, in the device's words: it confirmed.
    await expect
      .poll(() => page.getByTestId('device-info-config-lastDelivery').textContent(), { timeout: WAIT_MS })
      .toContain('成功');
    expect(await scan(page, `/device/info ${steady} zh`), 'axe on the device page').toEqual([]);
    await page.getByTestId('device-info-redeliver').click();
    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/v1/config/newdispatch')),
      still(page.getByTestId('confirm-ok')).then((ok) => ok.click()),
    ]);
    expect(sent.status(), await sent.text()).toBe(200);
    // The page reads again every 10 s: the drift ends there too.
    await eventually(async () => (await block.getAttribute('data-state')) === 'inStep');
    await context.close();
  });

  it('keeps the list accessible with the configuration column, wide and on a phone', async () => {
    // Wide in English, narrow in Chinese: e2e/a11y.spec.ts scans the list in both languages at 1366 px
    // (without this test's drifted rows), and the longer Chinese labels are the harder fit on a phone.
    for (const [width, height, lang] of [
      [1366, 800, 'en'],
      [390, 844, 'zh'],
    ] as const) {
      const { context, page } = await newPage(browser, { width, height, lang });
      await signIn(page, DEMO, '/device/list');
      await page.getByTestId('device-search').fill(prefix);
      await cell(page, drifted).waitFor();
      const where = `/device/list ${width}×${height} ${lang}`;
      if (width === 1366) {
        // Nothing scrolls sideways at 1366×800: columns that do not fit moved into the rows' details.
        const fit = await page.getByTestId('device-table-box').evaluate((el) => {
          const scrollers = Array.from(
            el.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body'),
          );
          return scrollers.every((s) => s.scrollWidth <= s.clientWidth + 1);
        });
        expect(fit, where).toBe(true);
      }
      expect(await scan(page, where), `axe: serious or critical violations on ${where}`).toEqual([]);
      await context.close();
    }
  });
});
