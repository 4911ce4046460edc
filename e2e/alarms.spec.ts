/**
 * The alarm screens (issue 17) against the e2e server and simulated devices: a network's alarm
 * settings set in /log/alarm (device offline, by mail), a simulated AP crashed, its alarm appearing
 * live in /log/alarm and on the dashboard, the mail in the SMTP peer, the alarm marked treated; and
 * the settings form refusing a bad threshold and e-mail with the contract's codes in Chinese before
 * sending, and the server's 16004 "set mail address first" with its link to the personal centre.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AlarmType, ErrorCode, errorText } from '@netconsole/contract';
import { baseURL, launch, newPage, WAIT_MS } from './support/browser.ts';
import { DEMO, DEMO_OPS, eventually, signIn, still } from './support/console.ts';
import { mailText } from './support/delivery.ts';
import { apiCall, apiToken, simulatedNetwork, type SimulatedNetwork } from './support/simulated-network.ts';

let browser: Browser;
let net: SimulatedNetwork;
/** The AP the first test crashes. */
let apSn = '';
/** Where the network's alarms go by mail: unique to this run. */
const RECIPIENT = `alarm-${Date.now().toString(36)}@example.com`;

beforeAll(async () => {
  browser = await launch();
  const token = await apiToken(DEMO);
  // A router and one AP of this test's own, beside the demo fleet.
  net = await simulatedNetwork(token, { name: `Alarms ${Date.now().toString(36)}`, switches: 0, aps: 1 });
  apSn = net.fleet.plan.networks[0]!.devices.find((d) => d.type === 2)!.sn;
  await net.fleet.start();
  await net.fleet.waitOnline({ timeoutMs: WAIT_MS });
  // "Device offline" after 1 s rather than its default grace period: the form keeps the window.
  await apiCall('POST', '/v1/alarm/changeAlarm', token, {
    _id: net.id,
    Type: AlarmType.DeviceOffline,
    Limit: 1,
  });
});
afterAll(async () => {
  await net?.fleet.stop();
  await browser.close();
});

/** Settles when the first test's alarm has been mailed (started by it, awaited by the last). */
let mailed: Promise<void> = Promise.reject(new Error('the alarm test did not run'));
mailed.catch(() => undefined);

/** The texts of the mails the SMTP peer received for `to`. */
async function mailsTo(to: string): Promise<string[]> {
  const mails = (await (await fetch(`${inject('mailboxURL')}/mail`)).json()) as {
    to: string[];
    raw: string;
  }[];
  return mails.filter((m) => m.to.includes(to)).map((m) => mailText(m.raw));
}

const settingsOf = (id: string) => `/log/alarm?tab=settings&network=${encodeURIComponent(id)}`;

/** Turns a type on with a level and a push method, whatever it held. */
async function enableType(page: Page, type: number, level: number, push: 'mail' | 'sms'): Promise<void> {
  const row = page.getByTestId(`alarm-type-row-${type}`);
  if ((await row.getAttribute('data-enabled')) !== '1')
    await page.getByTestId(`alarm-type-enable-${type}`).click();
  await page.getByTestId(`alarm-type-level-${type}`).click();
  await (await still(page.getByTestId(`alarm-type-level-${type}-option-${level}`))).click();
  const box = page.getByTestId(`alarm-type-push-${type}`).locator(`input[value="${push}"]`);
  if (!(await box.isChecked())) await page.getByTestId(`alarm-type-push-${type}-${push}`).click();
}

