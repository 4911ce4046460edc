/**
 * The firmware image library (docs/firmware.md): the upload and each refusal of spec §5 with its
 * code, who sees and changes which image (tenants, the administrator, Published), the library
 * view's counts, and the signed download with ranges, HEAD and its refusals.
 * Large uploads and parallel downloads (memory) are firmware-stream.test.ts.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  compareFirmwareVersions,
  type FirmwareItem,
  type FirmwareVersionsReply,
  type ListReply,
} from '@netconsole/contract';
import { DEMO_FLEET, planFleet } from '@netconsole/device-sim';
import { LocalFileStore } from '../../platform/files/file-store.ts';
import { newId } from '../../platform/ids.ts';
import { randomMac, randomToken } from '../../test/devices.ts';
import { apiCaller, bearer, startHarness, type Harness } from '../../test/harness.ts';
import { nextFirmwareVersion, seedFirmwareDemo } from './demo.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const { call, signIn, admin } = apiCaller(() => h);
/** The harness's file store (DATA_DIR/files), to look at the stored bytes. */
const files = () => new LocalFileStore(path.join(h.config.dataDir, 'files'));

const md5Of = (b: Buffer) => createHash('md5').update(b).digest('hex');
const checksumOf = (b: Buffer) => `0x${(crc32(b) >>> 0).toString(16).padStart(8, '0')}`;

