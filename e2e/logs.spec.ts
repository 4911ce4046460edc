/**
 * The log screens (issue 17 point 5) against the e2e server: a state-changing call (creating this
 * test's network) in the audit log at /log/list, found by its filter and exported as CSV; a
 * message read from /log/message, read on /log/detail, with the top bar's unread dot following;
 * the log lines and switch events of a simulated switch on /log/device. One sign-in for the file:
 * the tests share its page, and API calls go with its token (a second sign-in would end it).
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditList, DeviceLogList, SwitchLogList } from '@netconsole/contract';
import { launch, newPage, WAIT_MS } from './support/browser.ts';
import { DEMO, eventually, signIn } from './support/console.ts';
import { apiCall, apiToken, simulatedNetwork, type SimulatedNetwork } from './support/simulated-network.ts';

const RUN = Date.now().toString(36);
/** A log line the simulated switch sends; unique to this run. */
const LINE = `e2e log line ${RUN}`;

let browser: Browser;
let page: Page;
let token: string;
let tenantId: string;
let net: SimulatedNetwork;
let switchSn: string;

beforeAll(async () => {
  browser = await launch();
  ({ page } = await newPage(browser, { width: 1366, height: 800 }));
  const session = (await signIn(page, DEMO)) as Awaited<ReturnType<typeof signIn>> & {
    Token: string;
    Tenant: { _id: string } | null;
  };
  token = session.Token;
  tenantId = session.Tenant?._id ?? '';
  expect(tenantId, 'the demo account has a tenant').not.toBe('');
  // A router and a switch of this test's own: creating their network is the audited call.
  net = await simulatedNetwork(token, { name: `Logs ${RUN}`, switches: 1, aps: 0 });
  switchSn = net.fleet.plan.networks[0]!.devices.find((d) => d.type === 3)!.sn;
  await net.fleet.start();
  await net.fleet.waitOnline({ timeoutMs: WAIT_MS });
  // Sent now: a device sends its log lines within 5 s, while the first tests run.
  const device = net.fleet.device(switchSn)!;
  device.log(3, 'e2e', LINE);
  device.emitEvent({ ts: Date.now(), type: 'port_down', severity: 2, port: 3 });
});
afterAll(async () => {
  await net?.fleet.stop();
  await browser?.close();
});

describe('the log screens', () => {
  it('shows a state-changing call in the audit log, its filter finds it, the export holds it', async () => {
    // The audit log is written in batches: wait until it holds the call.
    const search = `/v1/log/getAll?search=${encodeURIComponent(net.name)}`;
    await eventually(async () => (await apiCall<AuditList>('GET', search, token)).count > 0);
    await page.goto('/log/list');
    await page.locator('[data-testid^="audit-row-"]').first().waitFor();
    await page.getByTestId('log-list-search').fill(net.name);
    // Network created (19), by the demo account, on the network's name — and nothing else.
    const row = page.locator('[data-testid^="audit-row-"][data-code="19"][data-outcome="0"]', {
      hasText: net.name,
    });
    await row.waitFor();
    await expect.poll(() => page.locator('[data-testid^="audit-row-"]').count()).toBe(1);
    expect(await row.textContent()).toContain(DEMO.username);
    await expect
      .poll(() => page.getByTestId('log-list-summary').getAttribute('data-total'), { timeout: WAIT_MS })
      .toBe('1');

    // The export holds what the filters select: the header and that one entry.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('log-list-export').click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(net.name);
  });

  it('reads a message from /log/message: it turns read and the unread dot follows', async () => {
    const admin = await apiToken({ username: 'admin', password: inject('adminPassword') });
    await apiCall('POST', '/v1/message/allStatus', token);
    const title = `E2E notice ${RUN}`;
    await apiCall('POST', '/v1/message/add', admin, { Title: title, Content: 'Read me.', Tenant: tenantId });

    await page.goto('/log/message?status=unread');
    await page.getByTestId('unread-dot').waitFor();
    const row = page.locator('[data-testid^="message-row-"]', { hasText: title });
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('unread');

    await row.locator('[data-testid^="message-open-"]').click();
    const message = page.getByTestId('detail-message');
    await message.waitFor();
    expect(await page.getByTestId('detail-title').textContent()).toBe(title);
    expect(await message.getAttribute('data-status')).toBe('read');
    // The dot follows the unread count. The demo tenant's own fleet may raise alarms whose digests
    // arrive as new unread messages at any moment, so the dot is compared with the count the
    // server gives, until both agree (with nothing else unread: no dot).
    await eventually(async () => {
      const unread = await apiCall<{ count: number }>(
        'GET',
        '/v1/dashboard/getUreadMessage?page=1&limit=1',
        token,
      );
      const dot = await page.getByTestId('unread-dot').count();
      return dot > 0 === unread.count > 0;
    });

    await page.getByTestId('detail-back').click();
    await page.waitForURL('**/log/message?status=init');
    await expect.poll(() => row.getAttribute('data-status'), { timeout: WAIT_MS }).toBe('read');
  });

  it("shows a simulated switch's log lines and its switch events", async () => {
    await eventually(async () => {
      const q = `SN=${switchSn}`;
      const lines = await apiCall<DeviceLogList>('GET', `/v1/log/getdevicelog?${q}&search=${RUN}`, token);
      const events = await apiCall<SwitchLogList>('GET', `/v1/switch/getLog?${q}&Type=4`, token);
      return lines.count > 0 && events.count > 0;
    });
    await page.goto(`/log/device?SN=${switchSn}`);
    const line = page.locator(`[data-testid^="device-log-row-"][data-sn="${switchSn}"]`, { hasText: LINE });
    await line.waitFor();
    await page.getByTestId('device-log-view-events').click();
    // Port link down (type 4) on port 3.
    await page.locator('[data-testid^="switch-event-row-"][data-type="4"]').first().waitFor();
  });
});
