/**
 * The maintenance screens (issue 18) against the e2e server and simulated devices: a ping from two
 * simulated APs run from /maintenance/diagnose_network — refused first on spec §5's packet count,
 * then each AP's row going from running to ended with its targets' results, brought by the live
 * socket (the page never reloads); a timer created from /maintenance/timer_list beside the two
 * built-in tasks (disabled); the run's chart of latency and loss opened from the records.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorText, ErrorCode } from '@netconsole/contract';
import { launch, newPage } from './support/browser.ts';
import { DEMO, eventually, signIn, still } from './support/console.ts';
import { apiCall, apiToken, simulatedNetwork, type SimulatedNetwork } from './support/simulated-network.ts';

let browser: Browser;
let net: SimulatedNetwork;
/** The two APs the ping runs from. */
let aps: string[];
/** The run the first test starts, which the chart test opens. */
let runId = '';

beforeAll(async () => {
  browser = await launch();
  const token = await apiToken(DEMO);
  net = await simulatedNetwork(token, { name: `Diagnosis ${Date.now().toString(36)}`, switches: 1, aps: 2 });
  aps = net.fleet.plan.networks[0]!.devices.filter((d) => d.type === 2).map((d) => d.sn);
  expect(aps).toHaveLength(2);
  await net.fleet.start();
  await eventually(async () => {
    const all = await apiCall<{ list: { SN: string; Online: boolean }[] }>(
      'GET',
      `/v1/device/getAll?search=${encodeURIComponent(net.alias(''))}`,
      token,
    );
    return aps.every((sn) => all.list.some((d) => d.SN === sn && d.Online));
  });
});
afterAll(async () => {
  await net?.fleet.stop();
  await browser.close();
});

describe('maintenance', () => {
  it('pings from two simulated APs and shows each result as it arrives', async () => {
    const { page, context } = await newPage(browser, { width: 1366, height: 800 });
    await signIn(page, DEMO, '/maintenance/diagnose_network');
    const search = page.getByTestId('diag-network-devices-search');
    await search.fill(net.alias(''));
    await search.press('Enter');
    for (const sn of aps)
      await page.getByTestId(`diag-network-devices-device-${sn}`).getByRole('checkbox').check();
    await expect
      .poll(() => page.getByTestId('diag-network-devices-selected-count').textContent())
      .toContain('2');
    // The default probe domains are there to start with.
    await expect
      .poll(() => page.getByTestId('diag-network-targets').textContent())
      .toContain('www.baidu.com');

    // spec §5: at most 30 packets — refused on its field, nothing sent.
    const count = page.getByTestId('diag-network-count');
    await count.fill('31');
    await page.getByTestId('diag-network-submit').click();
    await expect
      .poll(() => page.getByTestId('diag-network-error-count').textContent())
      .toBe(errorText(ErrorCode.DiagnosisCountInvalid, 'en'));
    await count.fill('2');

    const dispatched = page.waitForResponse((r) => r.url().includes('/v1/diagnose/dispatchCommand'));
    await page.getByTestId('diag-network-submit').click();
    runId = ((await (await dispatched).json()) as { _id: string })._id;
    await page.waitForURL(`**/maintenance/diagnose_network?run=${runId}`);
    // Each AP shows up, then ends with both targets' results (the simulator takes seconds per target).
    for (const sn of aps) {
      const row = page.getByTestId(`diag-result-row-${sn}`);
      await row.waitFor();
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 60_000 }).toBe('ended');
      await row.locator('.ant-table-row-expand-icon').click();
      for (const target of ['www.baidu.com', 'www.qq.com']) {
        const result = page.getByTestId(`diag-target-${sn}-${target}`);
        expect(await result.getAttribute('data-code')).toBe('1');
      }
    }
    await expect
      .poll(() => page.locator(`[data-testid="diag-run-counts-${runId}"]`).getAttribute('data-status'))
      .toBe('ended');
    await context.close();
  });

  it('creates a timer beside the built-in tasks', async () => {
    const { page, context } = await newPage(browser, { width: 1366, height: 800 });
    await signIn(page, DEMO, '/maintenance/timer_list');
    // spec §4: both built-in tasks, disabled to start with.
    for (const name of ['OnTimerPortalCheck', 'OnTimerNetworkCheck']) {
      expect(await page.getByTestId(`ontime-${name}`).getAttribute('data-status')).toBe('0');
    }
    await page.getByTestId('timer-new').click();
    await still(page.getByTestId('timer-form'));
    // Nothing filled in: the name and the devices are refused on their fields.
    await page.getByTestId('timer-save').click();
    await page.getByTestId('timer-error-name').waitFor();
    await page.getByTestId('timer-error-devices').waitFor();

    const name = `Uplink ${Date.now().toString(36)}`;
    await page.getByTestId('timer-name').fill(name);
    const time = page.getByTestId('timer-time');
    await time.click();
    await time.fill('04:05:06');
    await time.press('Enter');
    const search = page.getByTestId('timer-devices-search');
    await search.fill(net.alias(''));
    await search.press('Enter');
    await page.getByTestId(`timer-devices-device-${aps[0]}`).getByRole('checkbox').check();
    await page.getByTestId('timer-save').click();
    const row = page.locator(`[data-testid^="timer-row-"][data-name="${name}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('04:05:06');
    await context.close();
  });

  it("opens a record's chart of latency and loss", async () => {
    expect(runId, 'the ping test started a run').not.toBe('');
    const { page, context } = await newPage(browser, { width: 1366, height: 800 });
    await signIn(page, DEMO, '/maintenance/diagnose_record');
    await page.getByTestId(`diag-run-row-${runId}`).locator('.ant-table-row-expand-icon').click();
    await page.getByTestId(`diag-chart-open-${aps[0]}`).click();
    await page.locator('[data-testid="diag-chart-latency"][data-rendered="1"]').waitFor();
    await expect
      .poll(async () => Number(await page.getByTestId('diag-chart').getAttribute('data-points')))
      .toBeGreaterThan(0);
    // Side by side: the other AP of the run joins the chart.
    await page.getByTestId('diag-chart-devices').click();
    await page.locator('.ant-select-item-option:not(.ant-select-item-option-selected)').first().click();
    await expect
      .poll(async () => page.locator('[data-testid="diag-chart-devices"] .ant-select-selection-item').count())
      .toBe(2);
    await context.close();
  });
});