/** An image of `size` bytes whose content depends on `seed`. */
function imageBytes(seed: string, size = 4096): Buffer {
  const out = Buffer.alloc(size);
  let block = createHash('sha256').update(seed).digest();
  for (let i = 0; i < size; i += block.length) {
    block.copy(out, i);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

type Fields = Record<string, string>;

/** The upload form: the text fields first, then the file (or none). */
function form(fields: Fields, file: { name: string; data: Buffer } | null) {
  const boundary = `----fw${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function fieldsFor(data: Buffer, over: Fields = {}): Fields {
  return {
    Model: 'A1',
    HWVersion: 'HW1.0',
    FWVersion: 'v2.00.003',
    Checksum: checksumOf(data),
    MD5: md5Of(data),
    Operator: 'alice',
    Description: 'Fixes roaming',
    ...over,
  };
}

async function upload(token: string, fields: Fields, data: Buffer | null, lang?: 'en' | 'zh') {
  const f = form(fields, data ? { name: 'C:\\images\\a1.bin', data } : null);
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/fw/add',
    headers: { ...bearer(token), ...f.headers, ...(lang ? { cookie: `language=${lang}` } : {}) },
    payload: f.payload,
  });
  return {
    status: res.statusCode,
    body: res.json() as { list: FirmwareItem; code?: number; message?: string; details?: { path: string }[] },
  };
}

/** An image uploaded by `token`; its item. */
async function added(token: string, over: Fields = {}, seed = JSON.stringify(over)): Promise<FirmwareItem> {
  const data = imageBytes(seed);
  const res = await upload(token, fieldsFor(data, over), data);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.list;
}

/** Devices as their hello left them (the device domain's columns), for the counts. */
async function devices(
  tenantId: string | null,
  rows: [model: string, hw: string, fw: string, online: number][],
) {
  const now = h.clock.now;
  await h.store.db
    .insertInto('devices')
    .values(
      rows.map(([model, hw_version, fw_version, online], i) => ({
        id: newId(),
        sn: `FW${newId().slice(0, 8)}${i}`,
        tenant_id: tenantId,
        registered: tenantId ? 1 : 0,
        parent: null,
        registered_at: now,
        created_at: now,
        updated_at: now,
        type: 2,
        model,
        hw_version,
        fw_version,
        online,
        status: online ? 'Online' : 'Offline',
        session: null,
        boot_id: null,
        online_at: null,
        offline_at: null,
        offline_reason: null,
        last_seen_at: null,
        capabilities: null,
        ac_sn: null,
        ip: null,
        mask: null,
        gateway: null,
        dns1: null,
        dns2: null,
        public_ip: null,
        cpu_pct: null,
        mem_pct: null,
      })),
    )
    .execute();
}

describe('uploading an image', () => {
  it('stores it with what the server measured, and lists it with its device count', async () => {
    const { tenant, token } = await signIn('fwa');
    await devices(tenant.id, [
      ['A1', 'HW1.0', 'v2.00.003', 1],
      ['A1', 'HW1.0', 'v2.00.002', 0],
    ]);
    const data = imageBytes('one', 10_000);
    const res = await upload(
      token,
      fieldsFor(data, { Checksum: checksumOf(data).toUpperCase().replace('0X', '0x') }),
      data,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.list).toMatchObject({
      Model: 'A1',
      HWVersion: 'HW1.0',
      FWVersion: 'v2.00.003',
      MD5: md5Of(data),
      Checksum: checksumOf(data),
      Size: 10_000,
      FileName: 'a1.bin',
      Operator: 'alice',
      Description: 'Fixes roaming',
      Published: false,
      Owner: 'tenant',
      Creator: 'fwaown',
      Devices: 1,
    });
    const list = await call<ListReply<FirmwareItem>>(token, 'GET', '/v1/fw/list?Model=A1');
    expect(list.body.count).toBe(1);
    expect(list.body.list[0]!._id).toBe(res.body.list._id);
    expect((await call<ListReply<FirmwareItem>>(token, 'GET', '/v1/fw/list?search=ROAM')).body.count).toBe(1);
    expect((await call<ListReply<FirmwareItem>>(token, 'GET', '/v1/fw/list?Model=B1')).body.count).toBe(0);
    const all = await call<{ list: FirmwareItem[] }>(
      token,
      'GET',
      '/v1/fw/getAllFWs?Model=A1&HWVersion=HW1.0',
    );
    expect(all.body.list.map((i) => i._id)).toEqual([res.body.list._id]);
    // The bytes are in the file store, under the image's key.
    const stored = await h.services.images.byId({ tenantId: tenant.id, admin: false }, res.body.list._id);
    expect(md5Of((await files().read(stored.file_key))!)).toBe(md5Of(data));
  });

  it('refuses each broken rule of spec §5 with its code, before reading the file', async () => {
    const { token } = await signIn('fwv');
    const data = imageBytes('rules');
    const cases: [Fields, number][] = [
      [{ Model: '' }, ErrorCode.FirmwareModelRequired],
      [{ Model: 'M'.repeat(16) }, ErrorCode.FirmwareModelTooLong],
      [{ HWVersion: ' ' }, ErrorCode.FirmwareHwVersionRequired],
      [{ HWVersion: 'H'.repeat(16) }, ErrorCode.FirmwareHwVersionTooLong],
      [{ FWVersion: '' }, ErrorCode.FirmwareVersionRequired],
      [{ FWVersion: '2.0' }, ErrorCode.FirmwareVersionInvalid],
      [{ FWVersion: 'v1234567.890.123' }, ErrorCode.FirmwareVersionInvalid],
      [{ Checksum: '' }, ErrorCode.FirmwareChecksumRequired],
      [{ Checksum: '035a231a' }, ErrorCode.FirmwareChecksumInvalid],
      [{ MD5: md5Of(data).slice(1) }, ErrorCode.FirmwareMd5Invalid],
      [{ Operator: '' }, ErrorCode.FirmwareOperatorInvalid],
      [{ Operator: 'o'.repeat(16) }, ErrorCode.FirmwareOperatorInvalid],
      [{ Description: 'd'.repeat(129) }, ErrorCode.FirmwareDescriptionTooLong],
    ];
    for (const [over, code] of cases) {
      const res = await upload(token, fieldsFor(data, over), data);
      expect([res.status, res.body.code], JSON.stringify(over)).toEqual([400, code]);
      expect(res.body.details?.[0]?.path).toBe(Object.keys(over)[0]);
    }
    // In the caller's language.
    const zh = await upload(token, fieldsFor(data, { FWVersion: '2.0' }), data, 'zh');
    expect(zh.body.message).toBe('固件版本格式应如 v2.00.002（最多 15 个字符）');
    // No file; not a form at all.
    expect((await upload(token, fieldsFor(data), null)).body.code).toBe(ErrorCode.FirmwarePathRequired);
    const json = await call(token, 'POST', '/v1/fw/add', fieldsFor(data));
    expect(json.body.code).toBe(ErrorCode.FirmwarePathRequired);
    // Nothing was stored by any of them.
    expect((await call<ListReply<FirmwareItem>>(token, 'GET', '/v1/fw/list')).body.count).toBe(0);
  });

  it('compares the file with the MD5 and checksum typed, and refuses an empty file and a duplicate', async () => {
    const { tenant, token } = await signIn('fwm');
    const data = imageBytes('measured');
    const other = imageBytes('other');
    const md5 = await upload(token, fieldsFor(data, { MD5: md5Of(other) }), data);
    expect([md5.status, md5.body.code]).toEqual([400, ErrorCode.FirmwareMd5Mismatch]);
    const crc = await upload(token, fieldsFor(data, { Checksum: checksumOf(other) }), data);
    expect([crc.status, crc.body.code]).toEqual([400, ErrorCode.FirmwareChecksumMismatch]);
    const empty = await upload(token, fieldsFor(Buffer.alloc(0)), Buffer.alloc(0));
    expect(empty.body.code).toBe(ErrorCode.FirmwareFileEmpty);
    // The refused bytes were removed: no file, no temporary file.
    expect(await files().list(`firmware/${tenant.id}`)).toEqual([]);
    expect(fs.readdirSync(path.join(h.config.dataDir, 'tmp', 'firmware-uploads'))).toEqual([]);

    expect((await upload(token, fieldsFor(data), data)).status).toBe(200);
    const dup = await upload(token, fieldsFor(other, { Description: 'again' }), other);
    expect([dup.status, dup.body.code]).toEqual([409, ErrorCode.FirmwareExists]);
    // Another hardware version of the model is another image.
    expect((await upload(token, fieldsFor(other, { HWVersion: 'HW2.0' }), other)).status).toBe(200);
  });
});

describe('who sees and changes which image', () => {
  it('keeps a tenant to its own images and the administrator’s published ones', async () => {
    const a = await signIn('fta');
    const b = await signIn('ftb');
    const root = await admin();
    const mine = await added(a.token, { Model: 'A1' });
    const hidden = await added(root, { Model: 'A2' });
    const shared = await added(root, { Model: 'A3', Published: 'true' });
    expect([hidden.Owner, hidden.Published, shared.Published]).toEqual(['admin', false, true]);

    const ids = async (token: string) =>
      (await call<ListReply<FirmwareItem>>(token, 'GET', '/v1/fw/list')).body.list.map((i) => i._id).sort();
    expect(await ids(a.token)).toEqual([mine._id, shared._id].sort());
    expect(await ids(b.token)).toEqual([shared._id]);
    expect(await ids(root)).toEqual([mine._id, hidden._id, shared._id].sort());
    const allB = await call<{ list: FirmwareItem[] }>(b.token, 'GET', '/v1/fw/getAllFWs');
    expect(allB.body.list.map((i) => i._id)).toEqual([shared._id]);

    // Another tenant's image, and an unpublished one of the administrator, do not exist for B.
    for (const id of [mine._id, hidden._id]) {
      const upd = await call(b.token, 'PUT', '/v1/fw/update', { _id: id, Description: 'x' });
      expect([upd.status, upd.body.code]).toEqual([404, ErrorCode.FirmwareNotExist]);
      const rm = await call(b.token, 'POST', '/v1/fw/remove', { _id: id });
      expect(rm.body.code).toBe(ErrorCode.FirmwareNotExist);
      // The upgrade signs download URLs only for images byId lets it see.
      await expect(h.services.images.byId({ tenantId: b.tenant.id, admin: false }, id)).rejects.toMatchObject(
        {
          code: ErrorCode.FirmwareNotExist,
        },
      );
    }
    // The administrator's published image is B's to use, not to change.
    const upd = await call(b.token, 'PUT', '/v1/fw/update', { _id: shared._id, Description: 'x' });
    expect([upd.status, upd.body.code]).toEqual([403, ErrorCode.FirmwareNoPermission]);
    expect((await call(b.token, 'POST', '/v1/fw/remove', { _id: shared._id })).body.code).toBe(
      ErrorCode.FirmwareNoPermission,
    );
    // Only the administrator publishes, and only its own images.
    const pub = await call(a.token, 'PUT', '/v1/fw/update', { _id: mine._id, Published: true });
    expect(pub.body.code).toBe(ErrorCode.FirmwareNoPermission);
    const data = imageBytes('pub');
    expect((await upload(a.token, fieldsFor(data, { Model: 'A9', Published: '1' }), data)).body.code).toBe(
      ErrorCode.FirmwareNoPermission,
    );
    const adminPub = await call(root, 'PUT', '/v1/fw/update', { _id: mine._id, Published: true });
    expect(adminPub.body.code).toBe(ErrorCode.FirmwarePublishNotAllowed);

    // Unpublished, the administrator's image leaves the tenants' lists.
    await call(root, 'PUT', '/v1/fw/update', { _id: shared._id, Published: false });
    expect(await ids(b.token)).toEqual([]);
    // Published, the hidden one appears.
    const shown = await call<{ list: FirmwareItem }>(root, 'PUT', '/v1/fw/update', {
      _id: hidden._id,
      Published: true,
    });
    expect(shown.body.list.Published).toBe(true);
    expect(await ids(b.token)).toEqual([hidden._id]);

    // A changes and removes its own.
    const own = await call<{ list: FirmwareItem }>(a.token, 'PUT', '/v1/fw/update', {
      _id: mine._id,
      Operator: ' bob ',
      Description: '',
    });
    expect(own.body.list).toMatchObject({ Operator: 'bob', Description: '', Published: false });
    const key = (await h.services.images.byId({ tenantId: a.tenant.id, admin: false }, mine._id)).file_key;
    expect((await call(a.token, 'POST', '/v1/fw/remove', { _id: mine._id })).status).toBe(200);
    expect(await files().has(key)).toBe(false);
    expect(await ids(a.token)).toEqual([hidden._id]);
  });

  it('refuses a duplicate of a published image, not of an unpublished one', async () => {
    const a = await signIn('fdu');
    const root = await admin();
    await added(root, { Model: 'C1', FWVersion: 'v3.01.005', Published: 'true' }, 'p');
    await added(root, { Model: 'C2', FWVersion: 'v3.01.005' }, 'q');
    const d1 = imageBytes('t1');
    const dup = await upload(a.token, fieldsFor(d1, { Model: 'C1', FWVersion: 'v3.01.005' }), d1);
    expect(dup.body.code).toBe(ErrorCode.FirmwareExists);
    const d2 = imageBytes('t2');
    expect((await upload(a.token, fieldsFor(d2, { Model: 'C2', FWVersion: 'v3.01.005' }), d2)).status).toBe(
      200,
    );
  });
});

describe('the library view', () => {
  it('counts the devices per version, the newest known version and the devices behind it', async () => {
    const a = await signIn('fla');
    const b = await signIn('flb');
    const root = await admin();
    await devices(a.tenant.id, [
      ['A1', 'HW1.0', 'v2.00.002', 1],
      ['A1', 'HW1.0', 'v2.00.002', 0],
      ['A1', 'HW1.0', 'v2.10.001', 1],
      ['A1', 'HW2.0', 'v2.00.002', 1],
    ]);
    await devices(b.tenant.id, [['A1', 'HW1.0', 'v9.00.000', 1]]);
    const img = await added(root, { Model: 'A1', FWVersion: 'v2.9.001', Published: 'true' }, 'a1');
    const newer = await added(a.token, { Model: 'A1', HWVersion: 'HW2.0', FWVersion: 'v2.00.010' }, 'a1hw2');
    const view = await call<FirmwareVersionsReply>(a.token, 'GET', '/v1/fw/versions');
    expect(view.body.list).toEqual([
      {
        Model: 'A1',
        HWVersion: 'HW1.0',
        // v2.10.001 is newer than v2.9.001: numbers, not text. B's v9 is not A's to know.
        Newest: 'v2.10.001',
        Devices: 3,
        Behind: 2,
        Versions: [
          { FWVersion: 'v2.10.001', Devices: 1, Online: 1, Image: null },
          { FWVersion: 'v2.9.001', Devices: 0, Online: 0, Image: img._id },
          { FWVersion: 'v2.00.002', Devices: 2, Online: 1, Image: null },
        ],
      },
      {
        Model: 'A1',
        HWVersion: 'HW2.0',
        Newest: 'v2.00.010',
        Devices: 1,
        Behind: 1,
        Versions: [
          { FWVersion: 'v2.00.010', Devices: 0, Online: 0, Image: newer._id },
          { FWVersion: 'v2.00.002', Devices: 1, Online: 1, Image: null },
        ],
      },
    ]);
    const one = await call<FirmwareVersionsReply>(a.token, 'GET', '/v1/fw/versions?Model=A1&HWVersion=HW2.0');
    expect(one.body.list.map((r) => r.HWVersion)).toEqual(['HW2.0']);
    // The administrator sees every tenant's devices.
    const all = await call<FirmwareVersionsReply>(root, 'GET', '/v1/fw/versions?HWVersion=HW1.0');
    expect(all.body.list[0]).toMatchObject({ Newest: 'v9.00.000', Devices: 4, Behind: 3 });
    expect(compareFirmwareVersions('v2.10.001', 'v2.9.001')).toBe(1);
  });
});

describe('downloading an image', () => {
  async function signed() {
    const { token, tenant } = await signIn('fdl');
    const data = imageBytes('download', 100_000);
    const res = await upload(token, fieldsFor(data), data);
    const image = await h.services.images.byId({ tenantId: tenant.id, admin: false }, res.body.list._id);
    const url = new URL(h.services.images.downloadUrl(image, h.clock.now + 60_000));
    return { data, image, url, path: `${url.pathname}${url.search}`, token };
  }

  it('serves it whole, by ranges that resume, and its headers alone', async () => {
    const { data, image, url, path } = await signed();
    expect(url.origin).toBe(h.config.publicUrl);
    expect(url.pathname).toBe(`/v1/issued/fw-image/${image.id}`);
    const whole = await h.app.inject({ method: 'GET', url: path });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'accept-ranges': 'bytes',
      etag: `"${md5Of(data)}"`,
      'content-length': String(data.length),
      'content-type': 'application/octet-stream',
    });
    expect(md5Of(whole.rawPayload)).toBe(md5Of(data));

    // A download broken after 30,000 bytes resumes from there; the parts make the image.
    const first = await h.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=0-29999' } });
    expect([first.statusCode, first.headers['content-range']]).toEqual([206, `bytes 0-29999/${data.length}`]);
    const rest = await h.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=30000-' } });
    expect([rest.statusCode, rest.headers['content-length']]).toEqual([206, String(data.length - 30_000)]);
    expect(md5Of(Buffer.concat([first.rawPayload, rest.rawPayload]))).toBe(md5Of(data));
    const tail = await h.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(data.subarray(data.length - 10))).toBe(true);
    // An end past the size stops at the size.
    const over = await h.app.inject({ method: 'GET', url: path, headers: { range: 'bytes=99990-200000' } });
    expect(over.headers['content-range']).toBe(`bytes 99990-99999/${data.length}`);

    for (const range of [`bytes=${data.length}-`, 'bytes=5-2', 'bytes=-0', 'items=0-1', 'bytes=0-1,5-6']) {
      const bad = await h.app.inject({ method: 'GET', url: path, headers: { range } });
      expect([bad.statusCode, bad.json().code], range).toEqual([416, ErrorCode.FirmwareRangeNotSatisfiable]);
      expect(bad.headers['content-range']).toBe(`bytes */${data.length}`);
    }

    const head = await h.app.inject({ method: 'HEAD', url: path });
    expect([head.statusCode, head.headers['content-length'], head.rawPayload.length]).toEqual([
      200,
      String(data.length),
      0,
    ]);
  });

  it('refuses a bad or expired signature (403) and an image removed since (404)', async () => {
    const { image, url, token } = await signed();
    const at = (change: Record<string, string>) => {
      const u = new URL(url);
      for (const [k, v] of Object.entries(change)) u.searchParams.set(k, v);
      return `${u.pathname}${u.search}`;
    };
    const sig = url.searchParams.get('sig')!;
    const cases = [
      at({ sig: `${sig.slice(0, -2)}AA` }),
      at({ exp: String(Number(url.searchParams.get('exp')) + 1) }),
      at({ exp: 'soon' }),
      `/v1/issued/fw-image/${image.id}`,
      // A configuration file's signature scheme does not open an image.
      `/v1/issued/fw-image/x${image.id.slice(1)}${url.search}`,
    ];
    for (const path of cases) {
      const res = await h.app.inject({ method: 'GET', url: path, headers: { cookie: 'language=zh' } });
      expect([res.statusCode, res.json().code], path).toEqual([403, ErrorCode.FirmwareLinkInvalid]);
      expect(res.json().message).toBe('固件下载链接无效或已过期');
    }
    h.clock.advance(60_001);
    const expired = await h.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect([expired.statusCode, expired.json().code]).toEqual([403, ErrorCode.FirmwareLinkInvalid]);
    h.clock.advance(-60_001);
    await call(token, 'POST', '/v1/fw/remove', { _id: image.id });
    const gone = await h.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect([gone.statusCode, gone.json().code]).toEqual([404, ErrorCode.FirmwareNotExist]);
  });
});

describe('the demo library', () => {
  it('has a published image one version ahead for each model and hardware the demo fleet runs', async () => {
    await seedFirmwareDemo(h.services.images);
    const { token } = await signIn('fdm');
    const list = await call<{ list: FirmwareItem[] }>(token, 'GET', '/v1/fw/getAllFWs');
    const planned = new Map(
      planFleet(DEMO_FLEET)
        .networks.flatMap((n) => n.devices)
        .map((d) => [`${d.model} ${d.hwVersion}`, d.fwVersion]),
    );
    expect(list.body.list.length).toBe(planned.size);
    for (const item of list.body.list) {
      expect(item).toMatchObject({ Owner: 'admin', Published: true });
      expect(item.FWVersion).toBe(nextFirmwareVersion(planned.get(`${item.Model} ${item.HWVersion}`)!));
      expect(compareFirmwareVersions(item.FWVersion, planned.get(`${item.Model} ${item.HWVersion}`)!)).toBe(
        1,
      );
      expect(item.Size).toBeGreaterThan(200_000);
    }
    expect(nextFirmwareVersion('v2.00.009')).toBe('v2.00.010');
  });
});

describe('removing an image an upgrade uses', () => {
  it('is refused while the upgrade has not ended (15019)', async () => {
    const { token } = await signIn('fru');
    const img = await added(token, { Model: 'A1', HWVersion: 'HW1.0', FWVersion: 'v2.00.003' }, 'in-use');
    const dev = await call<{ _id: string }>(token, 'POST', '/v1/device/add', {
      SN: `FR${randomToken(10)}`,
      MAC: randomMac(),
      Type: 2,
    });
    expect(dev.status, JSON.stringify(dev.body)).toBe(200);
    await h.store.db
      .updateTable('devices')
      .set({ model: 'A1', hw_version: 'HW1.0', fw_version: 'v2.00.002' })
      .where('id', '=', dev.body._id)
      .execute();
    const started = await call(token, 'POST', '/v1/config/fw/dispatch', {
      _id: img._id,
      devices: [dev.body._id],
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const rm = await call(token, 'POST', '/v1/fw/remove', { _id: img._id });
    expect([rm.status, rm.body.code]).toEqual([409, ErrorCode.FirmwareInUse]);
    expect((await call(token, 'GET', '/v1/fw/list')).body.count).toBe(1);
  });
});
