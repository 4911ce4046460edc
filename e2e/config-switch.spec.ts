/**
 * The switch and router profile screens (issue 15: /deviceconf/switch, switchform, routerConfig,
 * routerform) against the e2e server: the front panel changes a port's PoE, which the server then
 * holds (and only that port); a bad PVID is refused beside its field in English and in Chinese
 * before anything is sent; a router profile with PPPoE is saved and saved again keeping its
 * write-only password; and axe finds nothing serious on the four screens, wide and at phone width.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, errorText, type ConfigItem, type ConfigReply } from '@netconsole/contract';
import { launch, newPage, WAIT_MS } from './support/browser.ts';
import { axeViolations as scan, settled } from './support/axe.ts';
import { DEMO, eventually, pathOf, signIn, still } from './support/console.ts';
import { apiCall, apiToken } from './support/simulated-network.ts';

let browser: Browser;
/** This run's own names, so a rerun on the same server does not meet its earlier profiles. */
const RUN = Date.now().toString(36).slice(-5);
const SWITCH_NAME = `E2E switch ${RUN}`;
const ROUTER_NAME = `E2E router ${RUN}`;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
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

async function openNewForm(page: Page, list: string, form: string): Promise<void> {
  // The tests sign in onto the list (one page load); from elsewhere it is loaded.
  if (pathOf(page) !== list) await page.goto(list);
  await page.getByTestId('config-table').waitFor();
  await page.getByTestId('config-add').click();
  await page.waitForURL(`**${form}`);
  await page.getByTestId('config-form').waitFor();
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A profile as the server holds it, read with the page's own session. */
async function detail(page: Page, token: string, id: string): Promise<ConfigItem> {
  const reply = await page.request.get(`/v1/config/detail?_id=${encodeURIComponent(id)}`, {
    headers: bearer(token),
  });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as ConfigReply).list;
}

/** Saves the form and returns the server's answer to the save. */
async function save(page: Page, call: 'add' | 'update'): Promise<ConfigItem> {
  const [reply] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(`/v1/config/${call}`) && r.request().method() !== 'GET'),
    page.getByTestId('config-form-submit').click(),
  ]);
  expect(reply.status(), await reply.text()).toBe(200);
  return ((await reply.json()) as ConfigReply).list;
}

async function chooseOption(page: Page, select: string, option: string): Promise<void> {
  await page.getByTestId(select).click();
  await (await still(page.getByTestId(option))).click();
}

describe('/deviceconf/switch and /deviceconf/switchform', () => {
  let profileId = '';

  it('the front panel changes a port’s PoE: saved, shown again, and held by the server', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 800 });
    const { Token } = await signIn(page, DEMO, '/deviceconf/switch');
    await openNewForm(page, '/deviceconf/switch', '/deviceconf/switchform');
    await page.getByTestId('config-form-name').fill(SWITCH_NAME);
    expect(await page.getByTestId('switch-port-3').getAttribute('data-state')).toBe('unset');

    await page.getByTestId('switch-port-3').click();
    const editor = page.getByTestId('switch-port-editor');
    await still(editor);
    await page.getByTestId('switch-port-poe-on').click();
    await chooseOption(page, 'switch-port-poe-priority', 'switch-port-poe-priority-high');
    await page.getByTestId('switch-port-poe-maxw').fill('15');
    await page.getByTestId('switch-port-apply').click();
    await editor.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('switch-port-3').getAttribute('data-state'), { timeout: WAIT_MS })
      .toBe('poe');
    expect(await page.getByTestId('switch-ports-summary').textContent()).toContain('port 3');

    const saved = await save(page, 'add');
    profileId = saved._id;
    await page.waitForURL('**/deviceconf/switch');
    // Only the port touched is in the profile: the others stay as each switch has them.
    const held = await detail(page, Token, profileId);
    expect(held.Ports).toEqual([
      {
        Port: 3,
        Enabled: true,
        Description: '',
        Speed: 'auto',
        Duplex: 'auto',
        PVID: 1,
        TaggedVlans: [],
        Poe: { Enabled: true, Priority: 'high', MaxW: 15 },
      },
    ]);

    await page.getByTestId('config-search').fill(SWITCH_NAME);
    await page.getByTestId(`config-row-${SWITCH_NAME}`).waitFor();
    await page.getByTestId(`config-edit-${SWITCH_NAME}`).click();
    await page.waitForURL('**/deviceconf/switchform?id=*');
    await expect
      .poll(() => page.getByTestId('switch-port-3').getAttribute('data-state'), { timeout: WAIT_MS })
      .toBe('poe');
    expect(await page.getByTestId('switch-port-4').getAttribute('data-state')).toBe('unset');
    await page.getByTestId('switch-port-3').click();
    await still(editor);
    expect(await page.getByTestId('switch-port-poe-maxw').inputValue()).toBe('15');
    expect(await page.getByTestId('switch-port-poe-priority').textContent()).toContain('High');
    await context.close();
  });

  it.each([
    { lang: 'en' as const, width: 1366, height: 800 },
    { lang: 'zh' as const, width: 390, height: 844 },
  ])('refuses a bad PVID beside its field ($lang, $width px)', async ({ lang, width, height }) => {
    const { context, page } = await newPage(browser, { lang, width, height });
    await signIn(page, DEMO, '/deviceconf/switch');
    await openNewForm(page, '/deviceconf/switch', '/deviceconf/switchform');
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/v1/config/')) sent++;
    });
    await page.getByTestId('switch-port-5').click();
    await still(page.getByTestId('switch-port-editor'));
    await page.getByTestId('switch-port-pvid').fill('5000');
    const text = errorText(ErrorCode.VlanInvalid, lang);
    await expectError(page, 'switch-port-pvid', text);
    await page.getByTestId('switch-port-apply').click();
    await expectError(page, 'switch-port-pvid', text);
    // The port stays unset: nothing refused reaches the profile, nor the server.
    await page.getByTestId('switch-port-cancel').click();
    await page.getByTestId('switch-port-editor').waitFor({ state: 'detached' });
    expect(await page.getByTestId('switch-port-5').getAttribute('data-state')).toBe('unset');
    expect(pathOf(page)).toBe('/deviceconf/switchform');
    expect(sent).toBe(0);
    await context.close();
  });

  afterAll(async () => {
    if (!profileId) return;
    // Through the API: no screen to open for it.
    await apiCall('DELETE', '/v1/config/deleteConfig', await apiToken(DEMO), { _id: profileId });
  });
});

