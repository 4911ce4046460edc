/**
 * The firmware screens (issue 16) against the e2e server and simulated devices: an image uploaded
 * through /fwconf/upload with its progress bar showing (the upload is slowed in the browser so the
 * bar has time to be seen), cancelled in flight, refused on its fields (spec §5 before sending, the
 * server's MD5 comparison after); then sent from /fwconf/fw to simulated APs that download it for
 * real, reboot and come back — "applied" on screen from the live socket, and the new version in the
 * device list; the history and the library say the same. axe at 1366×800 and phone width.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ErrorCode,
  FirmwareIssueStatus,
  errorText,
  firmwareIssueStatusLabels,
  type DeliveryReply,
  type FirmwareItem,
  type Lang,
} from '@netconsole/contract';
import { launch, newPage, WAIT_MS } from './support/browser.ts';
import { axeAtRest } from './support/axe.ts';
import { DEMO, eventually, signIn, still } from './support/console.ts';
import { apiCall, apiToken, simulatedNetwork, type SimulatedNetwork } from './support/simulated-network.ts';

let browser: Browser;
let net: SimulatedNetwork;
/** The APs of one model and hardware version in the test's network (the upgrade's targets). */
let targets: { sn: string; model: string; hwVersion: string }[];
/** The image the first test uploads, which the upgrade test sends. */
let uploaded: FirmwareItem | undefined;
/** A version newer than any the demo or the simulator knows, unique to this run. */
const VERSION = `v9.${String(randomInt(10, 99))}.${String(randomInt(100, 999))}`;

beforeAll(async () => {
  browser = await launch();
  const token = await apiToken(DEMO);
  // Four APs of three models: at least two share model and hardware.
  net = await simulatedNetwork(token, { name: `Firmware ${Date.now().toString(36)}`, switches: 1, aps: 4 });
  const aps = net.fleet.plan.networks[0]!.devices.filter((d) => d.type === 2);
  const byModel = new Map<string, typeof aps>();
  for (const ap of aps)
    byModel.set(`${ap.model}/${ap.hwVersion}`, [...(byModel.get(`${ap.model}/${ap.hwVersion}`) ?? []), ap]);
  const group = [...byModel.values()].sort((a, b) => b.length - a.length)[0]!;
  expect(group.length).toBeGreaterThanOrEqual(2);
  targets = group.map((d) => ({ sn: d.sn, model: d.model, hwVersion: d.hwVersion }));
  // The console learns a device's model and hardware from its hello: power the fleet on first.
  await net.fleet.start();
  await eventually(async () => {
    const all = await apiCall<{ list: { SN: string; Online: boolean; Model: string }[] }>(
      'GET',
      `/v1/device/getAll?search=${encodeURIComponent(net.alias(''))}`,
      token,
    );
    return targets.every((t) => all.list.some((d) => d.SN === t.sn && d.Online && d.Model === t.model));
  });
});
afterAll(async () => {
  await net?.fleet.stop();
  await browser.close();
});

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC32 as the console's checksum writes it (0x + 8 hex digits); Node 20 has no zlib.crc32. */
function checksumOf(bytes: Buffer): string {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return `0x${((c ^ 0xffffffff) >>> 0).toString(16).padStart(8, '0')}`;
}

interface Image {
  bytes: Buffer;
  md5: string;
  checksum: string;
}

function image(size: number): Image {
  const bytes = randomBytes(size);
  return { bytes, md5: createHash('md5').update(bytes).digest('hex'), checksum: checksumOf(bytes) };
}

/** The browser sends request bodies at `bytesPerS` (Chromium's network emulation), so an upload takes a while. */
async function slowUploads(page: Page, bytesPerS: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerS,
  });
}

