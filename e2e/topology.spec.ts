import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage } from './support/browser.ts';
import { DEMO, DEMO_OPS, eventually, signIn } from './support/console.ts';
import { apiToken, simulatedNetwork, type SimulatedNetwork } from './support/simulated-network.ts';

let browser: Browser;
let net: SimulatedNetwork;

beforeAll(async () => {
  browser = await launch();
  // router → core switch → three APs, this test's own devices.
  net = await simulatedNetwork(await apiToken(DEMO), {
    name: `Topo ${Date.now().toString(36)}`,
    switches: 1,
    aps: 3,
  });
  await net.fleet.start();
  await net.fleet.waitOnline({ timeoutMs: 30_000 });
});
afterAll(async () => {
  await net?.fleet.stop();
  await browser.close();
});

const chart = (page: Page) => page.getByTestId('topology-chart');

/** Refreshes (the drawing also refetches by itself every 30 s) until `fn` holds. */
async function refreshUntil(page: Page, fn: () => Promise<boolean>): Promise<void> {
  await eventually(async () => {
    if (await fn()) return true;
    await page.getByTestId('topology-refresh').click();
    await page.waitForTimeout(500);
    return false;
  }, 30_000);
}

async function historyCount(page: Page): Promise<number> {
  return page.locator('[data-testid^="topology-history-"][data-active]').count();
}

describe('/dashboard/topology', () => {
  it('draws the LLDP tree; a link change makes a history record whose drawing marks the changed node', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO);
    await page.goto(`/dashboard/topology?_id=${net.id}`);
    await chart(page).waitFor();
    // Every device reported its neighbours: five nodes below and beside the router.
    await refreshUntil(page, async () => (await chart(page).getAttribute('data-nodes')) === '5');
    await eventually(async () => (await chart(page).getAttribute('data-rendered')) === '1');
    expect(await page.getByTestId('topology-caption').getAttribute('data-mode')).toBe('current');
    await refreshUntil(page, async () => (await historyCount(page)) > 0);
    const before = await historyCount(page);

    // Vertical and horizontal: the same tree.
    await page.getByTestId('topology-orient-TB').click();
    await eventually(async () => (await chart(page).getAttribute('data-orient')) === 'TB');
    expect(page.url()).toContain('orient=TB');
    expect(await chart(page).getAttribute('data-nodes')).toBe('5');

    // A cable comes out: the core switch shuts the port of its first AP (both ends report it).
    const plan = net.fleet.plan.networks[0]!.devices;
    const core = plan.find((d) => d.type === 3)!;
    const ap = plan.find((d) => d.parentSn === core.sn && d.type === 2)!;
    net.fleet.device(core.sn)!.applyConfig('e2e-port-down', 1, {
      ports: [{ port: ap.parentPort!, enabled: false, pvid: 1 }],
    } as never);
    await refreshUntil(page, async () => (await historyCount(page)) > before);
    await eventually(async () => (await chart(page).getAttribute('data-nodes')) === '4');

    // The newest record: in force, its changed node marked in the drawing and named below it.
    const newest = page.getByTestId('topology-history-0');
    expect(Number(await newest.getAttribute('data-changed'))).toBeGreaterThan(0);
    await newest.click();
    await eventually(async () => (await newest.getAttribute('data-active')) === '1');
    expect(await page.getByTestId('topology-caption').getAttribute('data-mode')).toBe('record');
    expect(page.url()).toContain('record=');
    // Only the switch differs from the record before (one child fewer); the AP is gone.
    expect(await chart(page).getAttribute('data-changed')).toBe(net.alias(core.name));
    expect(await chart(page).getAttribute('data-nodes')).toBe('4');
    expect(await page.getByTestId('topology-changed-list').textContent()).toContain(net.alias(core.name));
    // The record before it: the five nodes, ended when the new one began.
    await page.getByTestId('topology-history-1').click();
    await eventually(
      async () => (await page.getByTestId('topology-history-1').getAttribute('data-active')) === '1',
    );
    expect(await chart(page).getAttribute('data-nodes')).toBe('5');

    // Back to the topology now; the full-window view shows the same.
    await page.getByTestId('topology-history-1').click();
    await eventually(
      async () => (await page.getByTestId('topology-caption').getAttribute('data-mode')) === 'current',
    );
    await page.getByTestId('topology-full').click();
    await page.waitForURL('**/dashboard/topoView?**');
    await page.getByTestId('topo-view').waitFor();
    await eventually(async () => (await chart(page).getAttribute('data-nodes')) === '4');
    await page.getByTestId('topo-view-close').click();
    await page.waitForURL('**/dashboard/topology?**');
    await context.close();
  });

  it('resets the topology after confirmation and exports it to PDF (Chinese)', async () => {
    const { context, page } = await newPage(browser, { lang: 'zh' });
    await signIn(page, DEMO);
    await page.goto(`/dashboard/topology?_id=${net.id}&orient=LR`);
    await eventually(async () => (await chart(page).getAttribute('data-rendered')) === '1', 15_000);
    expect(await page.getByTestId('topology-reset').textContent()).toContain('重置拓扑');
    await page.getByTestId('topology-reset').click();
    await page.getByTestId('confirm-ok').click();
    // The connected devices report again; the same four nodes come back.
    await page.getByText(/已请 \d+ 台在线设备重新上报邻居/).waitFor();
    await refreshUntil(page, async () => (await chart(page).getAttribute('data-nodes')) === '4');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('topology-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^topology-Topo-[a-z0-9]+-\d{8}-\d{4}\.pdf$/);
    expect(
      fs
        .readFileSync(await download.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await context.close();
  });
});

describe('/appTopo', () => {
  it('shows the topology with the token the app puts in its address, without a console session', async () => {
    const token = await apiToken(DEMO_OPS);
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`/appTopo?token=${encodeURIComponent(token)}&_id=${net.id}`);
    await page.getByTestId('app-topo').waitFor();
    await eventually(async () => (await chart(page).getAttribute('data-rendered')) === '1', 15_000);
    expect(Number(await chart(page).getAttribute('data-nodes'))).toBeGreaterThanOrEqual(4);
    // No top bar or sidebar, and the browser was not signed in.
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    expect((await context.cookies()).some((c) => c.name === 'Token')).toBe(false);

    await page.goto(`/appTopo?token=not-a-token&_id=${net.id}`);
    await page.getByTestId('app-topo-rejected').waitFor();
    await page.goto(`/appTopo?_id=${net.id}`);
    await page.getByTestId('app-topo-no-token').waitFor();
    expect(new URL(page.url()).pathname).toBe('/appTopo');
    await context.close();
  });
});
