/**
 * The wireless groups screen (issue 15 point 1, /deviceconf/wireless) against the e2e server: a
 * group with a schedule that runs past midnight added to an AP profile like the demo's, listed with
 * its schedule and stored as typed; a bad pre-shared key and VLAN refused beside their fields in
 * English and in Chinese before anything is sent; the group removed; axe on the list and on the
 * editor at 1366×800 and at phone width.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, errorText, type ConfigGroupsReply, type ConfigReply } from '@netconsole/contract';
import { launch, newPage, WAIT_MS } from './support/browser.ts';
import { axeAtRest } from './support/axe.ts';
import { DEMO, signIn, still } from './support/console.ts';
import { apiCall, apiToken } from './support/simulated-network.ts';

let browser: Browser;
let token: string;
let profileId: string;
/** This run's own profile and SSID, so a rerun on the same server does not meet its earlier ones. */
const RUN = Date.now().toString(36).slice(-5);
const PROFILE = `E2E Wireless ${RUN}`;
const SSID = `E2E-Night-${RUN}`;

beforeAll(async () => {
  browser = await launch();
  token = await apiToken(DEMO);
  // An AP profile shaped like the demo's "Office Wi-Fi": a staff SSID and a guest SSID.
  const created = await apiCall<ConfigReply>('POST', '/v1/config/add', token, {
    Name: PROFILE,
    Type: 2,
    CycleTime: 30,
    IPMode: 'dhcp',
    Radios: [{ Band: '2.4', Width: 20 }],
    Groups: [
      { SSID: `E2E-Staff-${RUN}`, Encryption: 'wpa2', Key: 'e2e-staff-2026', VLAN: 10 },
      { SSID: `E2E-Guest-${RUN}`, Encryption: 'open', Portal: true },
    ],
  });
  profileId = created.list._id;
});
afterAll(async () => {
  await apiCall('DELETE', '/v1/config/deleteConfig', await apiToken(DEMO), { _id: profileId }).catch(
    () => undefined,
  );
  await browser.close();
});

/** The error text under the form field that holds `testId`. */
function errorOf(page: Page, testId: string): Locator {
  return page
    .getByTestId(testId)
    .locator('xpath=ancestor::div[contains(concat(" ", normalize-space(@class), " "), " ant-form-item ")][1]')
    .locator('.ant-form-item-explain-error');
}

async function expectError(page: Page, testId: string, text: string): Promise<void> {
  await expect.poll(() => errorOf(page, testId).allTextContents(), { timeout: WAIT_MS }).toContain(text);
}

/** Axe on the page (or within one part): each serious or critical violation as a line. */
/** axe once the screen is at rest (a refusal fading out as its field turns valid reads as low contrast). */
const scan = (page: Page, within?: string) => axeAtRest(page, 'wireless', within);

async function openScreen(page: Page): Promise<void> {
  await page.goto('/deviceconf/wireless');
  await page.getByTestId('wireless-table').waitFor();
  await page.getByTestId(`wireless-row-E2E-Staff-${RUN}`).waitFor();
}

/** Opens the editor for a new group in this run's profile. */
async function openEditor(page: Page): Promise<void> {
  await page.getByTestId('wireless-add').click();
  await page.getByTestId('wireless-editor').waitFor();
  await page.getByTestId('wireless-editor-profile').click();
  await (await still(page.getByTestId(`wireless-editor-profile-${PROFILE}`))).click();
}

/** Types the spec §5 mistakes: a 5-character passphrase and VLAN 1. */
async function badGroup(page: Page): Promise<void> {
  await page.getByTestId('group-1-ssid').fill(SSID);
  await page.getByTestId('group-1-key').fill('short');
  await page.getByTestId('group-1-vlan').fill('1');
}

/** Sets a time picker of the schedule by typing, as a keyboard user would. */
async function setTime(page: Page, testId: string, hhmm: string): Promise<void> {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(hhmm);
  await input.press('Enter');
  await expect.poll(() => input.inputValue(), { timeout: WAIT_MS }).toBe(hhmm);
}