describe('/log/alarm', () => {
  it('sets mail for a network, shows a crashed AP’s alarm live and marks it treated', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 800 });
    await signIn(page, DEMO, settingsOf(net.id));
    await page.getByTestId(`alarm-type-row-${AlarmType.DeviceOffline}`).waitFor();
    await enableType(page, AlarmType.DeviceOffline, 3, 'mail');
    const email = page.getByTestId('alarm-email').locator('input');
    await email.fill(RECIPIENT);
    await email.press('Enter');
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/v1/alarm/updateNetworkAlarm')),
      page.getByTestId('alarm-settings-save').click(),
    ]);
    expect(saved.status(), await saved.text()).toBe(200);

    // The alarms of the network, and the dashboard beside it (the same session, another tab).
    await page.getByTestId('alarm-tab-alarms').click();
    await page.getByTestId('alarm-table').waitFor();
    const dashboard = await context.newPage();
    await dashboard.goto('/dashboard');
    await dashboard.getByTestId('dashboard-alarms').waitFor();

    net.fleet.device(apSn)!.crash(10 * 60_000);
    const row = page.locator(`[data-testid^="alarm-row-"][data-sn="${apSn}"][data-type="1"]`);
    await row.waitFor();
    await dashboard.locator(`[data-testid^="dashboard-alarm-"][data-sn="${apSn}"]`).waitFor();
    const id = (await row.getAttribute('data-testid'))!.slice('alarm-row-'.length);
    expect(await page.getByTestId(`alarm-status-${id}`).getAttribute('data-status')).toBe('open');

    // The mail goes out when the digest window closes (30 s): the last test waits for it, so the
    // next one runs meanwhile.
    mailed = eventually(async () => (await mailsTo(RECIPIENT)).some((text) => text.includes(apSn)));
    mailed.catch(() => undefined);

    // The topology drawing marks the AP's node (issue 17 §4): the worst level, named with its count.
    await dashboard.goto(`/dashboard/topology?_id=${net.id}`);
    const mark = dashboard.getByTestId(`topology-alarm-${apSn}`);
    await mark.waitFor();
    expect(await mark.getAttribute('aria-label')).toMatch(/: \d+ open alarms? \(/);
    expect(await mark.getAttribute('data-worst')).toBe('3');
    expect(await dashboard.getByTestId('topology-chart').getAttribute('data-alarms')).toContain(`${apSn}:`);

    await page.getByTestId(`alarm-treat-${id}`).click();
    await (await still(page.getByTestId('alarm-treat-ok'))).click();
    const handled = page.getByTestId(`alarm-handled-${id}`);
    await eventually(async () => (await handled.getAttribute('data-handled')) === '1');
    // Who treated it: the demo account's name.
    expect(await handled.textContent()).toContain('demo, ');
    await context.close();
  });

  it('refuses a bad threshold and e-mail, then the server’s 16004, with their texts in Chinese', async () => {
    // The co-administrator has no e-mail bound: mail alarms are refused until it has one (spec §6).
    const { context, page } = await newPage(browser, { lang: 'zh', width: 390, height: 844 });
    await signIn(page, DEMO_OPS, settingsOf(net.id));
    await page.getByTestId(`alarm-type-row-${AlarmType.Cpu}`).waitFor();
    await enableType(page, AlarmType.DeviceOffline, 3, 'mail');
    const threshold = page.getByTestId(`alarm-type-threshold-${AlarmType.Cpu}`);
    await threshold.fill('9O');
    const email = page.getByTestId('alarm-email').locator('input');
    await email.fill('not-an-address');
    await email.press('Enter');
    let sent = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/v1/alarm/updateNetworkAlarm')) sent = true;
    });
    await page.getByTestId('alarm-settings-save').click();
    await expect
      .poll(() => page.getByTestId(`alarm-type-error-${AlarmType.Cpu}-Threshold`).textContent(), {
        timeout: WAIT_MS,
      })
      .toBe(errorText(ErrorCode.AlarmThresholdDigits, 'zh'));
    expect(await page.getByTestId('alarm-error-Email').textContent()).toBe(
      errorText(ErrorCode.AlarmEmailInvalid, 'zh'),
    );
    expect(sent, 'refused before sending').toBe(false);

    // Mended, the server refuses instead: this account has no e-mail address.
    await threshold.fill('90');
    // The bad address is a tag of the field: removed by its cross (a Backspace only removes a tag
    // while the field has the focus), then the good one in its place, each step waited for.
    const tags = page.getByTestId('alarm-email');
    await tags
      .locator('.ant-select-selection-item', { hasText: 'not-an-address' })
      .locator('.ant-select-selection-item-remove')
      .click();
    await expect.poll(() => tags.getByText('not-an-address').count(), { timeout: WAIT_MS }).toBe(0);
    await email.fill(RECIPIENT);
    await email.press('Enter');
    await tags.getByText(RECIPIENT).first().waitFor();
    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/v1/alarm/updateNetworkAlarm')),
      page.getByTestId('alarm-settings-save').click(),
    ]);
    expect(((await reply.json()) as { code: number }).code).toBe(ErrorCode.MailAddressRequired);
    const refusal = page.getByTestId('alarm-mail-first');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(errorText(ErrorCode.MailAddressRequired, 'zh'));
    expect(await page.getByTestId('alarm-mail-first-link').getAttribute('href')).toBe('/user/index');
    await context.close();

    // The server's own check of a threshold says its code in Chinese too.
    const res = await fetch(`${baseURL()}/v1/alarm/changeAlarm`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await apiToken(DEMO_OPS)}`,
        Cookie: 'language=zh',
      },
      body: JSON.stringify({
        _id: net.id,
        Type: AlarmType.Cpu,
        Enable: true,
        Level: 2,
        Push: ['app'],
        Threshold: '9O',
      }),
    });
    const body = (await res.json()) as { code: number; message: string };
    expect(body).toMatchObject({
      code: ErrorCode.AlarmThresholdDigits,
      message: errorText(ErrorCode.AlarmThresholdDigits, 'zh'),
    });
  });

  it('mails the crashed AP’s alarm to the network’s recipient once, in one digest', async () => {
    await mailed;
    const mails = await mailsTo(RECIPIENT);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(apSn);
  });
});
