/**
 * The AP profile screens (issue 15, /deviceconf/ap and /deviceconf/apform) against the e2e server:
 * a profile with two wireless groups built in the form, the contract's refusals shown beside their
 * fields before anything is sent (in English and in Chinese), the server's own refusal shown with
 * its message, then saved, listed, edited and deleted.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, errorText } from '@netconsole/contract';
import { launch, newPage, WAIT_MS } from './support/browser.ts';
import { DEMO, eventually, pathOf, signIn, still } from './support/console.ts';

let browser: Browser;
/** This run's own profile name, so a rerun on the same server does not meet its earlier one. */
const NAME = `E2E APs ${Date.now().toString(36).slice(-5)}`;

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

async function chooseEncryption(page: Page, group: number, encryption: string): Promise<void> {
  await page.getByTestId(`group-${group}-encryption`).click();
  await (await still(page.getByTestId(`group-${group}-encryption-option-${encryption}`))).click();
  await expect
    .poll(() => page.getByTestId(`group-${group}-encryption`).textContent(), { timeout: WAIT_MS })
    .toContain('WEP');
}

async function openForm(page: Page): Promise<void> {
  await page.goto('/deviceconf/ap');
  await page.getByTestId('config-table').waitFor();
  await page.getByTestId('config-add').click();
  await page.waitForURL('**/deviceconf/apform');
  await page.getByTestId('config-form').waitFor();
}

/** Types the spec §5 mistakes into a fresh form's first group (VLAN 1, a 5-character passphrase). */
async function badFirstGroup(page: Page): Promise<void> {
  await page.getByTestId('group-1-ssid').fill('E2E-Staff');
  await page.getByTestId('group-1-key').fill('short');
  await page.getByTestId('group-1-vlan').fill('1');
}

describe('/deviceconf/ap and /deviceconf/apform', () => {
  it('builds a profile with two wireless groups, refusing bad VLAN, PSK and WEP in the user’s language', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 800 });
    await signIn(page, DEMO);
    await openForm(page);

    await badFirstGroup(page);
    await expectError(page, 'group-1-key', errorText(ErrorCode.PresharedKeyInvalid, 'en'));
    await expectError(page, 'group-1-vlan', errorText(ErrorCode.VlanInvalid, 'en'));
    await page.getByTestId('config-group-add').click();
    await page.getByTestId('group-2-ssid').fill('E2E-Legacy');
    await chooseEncryption(page, 2, 'wep');
    await page.getByTestId('group-2-key').fill('1234');
    await expectError(page, 'group-2-key', errorText(ErrorCode.WepKeyInvalid, 'en'));

    // Nothing is sent while the form holds mistakes.
    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/v1/config/add')) sent++;
    });
    await page.getByTestId('config-form-submit').click();
    await expectError(page, 'config-form-name', errorText(ErrorCode.ConfigNameRequired, 'en'));
    expect(pathOf(page)).toBe('/deviceconf/apform');
    expect(sent).toBe(0);

    await page.getByTestId('group-1-key').fill('e2e-staff-2026');
    await page.getByTestId('group-1-vlan').fill('10');
    await page.getByTestId('group-2-key').fill('abcde');
    await page.getByTestId('group-2-vlan').fill('20');
    await page.getByTestId('group-2-down').fill('3M');
    // A name the demo tenant already has: the server's refusal, with its message.
    await page.getByTestId('config-form-name').fill('office wi-fi');
    const [refused] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/v1/config/add')),
      page.getByTestId('config-form-submit').click(),
    ]);
    expect(refused.status()).toBe(409);
    await expect
      .poll(() => page.getByTestId('config-form-error').textContent(), { timeout: WAIT_MS })
      .toContain(errorText(ErrorCode.ConfigNameExists, 'en'));

    await page.getByTestId('config-form-name').fill(NAME);
    await page.getByTestId('config-form-submit').click();
    await page.waitForURL('**/deviceconf/ap');
    const row = page.getByTestId(`config-row-${NAME}`);
    await row.waitFor();
    expect(await row.textContent()).toContain('E2E-Staff');
    expect(await row.textContent()).toContain('E2E-Legacy');
    await context.close();
  });

  it('shows the same refusals in Chinese', async () => {
    const { context, page } = await newPage(browser, { lang: 'zh', width: 390, height: 844 });
    await signIn(page, DEMO);
    await openForm(page);
    await badFirstGroup(page);
    const psk = errorText(ErrorCode.PresharedKeyInvalid, 'zh');
    expect(psk).not.toBe(errorText(ErrorCode.PresharedKeyInvalid, 'en'));
    await expectError(page, 'group-1-key', psk);
    await expectError(page, 'group-1-vlan', errorText(ErrorCode.VlanInvalid, 'zh'));
    await chooseEncryption(page, 1, 'wep');
    await page.getByTestId('group-1-key').fill('12345678901');
    await expectError(page, 'group-1-key', errorText(ErrorCode.WepKeyInvalid, 'zh'));
    await context.close();
  });

  it('edits the profile and deletes it after a confirmation', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 800 });
    await signIn(page, DEMO, '/deviceconf/ap');
    await page.getByTestId('config-search').fill(NAME);
    const row = page.getByTestId(`config-row-${NAME}`);
    await row.waitFor();
    await page.getByTestId(`config-edit-${NAME}`).click();
    await page.waitForURL('**/deviceconf/apform?id=*');
    const ssid = page.getByTestId('group-2-ssid');
    await eventually(async () => (await ssid.inputValue()) === 'E2E-Legacy');
    await ssid.fill('E2E-Scanners');
    await page.getByTestId('config-form-submit').click();
    await page.waitForURL('**/deviceconf/ap');
    await page.getByTestId('config-search').fill(NAME);
    await eventually(async () => ((await row.textContent()) ?? '').includes('E2E-Scanners'));
    expect(await row.textContent()).not.toContain('E2E-Legacy');

    // The search's answer re-renders the row: click its remove button once it holds still, or the
    // confirmation may open from a row about to be replaced (seen on a busy machine).
    await (await still(page.getByTestId(`config-remove-${NAME}`))).click();
    await (await still(page.getByTestId('confirm-ok'))).click();
    await row.waitFor({ state: 'detached' });
    await context.close();
  });
});