describe('/deviceconf/routerConfig and /deviceconf/routerform', () => {
  it('saves a router profile with PPPoE, and saves it again keeping the password', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 800 });
    const { Token } = await signIn(page, DEMO, '/deviceconf/routerConfig');
    await openNewForm(page, '/deviceconf/routerConfig', '/deviceconf/routerform');
    await page.getByTestId('config-form-name').fill(ROUTER_NAME);
    await page.getByTestId('config-form-ipmode-pppoe').click();
    await page.getByTestId('router-pppoe-username').fill('e2e@isp.example');
    // Without a password nothing is sent: a new profile has none to keep.
    await page.getByTestId('config-form-submit').click();
    await expectError(page, 'router-pppoe-password', errorText(ErrorCode.PppoeInvalid, 'en'));
    await page.getByTestId('router-pppoe-password').fill('e2e-pppoe-1');

    const saved = await save(page, 'add');
    expect(saved).toMatchObject({
      IPMode: 'pppoe',
      Pppoe: { Username: 'e2e@isp.example', PasswordSet: true },
      Lan: { IP: '192.168.1.1', DhcpEnabled: true },
    });
    await page.waitForURL('**/deviceconf/routerConfig');
    await page.getByTestId('config-search').fill(ROUTER_NAME);
    const row = page.getByTestId(`config-row-${ROUTER_NAME}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('PPPoE');

    await page.getByTestId(`config-edit-${ROUTER_NAME}`).click();
    await page.waitForURL('**/deviceconf/routerform?id=*');
    const username = page.getByTestId('router-pppoe-username');
    await eventually(async () => (await username.inputValue()) === 'e2e@isp.example');
    expect(await page.getByTestId('router-pppoe-password').inputValue()).toBe('');
    await page.getByTestId('config-form-description').fill('Kept password');
    const updated = await save(page, 'update');
    expect(updated).toMatchObject({
      Description: 'Kept password',
      Revision: 2,
      Pppoe: { PasswordSet: true },
    });

    await page.request.delete('/v1/config/deleteConfig', {
      data: { _id: saved._id },
      headers: bearer(Token),
    });
    await context.close();
  });
});

// At 1366 px e2e/a11y.spec.ts scans both lists and new forms in both languages: here the edit forms
// and the port editor at that width once, and every screen at a phone's width. The phone pass runs
// in Chinese, the longer labels and the other font; English at that width differs only in its words.
describe.each([
  { lang: 'en' as const, width: 1366, height: 800, lists: false },
  { lang: 'zh' as const, width: 390, height: 844, lists: true },
])('axe on the switch and router screens ($lang, $width px)', ({ lang, width, height, lists }) => {
  it('finds no serious or critical violation, the port editor open too', async () => {
    const { context, page } = await newPage(browser, { lang, width, height });
    await signIn(page, DEMO, '/deviceconf/switch');
    const report: string[] = [];
    for (const [list, form] of [
      ['/deviceconf/switch', '/deviceconf/switchform'],
      ['/deviceconf/routerConfig', '/deviceconf/routerform'],
    ] as const) {
      // The sign-in landed on the first list; the second is loaded.
      if (pathOf(page) !== list) await page.goto(list);
      // The demo tenant has a profile of each: a row shows the list with its data.
      await page.locator('[data-testid^="config-row-"]').first().waitFor();
      await settled(page);
      if (lists) report.push(...(await scan(page, `${list} (${lang}, ${width} px)`)));
      await page.locator('[data-testid^="config-edit-"]').first().click();
      await page.waitForURL(`**${form}?id=*`);
      await page.getByTestId('config-form').waitFor();
      await settled(page);
      report.push(...(await scan(page, `${form} (${lang}, ${width} px)`)));
    }
    await page.goto('/deviceconf/switchform');
    await page.getByTestId('switch-port-1').click();
    await page.getByTestId('switch-port-editor').waitFor();
    await settled(page);
    report.push(...(await scan(page, `port editor (${lang}, ${width} px)`, '.switch-port-drawer')));
    expect(report).toEqual([]);
    await context.close();
  });
});
