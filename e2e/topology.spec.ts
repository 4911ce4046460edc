import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, WAIT_MS } from './support/browser.ts';
import { DEMO, DEMO_OPS, eventually, signIn, still } from './support/console.ts';
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
  await net.fleet.waitOnline({ timeoutMs: WAIT_MS });
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
    // The refetch's answer, not a pause: the check above runs again on what it drew.
    await Promise.all([
      page.waitForResponse((r) => /\/v1\/(switch\/getLldpInfo|lldp\/getAll)/.test(r.url())),
      page.getByTestId('topology-refresh').click(),
    ]);
    return false;
  });
}

async function historyCount(page: Page): Promise<number> {
  return page.locator('[data-testid^="topology-history-"][data-active]').count();
}

describe('/dashboard/topology', () => {
  it('draws the LLDP tree; a link change makes a history record whose drawing marks the changed node', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO, `/dashboard/topology?_id=${net.id}`);
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
    await signIn(page, DEMO, `/dashboard/topology?_id=${net.id}&orient=LR`);
    await eventually(async () => (await chart(page).getAttribute('data-rendered')) === '1');
    expect(await page.getByTestId('topology-reset').textContent()).toContain('重置拓扑');
    await page.getByTestId('topology-reset').click();
    await (await still(page.getByTestId('confirm-ok'))).click();
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

describe('/dashboard/topoView and the drawing’s viewport', () => {
  it('opens the first network without ?_id= (both languages)', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { context, page } = await newPage(browser, { lang });
      await signIn(page, DEMO, '/dashboard/topoView');
      // The first network is chosen, and the drawing (or its reason for none) shows: no endless spin.
      await page.waitForURL(/[?&]_id=/);
      await page
        .locator('[data-testid="topology-chart"][data-rendered="1"], [data-testid="topology-empty"]')
        .first()
        .waitFor();
      await context.close();
    }
  });

  it('fits the tree on open, zooms with buttons, wheel and keys, and is a named, focusable region', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, DEMO, `/dashboard/topology?_id=${net.id}&orient=TB`);
    await eventually(async () => (await chart(page).getAttribute('data-rendered')) === '1');
    const c = chart(page);
    expect(await c.getAttribute('role')).toBe('region');
    expect(await c.getAttribute('aria-label')).toMatch(/Topology drawing, \d+ nodes?/);
    expect(await c.getAttribute('tabindex')).toBe('0');

    // Nothing cut off: the whole stage lies inside the viewport, on every side, at any size.
    const scaleOf = async () => Number(await c.getAttribute('data-scale'));
    const inside = async () => {
      const vp = (await c.boundingBox())!;
      const st = (await page.getByTestId('topology-stage').boundingBox())!;
      return (
        st.x >= vp.x - 1 &&
        st.x + st.width <= vp.x + vp.width + 1 &&
        st.y >= vp.y - 1 &&
        st.y + st.height <= vp.y + vp.height + 1
      );
    };
    // Port labels are drawn only where they are 9 px or more (75 %); below, a hint says to zoom in.
    const portsMatchScale = async () => {
      const drawn = (await c.getAttribute('data-ports')) === '1';
      const hint = (await page.getByTestId('topology-ports-hint').count()) > 0;
      const readable = (await scaleOf()) >= 0.75 - 1e-3;
      return drawn === readable && hint === !drawn;
    };
    await eventually(inside);
    await eventually(portsMatchScale);
    const fitted = await scaleOf();
    expect(fitted).toBeLessThanOrEqual(1);

    await page.getByTestId('topology-zoom-in').click();
    await eventually(async () => (await scaleOf()) > fitted);
    await c.focus();
    // Zoomed out below 75 % (three steps after one in: at most 64 %): the port labels go.
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await eventually(async () => (await scaleOf()) < Math.min(fitted, 0.75));
    await eventually(async () => (await c.getAttribute('data-ports')) === '0' && (await portsMatchScale()));
    const before = await scaleOf();
    await c.hover();
    await page.mouse.wheel(0, -300);
    await eventually(async () => (await scaleOf()) > before);
    // Zoomed in past 75 %: they come back and the hint goes.
    for (let i = 0; i < 10 && (await scaleOf()) < 0.75; i++) {
      const was = await scaleOf();
      await page.getByTestId('topology-zoom-in').click();
      await eventually(async () => (await scaleOf()) > was);
    }
    await eventually(async () => (await c.getAttribute('data-ports')) === '1' && (await portsMatchScale()));
    await page.getByTestId('topology-fit').click();
    await eventually(inside);
    await context.close();
  });
});

describe('/appTopo', () => {
  it('shows the topology with the token the app puts in its address, without a console session', async () => {
    const token = await apiToken(DEMO_OPS);
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`/appTopo?token=${encodeURIComponent(token)}&_id=${net.id}`);
    await page.getByTestId('app-topo').waitFor();
    await eventually(async () => (await chart(page).getAttribute('data-rendered')) === '1');
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
