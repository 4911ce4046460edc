/**
 * The add-network wizard (spec §2, §4) end to end: simulated devices connected to the e2e server
 * over MQTT, registered to the demo tenant and in no network; each finishing path ends in the
 * chosen devices receiving the reset command and reporting its outcome. The map's tiles and
 * geocoder come from the providers' stand-in (e2e/support/map-standin.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createFleet, planFleet, type Fleet } from '@netconsole/device-sim';
import { baseURL, launch, mqttURL, newPage, WAIT_MS } from './support/browser.ts';
import { DEMO, eventually, signIn, still } from './support/console.ts';

const SHOTS = path.resolve(import.meta.dirname, '../.tmp/screenshots');
// Two planned sites: a router with a switch and an AP (the gateway path), a router with two
// switches (the switches-only path). Their own SN prefix keeps them apart from the demo fleet.
const SPEC = {
  networks: [
    { name: 'WizA', switches: 1, aps: 1 },
    { name: 'WizB', switches: 2, aps: 0 },
  ],
  snPrefix: 'WIZ',
  seed: 'network-wizard',
};
const plan = planFleet(SPEC);
const [siteA, siteB] = plan.networks as [(typeof plan.networks)[0], (typeof plan.networks)[0]];
const snOf = (site: typeof siteA, type: number, nth = 0) =>
  site.devices.filter((d) => d.type === type)[nth]!.sn;

let browser: Browser;
let fleet: Fleet;
let token: string;
/** Reset commands each simulated device received, and the outcomes it reported. */
const received = new Map<string, string[]>();
const reported = new Map<string, string[]>();

async function call<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL()}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

interface Device {
  _id: string;
  SN: string;
  Parent: string | null;
  IsMain: boolean;
}

async function deviceBySn(sn: string): Promise<Device> {
  const reply = await call<{ list: Device[] }>('GET', `/v1/device/list?search=${sn}`);
  return reply.list.find((d) => d.SN === sn)!;
}

async function networkNamed(name: string) {
  const all = await call<{
    list: { _id: string; Name: string; MainDevice: string | null; Location: { address: string } }[];
  }>('GET', '/v1/network/getAllNetworks');
  return all.list.find((n) => n.Name === name);
}

/** Each SN got the reset, reported it succeeded, and the server recorded that outcome. */
async function expectReset(sns: string[]): Promise<void> {
  await eventually(() => sns.every((sn) => reported.get(sn)?.includes('succeeded')));
  for (const sn of sns) {
    expect(received.get(sn), sn).toContain('reset');
    const device = await deviceBySn(sn);
    await eventually(async () => {
      const issued = await call<{ list: { Command: string; Status: string }[] }>(
        'GET',
        `/v1/device/deviceIssuedinfo?_id=${device._id}`,
      );
      return issued.list.some((c) => c.Command === 'reset' && c.Status === 'succeeded');
    });
  }
}

/** The wizard's dialog: the dashboard behind it has a map of its own. */
function wizard(page: Page) {
  return page.getByTestId('add-network-wizard');
}

/** An antd input by test id, whether the id sits on the input or on its wrapper. */
function field(page: Page, id: string) {
  return wizard(page).locator(`input[data-testid=${id}], [data-testid=${id}] input`).first();
}

/** Signs in through the form; the API calls then use that session (one session per account). */
async function signInAs(page: Page): Promise<void> {
  await signIn(page, DEMO);
  token = (await page.context().cookies()).find((c) => c.name === 'Token')!.value;
}

async function openWizard(page: Page): Promise<void> {
  await page.getByTestId('add-network').click();
  await page.getByTestId('wizard-step-info').waitFor();
}

/** Chooses a map type and waits for the stand-in's tiles. */
async function showMap(page: Page, type: 'baidu' | 'google'): Promise<void> {
  await wizard(page).getByTestId(`map-type-${type}`).click();
  await wizard(page).locator('.leaflet-tile-loaded').first().waitFor();
  expect(await wizard(page).locator('.leaflet-tile-loaded').first().getAttribute('src')).toContain(
    `/tiles/${type}/`,
  );
  await wizard(page).locator('[data-testid=network-map][data-state=ready]').waitFor();
}