async function fillUpload(
  page: Page,
  fields: { Model: string; HWVersion: string; FWVersion: string; Checksum: string; MD5: string },
  file: Buffer,
): Promise<void> {
  // The tests sign in onto the form (one page load); another screen would go to it.
  if (new URL(page.url()).pathname !== '/fwconf/upload') await page.goto('/fwconf/upload');
  await page.getByTestId('upload-form').waitFor();
  for (const [name, value] of Object.entries({ ...fields, Operator: 'e2e' }))
    await page.getByTestId(`upload-${name}`).fill(value);
  await page.locator('[data-testid="upload-form"] input[type="file"]').setInputFiles({
    name: `${fields.Model}-${fields.FWVersion}.bin`,
    mimeType: 'application/octet-stream',
    buffer: file,
  });
  await expect
    .poll(() => page.getByTestId('upload-file-name').textContent(), { timeout: WAIT_MS })
    .toBe(`${fields.Model}-${fields.FWVersion}.bin`);
}

/** axe on the screen at rest: every serious or critical violation, as lines. */
const axe = (page: Page, within?: string) => axeAtRest(page, 'firmware', within);

/** Whether the upload bar showed a share strictly between 0 and 100 %, read each time the page paints. */
function watchProgress(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve) => {
        const seen: number[] = [];
        const look = () => {
          const bar = document.querySelector('[data-testid="upload-progress"]');
          const done = document.querySelector('[data-testid="upload-done"], [data-testid^="upload-error-"]');
          if (bar) seen.push(Number(bar.getAttribute('data-percent')));
          if (done && seen.length > 0) resolve(seen);
          else requestAnimationFrame(look);
        };
        look();
      }),
  );
}

