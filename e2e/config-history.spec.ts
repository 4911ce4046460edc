/**
 * The configuration history (issue 15 point 4, /deviceconf/configHistory) against the e2e server: a
 * profile edited twice through the API, its versions listed, two of them compared side by side (the
 * changed field highlighted, "only changes"), the earlier one restored from the comparison — the
 * profile then holds the old value under a new revision — in English at 1366×800 and in Chinese at
 * phone width, each screen scanned by axe.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigItem, ConfigRestoreReply } from '@netconsole/contract';
import { launch, newPage } from './support/browser.ts';
import { axeAtRest } from './support/axe.ts';
import { DEMO, signIn, still } from './support/console.ts';
import { apiCall, apiToken } from './support/simulated-network.ts';

let browser: Browser;
let token: string;
let profile: ConfigItem;
/** This run's own profile name, so a rerun on the same server does not meet its earlier one. */
const NAME = `E2E history ${Date.now().toString(36).slice(-5)}`;
const office = { SSID: 'Office', Encryption: 'wpa2', Key: 'correct-horse-42' };

function body(vlan: number, cycle: number) {
  return { Name: NAME, Type: 2, CycleTime: cycle, IPMode: 'dhcp', Groups: [{ ...office, VLAN: vlan }] };
}

/** The profile now, read with the session's token (a second sign-in of the account ends the first). */
async function detail(session: string): Promise<ConfigItem> {
  return (await apiCall<{ list: ConfigItem }>('GET', `/v1/config/detail?_id=${profile._id}`, session)).list;
}

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(DEMO);
  // r1: VLAN 10, report timer 30 s; r2: VLAN 20; r3: report timer 60 s.
  profile = (await apiCall<{ list: ConfigItem }>('POST', '/v1/config/add', token, body(10, 30))).list;
  await apiCall('PUT', '/v1/config/update', token, { ...body(20, 30), _id: profile._id });
  await apiCall('PUT', '/v1/config/update', token, { ...body(20, 60), _id: profile._id });
});
afterAll(async () => {
  const session = await apiToken(DEMO);
  await apiCall('DELETE', `/v1/config/deleteConfig?_id=${profile._id}`, session).catch(() => undefined);
  await browser.close();
});

/** Axe's serious and critical violations on the screen at rest, as report lines. */
const scan = (page: Page, where: string) => axeAtRest(page, where);

async function openHistory(page: Page): Promise<void> {
  await page.goto(`/deviceconf/configHistory?_id=${profile._id}`);
  await page.getByTestId('history-row-1').waitFor();
}

const line = (page: Page, section: string, field: string) =>
  page.getByTestId(`diff-line-${section}-${field}`);

describe('/deviceconf/configHistory', () => {
  it('compares two versions with the change highlighted and restores the earlier one as a new revision', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 800 });
    const { Token } = await signIn(page, DEMO);
    await openHistory(page);
    expect(await page.getByTestId('history-row-3').textContent()).toContain('Report timer');
    expect(await page.getByTestId('history-current-3').count()).toBe(1);
    const problems = await scan(page, 'history en 1366');

    // r1 and r3 ticked and compared: the VLAN and the timer differ, the encryption does not.
    await page.getByTestId('history-select-3').check();
    await page.getByTestId('history-select-1').check();
    await (await still(page.getByTestId('history-compare-selected'))).click();
    const vlan = line(page, 'group:Office', 'Group.VLAN');
    await vlan.waitFor();
    expect(await vlan.getAttribute('data-status')).toBe('changed');
    expect(await vlan.getAttribute('class')).toContain('is-changed');
    expect(await line(page, 'group:Office', 'Group.VLAN-left').textContent()).toBe('10');
    expect(await line(page, 'group:Office', 'Group.VLAN-right').textContent()).toBe('20');
    expect(await line(page, 'basics', 'CycleTime').getAttribute('data-status')).toBe('changed');
    expect(await line(page, 'group:Office', 'Group.Encryption').getAttribute('data-status')).toBe('same');
    expect(await page.getByTestId('history-diff-count').textContent()).toBe('2 differences');
    problems.push(...(await scan(page, 'history comparison en 1366')));

    // Only the changes: the unchanged lines go, the changed ones stay.
    await page.getByTestId('history-only-changes').click();
    await line(page, 'group:Office', 'Group.Encryption').waitFor({ state: 'detached' });
    expect(await line(page, 'group:Office', 'Group.VLAN').count()).toBe(1);

    // Restore r1 from the comparison: a new revision with the old values.
    await page.getByTestId('history-restore-r1').click();
    await page.getByTestId('history-restore-dialog').waitFor();
    problems.push(...(await scan(page, 'restore dialog en 1366')));
    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/v1/config/restore')),
      (await still(page.getByTestId('history-restore-ok'))).click(),
    ]);
    expect(reply.status(), await reply.text()).toBe(200);
    expect((await reply.json()) as ConfigRestoreReply).toMatchObject({
      Changed: true,
      list: { Revision: 4 },
    });
    await page.getByTestId('history-current-4').waitFor();
    expect(await page.getByTestId('history-row-4').textContent()).toContain('Restored from r1');
    const now = await detail(Token);
    expect(now).toMatchObject({ Revision: 4, CycleTime: 30 });
    expect(now.Groups[0]!.VLAN).toBe(10);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('reads in Chinese on a phone: the comparison stacked, its sections and marks in Chinese', async () => {
    const { context, page } = await newPage(browser, { lang: 'zh', width: 390, height: 844 });
    await signIn(page, DEMO);
    await openHistory(page);
    const problems = await scan(page, 'history zh 390');
    // r2 with the one before it: the VLAN changed.
    await (await still(page.getByTestId('history-compare-previous-2'))).click();
    const section = page.getByTestId('diff-section-group:Office');
    await section.waitFor();
    expect(await section.textContent()).toContain('无线组 Office');
    const vlan = line(page, 'group:Office', 'Group.VLAN');
    expect(await vlan.getAttribute('data-status')).toBe('changed');
    expect(await vlan.textContent()).toContain('已修改');
    // Stacked: the field's label sits above its two values, within the phone's width.
    const box = await vlan.boundingBox();
    const label = await vlan.locator('th').boundingBox();
    const left = await line(page, 'group:Office', 'Group.VLAN-left').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(left!.y).toBeGreaterThan(label!.y);
    problems.push(...(await scan(page, 'history comparison zh 390')));
    expect(await page.getByTestId('history-diff-count').textContent()).toBe('1 处差异');
    expect(problems).toEqual([]);
    await context.close();
  });
});
