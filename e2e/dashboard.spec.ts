import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, WAIT_MS } from './support/browser.ts';
import { DEMO, eventually, signIn, still } from './support/console.ts';
import { apiCall, apiToken, simulatedNetwork, type SimulatedNetwork } from './support/simulated-network.ts';

let browser: Browser;
let net: SimulatedNetwork;

beforeAll(async () => {
  browser = await launch();
  // A router with two APs of this test's own, beside the demo fleet.
  net = await simulatedNetwork(await apiToken(DEMO), {
    name: `Dash ${Date.now().toString(36)}`,
    switches: 0,
    aps: 2,
  });
  await net.fleet.start();
  await net.fleet.waitOnline({ timeoutMs: WAIT_MS });
});
afterAll(async () => {
  await net?.fleet.stop();
  await browser.close();
});

async function numberAttr(page: Page, testId: string, attr: string): Promise<number> {
  return Number(await page.getByTestId(testId).getAttribute(attr));
}

/** Pages the dashboard's network list forward until `row` shows (the list is ten a page). */
async function pageTo(page: Page, row: ReturnType<Page['getByTestId']>): Promise<void> {
  const table = page.getByTestId('dashboard-networks');
  await table.waitFor();
  for (;;) {
    const next = page.getByTestId('pagination').locator('.ant-pagination-next');
    // The pager is loaded lazily: wait for the row or the pager, whichever shows first.
    await row.or(next).first().waitFor();
    if (await row.count()) return;
    if ((await next.getAttribute('aria-disabled')) === 'true') {
      throw new Error('the row is on no page of the network list');
    }
    const first = await table.locator('tbody tr').first().getAttribute('data-testid');
    await next.click();
    // The next page has replaced the rows.
    await eventually(
      async () => (await table.locator('tbody tr').first().getAttribute('data-testid')) !== first,
      WAIT_MS,
    );
  }
}