describe('/fwconf/upload', () => {
  it('uploads an image with a progress bar, and it shows in the library', async () => {
    const { context, page } = await newPage(browser, { width: 1366, height: 800 });
    await signIn(page, DEMO, '/fwconf/upload');
    const { model, hwVersion } = targets[0]!;
    const file = image(6 * 1024 * 1024);
    await fillUpload(
      page,
      { Model: model, HWVersion: hwVersion, FWVersion: VERSION, Checksum: file.checksum, MD5: file.md5 },
      file.bytes,
    );
    await slowUploads(page, 2 * 1024 * 1024);
    const progress = watchProgress(page);
    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/v1/fw/add'), { timeout: WAIT_MS }),
      page.getByTestId('upload-submit').click(),
    ]);
    expect(reply.status(), await reply.text()).toBe(200);
    uploaded = ((await reply.json()) as { list: FirmwareItem }).list;
    expect(uploaded).toMatchObject({
      Model: model,
      HWVersion: hwVersion,
      FWVersion: VERSION,
      MD5: file.md5,
      Size: file.bytes.length,
    });
    const seen = await progress;
    expect(
      seen.some((p) => p > 0 && p < 100),
      `percents seen: ${seen.join(',')}`,
    ).toBe(true);
    await page.getByTestId('upload-done').waitFor();
    expect(await axe(page), 'axe: the upload done, 1366×800').toEqual([]);

    await page.getByTestId('upload-to-library').click();
    await page.getByTestId(`library-row-${model}-${VERSION}`).waitFor();
    await page.getByTestId(`library-newest-${model}-${VERSION}`).waitFor();
    expect(await page.getByTestId(`image-facts-${uploaded._id}`).textContent()).toContain(file.md5);
    // Every device of the model is behind the new image: the drawer lists the test's APs.
    await page.getByTestId(`library-behind-${model}-${hwVersion}`).click();
    for (const t of targets) await page.getByTestId(`behind-device-${t.sn}`).waitFor();
    expect(await axe(page, '.ant-drawer'), 'axe: the devices behind, 1366×800').toEqual([]);
    await context.close();
  });

  it.each([
    ['en', 1366, 800],
    ['zh', 390, 844],
  ] as const)(
    'refuses mistakes on their fields, the MD5 after the upload, in %s at %i px',
    async (lang: Lang, width, height) => {
      const { context, page } = await newPage(browser, { lang, width, height });
      await signIn(page, DEMO, '/fwconf/upload');
      const file = image(64 * 1024);
      let sent = 0;
      page.on('request', (r) => {
        if (r.url().includes('/v1/fw/add')) sent++;
      });
      // spec §5 edges: a version like 2.0, a checksum without 0x, an MD5 of 31 digits.
      await fillUpload(
        page,
        { Model: 'A1', HWVersion: 'HW1.0', FWVersion: '2.0', Checksum: '035a231a', MD5: file.md5.slice(1) },
        file.bytes,
      );
      await page.getByTestId('upload-submit').click();
      const shown = (field: string) => page.getByTestId(`upload-error-${field}`).textContent();
      await expect
        .poll(() => shown('FWVersion'), { timeout: WAIT_MS })
        .toBe(errorText(ErrorCode.FirmwareVersionInvalid, lang));
      expect(await shown('Checksum')).toBe(errorText(ErrorCode.FirmwareChecksumInvalid, lang));
      expect(await shown('MD5')).toBe(errorText(ErrorCode.FirmwareMd5Invalid, lang));
      expect(sent).toBe(0);
      expect(await axe(page), `axe: the form with its refusals, ${lang} ${width}px`).toEqual([]);

      // A well-formed MD5 of other bytes: the server measures the file and refuses it (15006).
      await page.getByTestId('upload-FWVersion').fill(`v8.00.${String(randomInt(100, 999))}`);
      await page.getByTestId('upload-Checksum').fill(file.checksum);
      await page.getByTestId('upload-MD5').fill(createHash('md5').update('other').digest('hex'));
      const [reply] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/v1/fw/add')),
        page.getByTestId('upload-submit').click(),
      ]);
      expect(reply.status()).toBe(400);
      await expect
        .poll(() => shown('MD5'), { timeout: WAIT_MS })
        .toBe(errorText(ErrorCode.FirmwareMd5Mismatch, lang));
      await context.close();
    },
  );

  it('cancels an upload in flight (Chinese, phone width): the form comes back, nothing is stored', async () => {
    const { context, page } = await newPage(browser, { lang: 'zh', width: 390, height: 844 });
    await signIn(page, DEMO, '/fwconf/upload');
    const file = image(2 * 1024 * 1024);
    const version = `v8.01.${String(randomInt(100, 999))}`;
    await fillUpload(
      page,
      { Model: 'A2', HWVersion: 'HW1.0', FWVersion: version, Checksum: file.checksum, MD5: file.md5 },
      file.bytes,
    );
    await slowUploads(page, 128 * 1024);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/v1/fw/add')) sent.push(r.method());
    });
    const answers: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/v1/fw/add')) answers.push(r.status());
    });
    await page.getByTestId('upload-submit').click();
    await expect
      .poll(async () => Number(await page.getByTestId('upload-progress').getAttribute('data-percent')), {
        timeout: WAIT_MS,
      })
      .toBeGreaterThan(0);
    await page.getByTestId('upload-cancel').click();
    await page.getByText('已取消上传').waitFor();
    await page.getByTestId('upload-submit').waitFor();
    expect(await page.getByTestId('upload-progress').count()).toBe(0);
    // Cut off, not finished, and not sent again by the click that cancelled it.
    expect(answers).toEqual([]);
    expect(sent).toEqual(['POST']);
    // What was typed stays, to send again.
    expect(await page.getByTestId('upload-FWVersion').inputValue()).toBe(version);
    const token = await apiToken({ username: 'demoops', password: 'demo1234' });
    const all = await apiCall<{ list: FirmwareItem[] }>('GET', '/v1/fw/getAllFWs?Model=A2', token);
    expect(all.list.some((i) => i.FWVersion === version)).toBe(false);
    await context.close();
  });
});

