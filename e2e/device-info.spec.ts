import type { Browser } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { connectAsync } from 'mqtt';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deviceSecret } from '@netconsole/contract/credentials';
import { launch, mqttURL, newPage } from './support/browser.ts';
import { DEMO, signIn } from './support/console.ts';
import { apiCall, apiToken } from './support/simulated-network.ts';

/** A switch of the demo fleet (apps/device-sim's DEMO_FLEET): it has ports and PoE. */
const SWITCH_SN = 'DEMOSW000002';
const AP_SN = 'DEMOAP000005';

/** The CPU chart shows the device's figures: "collecting" after one bucket, drawn from two. */
const CPU_STARTED =
  '[data-testid="device-info-chart-cpu"][data-state="collecting"], [data-testid="device-info-chart-cpu-canvas"][data-rendered="1"] canvas';

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
      .waitFor();

    // Its first stats start the CPU chart (collecting until a line can be drawn; ECharts, loaded
    // on demand, once it can) and the front panel.
    await page.locator(CPU_STARTED).waitFor();
    await page.getByTestId('device-port-1').waitFor();
    expect(await page.getByTestId('device-port-1').getAttribute('data-state')).toMatch(
      /^(up|poe|down|disabled|fault)$/,
    );

    // The week switch keeps the device and redraws.
    await page.getByTestId('device-info-range-week').click();
    await page.waitForURL((u) => u.searchParams.get('range') === 'week');
    await page.locator('[data-testid="device-info-chart-flow"]').waitFor();
    await page.locator(CPU_STARTED).waitFor();
    await context.close();
  });

  it('opens a device from a link with ?SN= in Chinese', async () => {
    const { context, page } = await newPage(browser, { lang: 'zh' });
    await signIn(page, DEMO, `/device/info?SN=${AP_SN}`);
    await page.getByTestId('device-info-details').getByText('设备详情').waitFor();
    expect(await page.getByTestId('device-info-field-sn').textContent()).toBe(AP_SN);
    await page.getByTestId('device-info-chart-clients').getByText('终端数').first().waitFor();
    // An AP has no port panel.
    expect(await page.getByTestId('device-info-ports').count()).toBe(0);
    await context.close();
  });
});

describe('/device/info: charts', () => {
  it('says "collecting data" until a line has two points, in both languages', async () => {
    for (const [lang, text] of [
      ['en', 'Collecting data'],
      ['zh', '正在收集数据'],
    ] as const) {
      const { context, page } = await newPage(browser, { lang });
      await signIn(page, DEMO);
      const [reply] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/v1/device/getDeviceRate')),
        page.goto(`/device/info?SN=${AP_SN}`),
      ]);
      const body = (await reply.json()) as { RxRate: (number | null)[]; TxRate: (number | null)[] };
      // A line can be drawn once two neighbouring hours have a value; on a server started minutes
      // ago there is one (unless the run crossed an hour): a lone dot at the right edge otherwise.
      const drawable = [body.RxRate, body.TxRate].some((d) =>
        d.some((v, i) => v !== null && i > 0 && d[i - 1] !== null),
      );
      const card = page.getByTestId('device-info-chart-rate');
      await page.locator('[data-testid="device-info-chart-rate"]:not([data-state="loading"])').waitFor();
      if (drawable) {
        expect(await card.getAttribute('data-state')).toBe('draw');
      } else {
        expect(await card.getAttribute('data-state')).toBe('collecting');
        expect(await card.textContent()).toContain(text);
        expect(await card.locator('canvas').count()).toBe(0);
      }
      await context.close();
    }
  });
});

describe('/device/info: dropped messages (protocol §8)', () => {
  it("shows a device's drops by reason, and names its CPU and memory bars", async () => {
    // A device of the test's own, registered to the demo tenant, that sends what the gateway drops.
    const sn = `DR${randomBytes(5).toString('hex').toUpperCase()}`;
    const token = await apiToken(DEMO);
    await apiCall('POST', '/v1/device/add', token, {
      SN: sn,
      MAC: randomBytes(6).toString('hex').toUpperCase(),
      Alias: `drops ${sn}`,
    });
    const client = await connectAsync(mqttURL(), {
      clientId: sn,
      username: sn,
      password: deviceSecret(inject('factoryKey'), sn),
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    await client.publishAsync(`dev/${sn}/up/stats`, 'not json {', { qos: 1 });
    await client.publishAsync(`dev/${sn}/up/stats`, 'x'.repeat(65_537), { qos: 1 });
    await client.publishAsync(`dev/${sn}/up/stats`, 'still not json', { qos: 1 });
    await client.endAsync();

    const { context, page } = await newPage(browser);
    await signIn(page, DEMO, `/device/info?SN=${sn}`);
    const field = page.getByTestId('device-info-field-drops');
    // The page reads again every 10 s: the counts are there by the first or the next read.
    await page.getByTestId('device-info-drop-not_json').filter({ hasText: 'Not JSON: 2' }).waitFor();
    expect(await page.getByTestId('device-info-drop-too_large').textContent()).toBe('Payload over 64 KiB: 1');
    expect(await field.textContent()).toMatch(/\(counted since \d{4}-/);

    // The gauges of an online device are named progress bars.
    await page.goto(`/device/info?SN=${SWITCH_SN}`);
    await page.getByTestId('device-info-field-sn').filter({ hasText: SWITCH_SN }).waitFor();
    await page.getByRole('progressbar', { name: 'CPU usage' }).waitFor();
    await page.getByRole('progressbar', { name: 'Memory usage' }).waitFor();
    await context.close();

    const zh = await newPage(browser, { lang: 'zh' });
    await signIn(zh.page, DEMO, `/device/info?SN=${sn}`);
    await zh.page.getByTestId('device-info-drop-not_json').filter({ hasText: '不是 JSON：2' }).waitFor();
    await zh.context.close();
  });
});