describe('/deviceconf/wireless', () => {
  it('adds a group with a schedule past midnight, refusing a bad PSK and VLAN first', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 800 });
    await signIn(page, DEMO);
    await openScreen(page);
    expect(await scan(page), 'axe on the list at 1366×800').toEqual([]);

    await openEditor(page);
    await badGroup(page);
    await expectError(page, 'group-1-key', errorText(ErrorCode.PresharedKeyInvalid, 'en'));
    await expectError(page, 'group-1-vlan', errorText(ErrorCode.VlanInvalid, 'en'));
    // Nothing is sent while the editor holds mistakes.
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/v1/config/add/groups')) sent++;
    });
    // Submitting checks every field again: the mistakes stay shown, the editor stays open.
    await page.getByTestId('wireless-editor-submit').click();
    await expectError(page, 'group-1-key', errorText(ErrorCode.PresharedKeyInvalid, 'en'));
    expect(await page.getByTestId('wireless-editor').isVisible()).toBe(true);
    expect(sent).toBe(0);

    await page.getByTestId('group-1-key').fill('night-shift-2026');
    await page.getByTestId('group-1-vlan').fill('30');
    // Always on until a rule is added; the new rule is Monday to Friday, 08:00–18:00.
    await page.getByTestId('group-1-schedule-always').waitFor();
    await page.getByTestId('group-1-schedule-add').click();
    await page.getByTestId('group-1-schedule-1-day-6').click();
    await expect
      .poll(() => page.getByTestId('group-1-schedule-1-day-6').getAttribute('aria-pressed'))
      .toBe('true');
    await setTime(page, 'group-1-schedule-1-start', '22:00');
    await setTime(page, 'group-1-schedule-1-end', '06:00');
    await page.getByTestId('group-1-schedule-1-overnight').waitFor();
    // The week's picture names the schedule for assistive technology.
    expect(await page.getByTestId('group-1-schedule-week').getByRole('img').getAttribute('aria-label')).toBe(
      'Mon–Sat 22:00–06:00 (next day)',
    );
    expect(await scan(page, '.ant-modal'), 'axe on the editor at 1366×800').toEqual([]);

    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/v1/config/add/groups')),
      page.getByTestId('wireless-editor-submit').click(),
    ]);
    expect(saved.status()).toBe(200);
    await page.getByTestId('wireless-editor').waitFor({ state: 'detached' });
    const row = page.getByTestId(`wireless-row-${SSID}`);
    await row.waitFor();
    await expect
      .poll(() => page.getByTestId(`wireless-schedule-${SSID}`).textContent(), { timeout: WAIT_MS })
      .toContain('Mon–Sat 22:00–06:00 (next day)');
    expect(await row.textContent()).toContain(PROFILE);

    // One session per account: a new token (the browser's session ends, its part is done).
    token = await apiToken(DEMO);
    const stored = await apiCall<ConfigGroupsReply>('GET', `/v1/config/groups?_id=${profileId}`, token);
    expect(stored.list.find((g) => g.SSID === SSID)).toMatchObject({
      VLAN: 30,
      Encryption: 'wpa2',
      Schedule: [{ Days: [1, 2, 3, 4, 5, 6], Start: '22:00', End: '06:00' }],
    });
    await context.close();
  });

  it('shows the refusals and the schedule in Chinese at phone width', async () => {
    const { context, page } = await newPage(browser, { lang: 'zh', width: 390, height: 844 });
    await signIn(page, DEMO);
    await openScreen(page);
    await expect
      .poll(() => page.getByTestId(`wireless-schedule-${SSID}`).textContent(), { timeout: WAIT_MS })
      .toContain('周一–周六 22:00–06:00（次日）');
    expect(await scan(page), 'axe on the list at phone width').toEqual([]);

    await openEditor(page);
    await badGroup(page);
    const psk = errorText(ErrorCode.PresharedKeyInvalid, 'zh');
    expect(psk).not.toBe(errorText(ErrorCode.PresharedKeyInvalid, 'en'));
    await expectError(page, 'group-1-key', psk);
    await expectError(page, 'group-1-vlan', errorText(ErrorCode.VlanInvalid, 'zh'));
    // The profile already has this SSID: refused beside the SSID before anything is sent.
    await page.getByTestId('group-1-key').fill('night-shift-2026');
    await expectError(page, 'group-1-ssid', errorText(ErrorCode.SsidDuplicated, 'zh'));
    await page.getByTestId('group-1-schedule-add').click();
    await page.getByTestId('group-1-schedule-1').waitFor();
    expect(await scan(page, '.ant-modal'), 'axe on the editor at phone width').toEqual([]);
    await page.getByTestId('wireless-editor-cancel').click();
    await page.getByTestId('wireless-editor').waitFor({ state: 'detached' });
    await context.close();
  });

  it('removes the group with the chosen ones', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 800 });
    await signIn(page, DEMO);
    await openScreen(page);
    await page.getByTestId('wireless-search').fill(RUN);
    await page.getByTestId(`wireless-select-${SSID}`).check();
    await page.getByTestId('wireless-remove-selected').click();
    const [removed] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/v1/config/del/groups')),
      (await still(page.getByTestId('confirm-ok'))).click(),
    ]);
    expect(removed.status()).toBe(200);
    await page.getByTestId(`wireless-row-${SSID}`).waitFor({ state: 'detached' });
    token = await apiToken(DEMO);
    const left = await apiCall<ConfigGroupsReply>('GET', `/v1/config/groups?_id=${profileId}`, token);
    expect(left.list.map((g) => g.SSID)).toEqual([`E2E-Staff-${RUN}`, `E2E-Guest-${RUN}`]);
    await context.close();
  });
});