describe('/fwconf/fw', () => {
  it('upgrades two simulated APs, "applied" live, and the device list shows the new version', async () => {
    expect(uploaded, 'the upload test ran').toBeDefined();
    const { context, page } = await newPage(browser, { width: 1366, height: 800 });
    // The device choice asks the server for the image's model and hardware version only.
    const chooser = page.waitForRequest((r) => r.url().includes('/v1/device/getAll?'));
    // From the library's "upgrade devices": the form opens with the image chosen (the sign-in
    // lands there, one page load).
    await signIn(page, DEMO, `/fwconf/fw?image=${uploaded!._id}`);
    await page.getByTestId('upgrade-form').waitFor();
    // The engine publishes to watched tenants only: the socket must be open before the devices report.
    await page.locator('[data-testid="upgrade-live"][data-state="open"]').waitFor();
    await page.getByTestId('upgrade-target-search').fill(net.alias(''));
    await page.getByTestId('upgrade-target-search').press('Enter');
    for (const t of targets) await page.getByTestId(`upgrade-target-${t.sn}`).waitFor();
    const asked = new URL((await chooser).url()).searchParams;
    expect([asked.get('Model'), asked.get('HWVersion')]).toEqual([targets[0]!.model, targets[0]!.hwVersion]);
    await page.getByTestId('upgrade-select-all').click();
    await expect
      .poll(() => page.getByTestId('upgrade-selected-count').textContent(), { timeout: WAIT_MS })
      .toContain(String(targets.length));
    expect(await axe(page, '.ant-drawer'), 'axe: the upgrade form, 1366×800').toEqual([]);
    const [reply] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/v1/config/fw/dispatch')),
      page.getByTestId('upgrade-submit').click(),
    ]);
    expect(reply.status(), await reply.text()).toBe(200);
    const id = ((await reply.json()) as DeliveryReply).list._id;
    await page.getByTestId(`upgrade-row-${id}`).waitFor();
    // Who started it, by account name.
    expect(await page.getByTestId(`firmware-creator-${id}`).textContent()).toBe(`by ${DEMO.username} (you)`);
    await page.getByTestId(`upgrade-expand-${id}`).click();
    for (const t of targets) await page.getByTestId(`upgrade-device-${t.sn}`).waitFor();

    let reads = 0;
    page.on('request', (r) => {
      if (r.url().includes('/v1/issued/device')) reads++;
    });
    for (const t of targets) {
      await expect
        .poll(() => page.getByTestId(`upgrade-device-status-${t.sn}`).getAttribute('data-status'), {
          timeout: WAIT_MS,
        })
        .toBe(String(FirmwareIssueStatus.Applied));
      expect(await page.getByTestId(`upgrade-device-status-${t.sn}`).textContent()).toBe(
        firmwareIssueStatusLabels[FirmwareIssueStatus.Applied].en,
      );
      expect(await page.getByTestId(`upgrade-versions-${t.sn}`).textContent()).toContain(`→ ${VERSION}`);
    }
    await expect
      .poll(() => page.getByTestId(`upgrade-status-${id}`).getAttribute('data-status'), { timeout: WAIT_MS })
      .toBe('finished');
    expect(await page.getByTestId(`upgrade-applied-${id}`).textContent()).toBe(
      `${targets.length} of ${targets.length} applied`,
    );
    // Everything since the dispatch came over the live socket.
    expect(reads).toBe(0);
    expect(await axe(page), 'axe: the upgrades with one open, 1366×800').toEqual([]);

    // The device list, read afresh, shows what the devices reported on their way back (wide
    // enough that the firmware column does not give way).
    await page.setViewportSize({ width: 2400, height: 900 });
    await page.goto('/device/list');
    for (const t of targets) {
      const row = page.getByTestId(`device-row-${t.sn}`);
      await row.waitFor();
      expect(await row.textContent()).toContain(VERSION);
    }

    // The history has it, with each device's outcome (phone width, Chinese).
    const phone = await newPage(browser, { lang: 'zh', width: 390, height: 844 });
    await signIn(phone.page, DEMO, '/fwconf/fwHistory');
    await phone.page.getByTestId(`upgrade-row-${id}`).waitFor();
    await (await still(phone.page.getByTestId(`upgrade-expand-${id}`))).click();
    for (const t of targets)
      await phone.page
        .getByTestId(`upgrade-outcome-${t.sn}`)
        .getByText('已应用：设备以新版本重新上线')
        .waitFor();
    expect(await axe(phone.page), 'axe: the history with one open, phone width').toEqual([]);
    await phone.context.close();
    await context.close();
  });
});