describe('/dashboard', () => {
  it('moves its counts live when a simulated device goes offline', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO);
    const aps = `dashboard-network-aps-${net.name}`;
    // Other files' networks share this server: this one may be on a later page of ten.
    await pageTo(page, page.getByTestId(aps));
    await eventually(async () => (await numberAttr(page, aps, 'data-online')) === 2);
    expect(await numberAttr(page, aps, 'data-total')).toBe(2);
    expect(await page.getByTestId(`dashboard-network-status-${net.name}`).getAttribute('data-status')).toBe(
      'Normal',
    );
    expect(await page.getByTestId(`dashboard-network-routers-${net.name}`).getAttribute('data-online')).toBe(
      '1',
    );
    // The health ratios: one decimal, online over all devices.
    const online = page.getByTestId('dashboard-ratio-online');
    expect(await online.textContent()).toMatch(/\d+\.\d%/);
    expect(Number(await online.getAttribute('data-whole'))).toBe(
      await numberAttr(page, 'dashboard-devices-online', 'data-total'),
    );
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    // Power loss of one AP: the broker publishes its will, the socket tells the dashboard.
    const ap = net.fleet.plan.networks[0]!.devices.find((d) => d.type === 2)!;
    net.fleet.device(ap.sn)!.crash(120_000);
    await eventually(async () => (await numberAttr(page, aps, 'data-online')) === 1);
    expect(await numberAttr(page, aps, 'data-total')).toBe(2);
    expect(await page.getByTestId(`dashboard-network-status-${net.name}`).getAttribute('data-status')).toBe(
      'Abnormal',
    );
    // The totals count the demo fleet too (whose devices come and go): they agree with each other.
    await eventually(async () => {
      const shown = await numberAttr(page, 'dashboard-devices-online', 'data-online');
      return shown === Number(await online.getAttribute('data-part'));
    });
    const part = Number(await online.getAttribute('data-part'));
    const whole = Number(await online.getAttribute('data-whole'));
    expect(await online.textContent()).toContain(`${((part / whole) * 100).toFixed(1)}%`);
    // No reload: the figures came with the live socket.
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);

    // The network's name opens its topology.
    await page.getByTestId(`dashboard-network-topology-${net.name}`).click();
    await page.waitForURL(`**/dashboard/topology?_id=${net.id}`);
    await page.getByTestId('topology-chart').waitFor();
    await context.close();
  });

  it('edits a network from its row, tells of it in its log, and removes it after confirmation', async () => {
    const name = `Edit ${Date.now().toString(36)}`;
    const created = await apiCall<{ list: { _id: string } }>(
      'POST',
      '/v1/network/createNet',
      await apiToken(DEMO),
      { Name: name, Location: { longitude: 121.47, latitude: 31.23, address: 'Huangpu, Shanghai' } },
    );
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO);
    // Other files' networks share this server: the new one may be on a later page of ten.
    await pageTo(page, page.getByTestId(`dashboard-network-edit-${name}`));
    await page.getByTestId(`dashboard-network-edit-${name}`).click();
    const renamed = `${name} 2`;
    await page.getByTestId('network-edit-name').fill(renamed);
    await page.getByTestId('network-edit-save').click();
    await page.getByTestId(`dashboard-network-${renamed}`).waitFor();

    // The network's log tells of it (newest first).
    // Other files' networks share this server: found by typing, as a tenant with many would.
    await page.getByTestId('dashboard-netlog-network').click();
    await page.getByTestId('dashboard-netlog-network').locator('input').fill(renamed);
    await page.locator('.ant-select-dropdown').getByTitle(renamed).click();
    const first = page.getByTestId('dashboard-netlog-entry').first();
    await first.filter({ hasText: `Network renamed or moved: ${renamed}` }).waitFor();
    expect(await first.getAttribute('data-code')).toBe('updated');

    await page.getByTestId(`dashboard-network-edit-${renamed}`).click();
    await page.getByTestId('network-delete').click();
    await page.getByTestId('network-delete-confirm').waitFor();
    await (await still(page.getByTestId('confirm-ok'))).click();
    await page.getByTestId(`dashboard-network-${renamed}`).waitFor({ state: 'detached' });
    const left = await apiCall<{ list: { _id: string }[] }>(
      'GET',
      '/v1/network/getAllNetworks',
      await apiToken(DEMO),
    );
    expect(left.list.map((n) => n._id)).not.toContain(created.list._id);
    await context.close();
  });

  it('draws the map on a first visit with the language’s default type, and labels its selects', async () => {
    for (const [lang, type] of [
      ['en', 'google'],
      ['zh', 'baidu'],
    ] as const) {
      const { context, page } = await newPage(browser, { lang });
      await signIn(page, DEMO);
      expect(await page.evaluate(() => localStorage.getItem('mapType'))).toBeNull();
      const map = page.getByTestId('dashboard-network-map');
      await map.locator('.leaflet-tile-loaded').first().waitFor();
      expect(await map.getAttribute('data-map-type')).toBe(type);
      expect(await map.locator('.leaflet-tile-loaded').first().getAttribute('src')).toContain(
        `/tiles/${type}/`,
      );
      await page.locator('[data-testid=dashboard-network-map][data-state=ready]').waitFor();
      expect(await map.getByTestId('map-unavailable').count()).toBe(0);
      // spec §15: the network log's select has a name.
      const select = page.getByTestId('dashboard-netlog').getByRole('combobox');
      expect(await select.getAttribute('aria-label')).toBeTruthy();
      await context.close();
    }
    // A real failure (no tile arrives) still says the spec's message.
    const { context, page } = await newPage(browser);
    await context.route('**/tiles/**', (route) => route.abort());
    await signIn(page, DEMO);
    const unavailable = page.getByTestId('dashboard-network-map').getByTestId('map-unavailable');
    await unavailable.waitFor();
    expect(await unavailable.textContent()).toContain('Maps unobtainable due to unstable network');
    await context.close();
  });

  it('exports the dashboard to PDF, in Chinese too', async () => {
    const { context, page } = await newPage(browser, { lang: 'zh' });
    await signIn(page, DEMO);
    await pageTo(page, page.getByTestId(`dashboard-network-${net.name}`));
    expect(await page.getByTestId('dashboard-ratio-trusted').textContent()).toContain('可信率');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('dashboard-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^dashboard-\d{8}-\d{4}\.pdf$/);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    await context.close();
  });
});