async function clickMapCentre(page: Page): Promise<void> {
  const box = (await wizard(page).locator('.netmap-canvas').boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await wizard(page).locator('[data-testid=location-text]:not([data-address-state=locating])').waitFor();
}

async function chooseDevice(page: Page, sn: string): Promise<void> {
  await page.getByTestId(`wizard-device-${sn}`).click();
}

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
  const login = await fetch(`${baseURL()}/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: DEMO.username, Password: DEMO.password }),
  });
  token = ((await login.json()) as { Token: string }).Token;
  fleet = createFleet({
    ...SPEC,
    plan,
    url: mqttURL(),
    factoryKey: inject('factoryKey'),
    behaviour: { eventsPerHour: 0, logsPerHour: 0, clientsPerAp: 1 },
    timing: { resetS: 0.2, rebootS: 0.5 },
  });
  fleet.on('command', (e) => received.set(e.sn, [...(received.get(e.sn) ?? []), e.cmd]));
  fleet.on('report', (e) => {
    if (e.cmd === 'reset') reported.set(e.sn, [...(reported.get(e.sn) ?? []), e.state]);
  });
  await fleet.start();
  await fleet.waitOnline({ timeoutMs: WAIT_MS });
  // Registered to the demo tenant, in no network: what the wizard offers.
  for (const d of plan.networks.flatMap((n) => n.devices)) {
    await call('POST', '/v1/device/add', { SN: d.sn, MAC: d.mac, Alias: `wiz-${d.name}`, Type: d.type });
  }
});

afterAll(async () => {
  await fleet?.stop();
  await browser?.close();
});

describe('the add-network wizard', () => {
  it('gateway path: map, validation, single gateway, select-type warning, finish and reset', async () => {
    const { context, page } = await newPage(browser, { height: 900 });
    await signInAs(page);
    await openWizard(page);
    // No map type stored yet: the English console's default type draws a map (issue 13, point 14).
    await wizard(page).locator('[data-testid=network-map][data-map-type=google][data-state=ready]').waitFor();

    // Neither name nor location: 'please correct info', and nothing is created.
    await page.getByTestId('wizard-create').click();
    await page.getByText('Please correct the info').waitFor();
    expect(await page.getByTestId('wizard-name').getAttribute('class')).toContain('status-error');
    expect(await page.getByTestId('wizard-step-info').count()).toBe(1);

    await showMap(page, 'baidu');
    expect(await page.evaluate(() => localStorage.getItem('mapType'))).toBe('baidu');
    await page.getByTestId('wizard-name').fill('Wizard gateway');
    // A name alone is not enough either.
    await page.getByTestId('wizard-create').click();
    await page.getByText('Please correct the info').first().waitFor();
    // The Baidu-type default view is centred near 100°E 30°N (spec §9).
    await clickMapCentre(page);
    const text = await wizard(page).getByTestId('location-text').inputValue();
    expect(text).toMatch(/^Grid area 3\d\.\d°N 1\d\d\.\d°E \(/);
    expect(await page.getByTestId('wizard-summary-location').textContent()).toBe(text);
    expect(await page.getByTestId('wizard-summary-name').textContent()).toBe('Wizard gateway');
    await page.screenshot({ path: path.join(SHOTS, 'wizard-1-info.png') });
    await page.getByTestId('wizard-create').click();
    await page.getByTestId('wizard-step-devices').waitFor();
    const created = await networkNamed('Wizard gateway');
    expect(created?.Location.address).toMatch(/^Grid area/);

    const router = snOf(siteA, 4);
    const sw = snOf(siteA, 3);
    const ap = snOf(siteA, 2);
    // The gateway is single: a second click deselects it.
    await chooseDevice(page, router);
    await page.getByTestId('wizard-chosen-gateway').waitFor();
    await chooseDevice(page, router);
    await page.getByTestId('wizard-chosen-gateway').waitFor({ state: 'detached' });
    await chooseDevice(page, router);
    await page.getByTestId('wizard-chosen-gateway').waitFor();
    // Select-all is refused on the gateway type.
    await page.getByTestId('wizard-select-all').click();
    await page.getByText('please select the switch or AP type').waitFor();
    await page.getByTestId('wizard-type-switch').click();
    await field(page, 'wizard-search').fill(sw);
    await field(page, 'wizard-search').press('Enter');
    await chooseDevice(page, sw);
    await page.getByTestId('wizard-type-ap').click();
    await field(page, 'wizard-search').fill(ap.toLowerCase());
    await field(page, 'wizard-search').press('Enter');
    await chooseDevice(page, ap);
    expect(await page.getByTestId('wizard-chosen-count').textContent()).toBe('1 switch(es), 1 AP(s)');
    await page.screenshot({ path: path.join(SHOTS, 'wizard-2-devices.png') });
    // With a gateway the button finishes at once.
    expect(await page.getByTestId('wizard-next').count()).toBe(0);
    await page.getByTestId('wizard-finish').click();
    await page.getByText('Network saved; the chosen devices were sent the reset command').waitFor();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('add-network-wizard').waitFor({ state: 'detached' });

    await expectReset([router, sw, ap]);
    const network = (await networkNamed('Wizard gateway'))!;
    const main = await deviceBySn(router);
    expect(network.MainDevice).toBe(main._id);
    for (const sn of [router, sw, ap]) expect((await deviceBySn(sn)).Parent).toBe(network._id);
    await context.close();
  });

  it('switches path (in Chinese): next, a main device among the switches, finish and reset', async () => {
    const { context, page } = await newPage(browser, { lang: 'zh', height: 900 });
    await signInAs(page);
    await openWizard(page);
    // The Chinese console's default type (issue 13, point 14).
    await wizard(page).locator('[data-testid=network-map][data-map-type=baidu][data-state=ready]').waitFor();
    await showMap(page, 'google');
    await page.getByTestId('wizard-name').fill('向导交换机');
    // The other default view (spec §9): Beijing, which the stand-in knows by name.
    await clickMapCentre(page);
    expect(await wizard(page).getByTestId('location-text').inputValue()).toMatch(/^中国北京市东城区 \(/);
    await page.screenshot({ path: path.join(SHOTS, 'wizard-zh-1-info.png') });
    await page.getByTestId('wizard-create').click();
    await page.getByTestId('wizard-step-devices').waitFor();

    const [sw1, sw2] = [snOf(siteB, 3, 0), snOf(siteB, 3, 1)];
    await page.getByTestId('wizard-type-switch').click();
    await field(page, 'wizard-search').fill('WIZSW');
    await field(page, 'wizard-search').press('Enter');
    await page.getByTestId(`wizard-device-${sw1}`).waitFor();
    // Select-all takes every switch the search matches (the gateway path's took one already).
    await page.getByTestId('wizard-select-all').click();
    await page.getByText('2 台交换机，0 台 AP').waitFor();
    // Switches without a gateway: Next, to the main device.
    expect(await page.getByTestId('wizard-finish').count()).toBe(0);
    await page.getByTestId('wizard-next').click();
    await page.getByTestId('wizard-step-main').waitFor();
    await page.getByTestId('wizard-finish').click();
    await page.getByText('请先设置主设备').waitFor();
    await page.getByTestId(`wizard-main-${sw2}`).click();
    await page.screenshot({ path: path.join(SHOTS, 'wizard-zh-3-main.png') });
    await page.getByTestId('wizard-finish').click();
    await page.getByText('网络已保存，已向所选设备下发重置指令').waitFor();
    await page.waitForURL('**/dashboard');

    await expectReset([sw1, sw2]);
    const network = (await networkNamed('向导交换机'))!;
    expect(network.MainDevice).toBe((await deviceBySn(sw2))._id);
    expect((await deviceBySn(sw1)).Parent).toBe(network._id);
    // The site's router was not chosen: it stays outside any network, and was not reset.
    expect((await deviceBySn(snOf(siteB, 4))).Parent).toBeNull();
    expect(received.get(snOf(siteB, 4)) ?? []).not.toContain('reset');
    await context.close();
  });

  it('nothing chosen: coordinates without a map, no address, geocoder failure, cannot-topology confirm', async () => {
    const { context, page } = await newPage(browser);
    // Tiles that never arrive: the message at once instead of a blank map, and coordinates instead.
    await context.route('**/tiles/**', (route) => route.abort());
    await signInAs(page);
    await openWizard(page);
    await wizard(page).getByTestId('map-type-google').click();
    await wizard(page).locator('[data-testid=network-map][data-state=unavailable]').waitFor();
    const typeCoordinates = async (lng: number, lat: number) => {
      await field(page, 'map-lng').fill(String(lng));
      await field(page, 'map-lat').fill(String(lat));
      await wizard(page).getByTestId('map-use-coordinates').click();
      await wizard(page).locator('[data-testid=location-text]:not([data-address-state=locating])').waitFor();
    };
    // The open Pacific: the geocoder finds nothing.
    await typeCoordinates(-150, 0);
    expect(await wizard(page).getByTestId('location-text').inputValue()).toBe(
      'No address (0.00000, -150.00000)',
    );
    // Far south the stand-in's quota is exhausted: the failure alert carries the provider status.
    await typeCoordinates(10, -85);
    expect(await wizard(page).getByTestId('map-geocode-error').textContent()).toContain(
      'Geocoder failure, status: OVER_QUERY_LIMIT',
    );
    await page.screenshot({ path: path.join(SHOTS, 'wizard-no-map.png') });
    await typeCoordinates(121.47, 31.23);
    expect(await wizard(page).getByTestId('location-text').inputValue()).toBe(
      'Huangpu District, Shanghai, China (31.23000, 121.47000)',
    );
    expect(await wizard(page).getByTestId('map-geocode-error').count()).toBe(0);
    await page.getByTestId('wizard-name').fill('Wizard empty');
    await page.getByTestId('wizard-create').click();
    await page.getByTestId('wizard-step-devices').waitFor();

    // Nothing chosen: Finish asks first, since no topology can be shown without a main device.
    await page.getByTestId('wizard-finish').click();
    await page.getByTestId('wizard-confirm-empty').waitFor();
    expect(await page.getByTestId('wizard-confirm-empty').textContent()).toContain(
      'the topology view cannot be shown',
    );
    await (await still(page.getByTestId('confirm-ok'))).click();
    await page.getByText('Network saved', { exact: true }).waitFor();
    await page.waitForURL('**/dashboard');
    const network = (await networkNamed('Wizard empty'))!;
    expect(network.MainDevice).toBeNull();
    expect(network.Location.address).toBe('Huangpu District, Shanghai, China');

    // A second network with the same name: the server refuses, the wizard says so and stays.
    await openWizard(page);
    await page.getByTestId('wizard-name').fill('Wizard empty');
    await typeCoordinates(116.4, 39.9);
    await page.getByTestId('wizard-create').click();
    await page.getByText('Network add or delete failed: A network with this name already exists').waitFor();
    expect(await page.getByTestId('wizard-step-info').count()).toBe(1);
    await context.close();
  });
});