describe('/fwconf/info', () => {
  it("edits an image's description; the administrator publishes an image, and the tenant can then use it", async () => {
    expect(uploaded, 'the upload test ran').toBeDefined();
    // The tenant edits its own image's description in the library.
    const { context, page } = await newPage(browser, { width: 1366, height: 800 });
    const tenant = await signIn(page, DEMO, '/fwconf/info');
    await (await still(page.getByTestId(`library-edit-${uploaded!._id}`))).click();
    const description = `Edited ${Date.now().toString(36)}`;
    await page.getByTestId('image-edit-description').fill(description);
    await (await still(page.getByTestId('image-edit-ok'))).click();
    await page.getByTestId('image-edit-form').waitFor({ state: 'detached' });
    await page
      .getByTestId(`library-row-${uploaded!.Model}-${uploaded!.FWVersion}`)
      .getByText(description)
      .waitFor();

    // An administrator's image of a model of its own (so no other screen's figures move): a draft
    // the tenant does not see until it is published. (Each side calls with its page's session: a new
    // sign-in would end it.)
    const admin = await newPage(browser, { width: 1366, height: 800 });
    const root = await signIn(admin.page, { username: 'admin', password: inject('adminPassword') });
    const as = (who: { Token: string }) => ({ Authorization: `Bearer ${who.Token}` });
    const model = `E${randomInt(1000, 9999)}`;
    const version = 'v1.00.001';
    const img = image(4096);
    const added = await admin.page.request.post('/v1/fw/add', {
      headers: as(root),
      // The fields before the file, as the server reads them.
      multipart: {
        Model: model,
        HWVersion: 'HW1.0',
        FWVersion: version,
        Checksum: img.checksum,
        MD5: img.md5,
        Operator: 'e2e',
        Published: 'false',
        file: { name: `${model}.bin`, mimeType: 'application/octet-stream', buffer: img.bytes },
      },
    });
    expect(added.status(), await added.text()).toBe(200);
    const id = ((await added.json()) as { list: FirmwareItem }).list._id;
    const tenantSees = async () =>
      (
        (await (await page.request.get('/v1/fw/getAllFWs', { headers: as(tenant) })).json()) as {
          list: FirmwareItem[];
        }
      ).list.some((i) => i._id === id);
    expect(await tenantSees()).toBe(false);
    await admin.page.goto('/fwconf/info');
    await (await still(admin.page.getByTestId(`library-edit-${id}`))).click();
    // Checked once the dialog stands still: a click during its opening motion can miss the box.
    await (await still(admin.page.getByTestId('image-edit-published'))).check();
    await (await still(admin.page.getByTestId('image-edit-ok'))).click();
    await admin.page.getByTestId('image-edit-form').waitFor({ state: 'detached' });
    expect(await tenantSees()).toBe(true);

    // The tenant's upgrade form offers it now.
    await page.goto(`/fwconf/fw?image=${id}`);
    await page.getByTestId('upgrade-form').waitFor();
    await expect
      .poll(() => page.getByTestId('upgrade-image').textContent(), { timeout: WAIT_MS })
      .toContain(version);
    await context.close();
    // Not left for other screens.
    const removed = await admin.page.request.post('/v1/fw/remove', { headers: as(root), data: { _id: id } });
    expect(removed.status(), await removed.text()).toBe(200);
    await admin.context.close();
  });
});
