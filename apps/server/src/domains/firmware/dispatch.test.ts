/**
 * POST /v1/config/fw/dispatch refusals, each with its code and nothing started (docs/firmware-upgrades.md),
 * tenants kept apart for dispatches and histories, and GET /v1/issued/fw with the upgrade's fields.
 * The outcomes with simulated devices are dispatch-outcomes.test.ts.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVERY_MAX_DEVICES,
  ErrorCode,
  FIRMWARE_DEFAULT_CONCURRENCY,
  FIRMWARE_PERMANENT_MS,
  errorText,
  type DeliveryItem,
  type ListReply,
} from '@netconsole/contract';
import { ADMIN_SCOPE, bearer, login, seedTenant, startHarness, type Harness } from '../../test/harness.ts';
import { randomMac, randomToken } from '../../test/devices.ts';
import type { FirmwareImageRow } from './tables.ts';

const HOUR = 3_600_000;
let h: Harness;

interface Tenant {
  token: string;
  tenantId: string;
  userId: string;
  username: string;
}

async function tenant(prefix: string): Promise<Tenant> {
  const { tenant, owner } = await seedTenant(h, prefix);
  const token = (await login(h, `${prefix}own`)).body.Token;
  return { token, tenantId: tenant.id, userId: owner.id, username: `${prefix}own` };
}

async function call<T>(token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await h.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as T & { code?: number; message?: string } };
}

/** A registered AP whose last hello (set in the store: it never connects here) named this model. */
async function device(
  who: Tenant,
  model = 'A1',
  hw = 'HW1.0',
  fw = 'v2.00.002',
): Promise<{ id: string; sn: string }> {
  const sn = `FD${randomToken(10)}`;
  const r = await call<{ _id: string }>(who.token, 'POST', '/v1/device/add', {
    SN: sn,
    MAC: randomMac(),
    Type: 2,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await h.store.db
    .updateTable('devices')
    .set({ model, hw_version: hw, fw_version: fw })
    .where('id', '=', r.body._id)
    .execute();
  return { id: r.body._id, sn };
}

/** An image through the library's service (its upload route is the library's own test). */
async function image(
  who: Tenant | null,
  fw = 'v2.00.003',
  model = 'A1',
  hw = 'HW1.0',
  published = false,
): Promise<FirmwareImageRow> {
  const bytes = Buffer.from(`image ${model} ${hw} ${fw} ${randomToken(6)}`);
  const md5 = createHash('md5').update(bytes).digest('hex');
  const checksum = `0x${crc32(bytes).toString(16).padStart(8, '0')}`;
  const scope = who ? { tenantId: who.tenantId, admin: false } : ADMIN_SCOPE;
  const actor = { scope, userId: who?.userId ?? 'admin', username: who?.username ?? 'admin' };
  const fields = {
    Model: model,
    HWVersion: hw,
    FWVersion: fw,
    Checksum: checksum,
    MD5: md5,
    Operator: 'tester',
    Description: '',
    Published: published,
  };
  const item = await h.services.images.add(actor, fields, 'fw.bin', Readable.from([bytes]));
  return h.services.images.byId(scope, item._id);
}

async function campaigns(): Promise<number> {
  const r = await h.store.db
    .selectFrom('delivery_campaigns')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  h = await startHarness({ publicUrl: 'http://127.0.0.1:18299' });
  // The body's times are checked against the real clock (the browser's); the engine's against this.
  h.clock.now = Date.now();
  a = await tenant(`fa${randomToken(3)}`);
  b = await tenant(`fb${randomToken(3)}`);
});
afterAll(async () => {
  await h?.close();
});

describe('POST /v1/config/fw/dispatch refusals', () => {
  it('refuses each broken rule with its code and starts nothing', async () => {
    const img = await image(a);
    const d = await device(a);
    const ok = { _id: img.id, devices: [d.id] };
    const before = await campaigns();
    const now = Date.now();
    const cases: [string, unknown, number][] = [
      ['no image', { devices: [d.id] }, ErrorCode.FirmwareImageRequired],
      ['no device', { _id: img.id, devices: [] }, ErrorCode.DeliveryDevicesRequired],
      [
        'too many devices',
        { _id: img.id, devices: Array.from({ length: DELIVERY_MAX_DEVICES + 1 }, (_, i) => `d${i}`) },
        ErrorCode.DeliveryTooManyDevices,
      ],
      ['validity 3', { ...ok, Validity: 3 }, ErrorCode.FirmwareValidityInvalid],
      [
        'an end with validity 0',
        { ...ok, Validity: 0, ExpireTime: now + HOUR },
        ErrorCode.FirmwareValidityInvalid,
      ],
      ['validity 1 without a start', { ...ok, Validity: 1 }, ErrorCode.FirmwareEffectiveTimeRequired],
      ['validity 2 without an end', { ...ok, Validity: 2 }, ErrorCode.FirmwareExpireTimeRequired],
      [
        'validity 2 ending before it starts (14012)',
        { ...ok, Validity: 2, EffectiveTime: now + 2 * HOUR, ExpireTime: now + HOUR },
        ErrorCode.FirmwareIssueEndBeforeStart,
      ],
      [
        'validity 2 ending at its start (14012)',
        { ...ok, Validity: 2, EffectiveTime: now + 2 * HOUR, ExpireTime: now + 2 * HOUR },
        ErrorCode.FirmwareIssueEndBeforeStart,
      ],
      ['effective time in the past', { ...ok, EffectiveTime: now - HOUR }, ErrorCode.EffectiveTimeNotFuture],
      ['window 25:00', { ...ok, Window: { Start: '25:00', End: '05:00' } }, ErrorCode.FirmwareWindowInvalid],
      ['window 2:00', { ...ok, Window: { Start: '2:00', End: '05:00' } }, ErrorCode.FirmwareWindowInvalid],
      [
        'window of no length',
        { ...ok, Window: { Start: '02:00', End: '02:00' } },
        ErrorCode.FirmwareWindowInvalid,
      ],
      [
        'window in an unknown zone',
        { ...ok, Window: { Start: '02:00', End: '05:00', TimeZone: 'Mars/Olympus' } },
        ErrorCode.FirmwareTimeZoneInvalid,
      ],
      ['concurrency 0', { ...ok, Concurrency: 0 }, ErrorCode.FirmwareConcurrencyInvalid],
      ['concurrency 1001', { ...ok, Concurrency: 1001 }, ErrorCode.FirmwareConcurrencyInvalid],
      ['concurrency 1.5', { ...ok, Concurrency: 1.5 }, ErrorCode.FirmwareConcurrencyInvalid],
      [
        'staged 0 %',
        { ...ok, Staged: { firstPercent: 0, maxFailPercent: 10 } },
        ErrorCode.StagedDeliveryInvalid,
      ],
      ['an image that does not exist', { ...ok, _id: 'nope' }, ErrorCode.FirmwareNotExist],
      ['a device that does not exist', { ...ok, devices: ['nope'] }, ErrorCode.DeviceNotExist],
    ];
    for (const [what, payload, code] of cases) {
      const r = await call(a.token, 'POST', '/v1/config/fw/dispatch', payload);
      expect({ what, code: r.body.code }).toEqual({ what, code });
      expect(r.status, what).toBeGreaterThanOrEqual(400);
    }
    expect(await campaigns()).toBe(before);
  });

  it('answers in Chinese too', async () => {
    const r = await call(a.token, 'POST', '/v1/config/fw/dispatch?language=zh', {
      _id: 'x',
      devices: ['y'],
      Validity: 2,
      EffectiveTime: Date.now() + 2 * HOUR,
      ExpireTime: Date.now() + HOUR,
    });
    expect(r.body.code).toBe(ErrorCode.FirmwareIssueEndBeforeStart);
    expect(r.body.message).toBe('固件下发的结束日期必须晚于开始日期');
  });

  it('refuses devices of another model or hardware version, naming them (15031)', async () => {
    const img = await image(a, 'v2.00.004');
    const right = await device(a);
    const model = await device(a, 'A2');
    const hw = await device(a, 'A1', 'HW2.0');
    const before = await campaigns();
    const r = await call(a.token, 'POST', '/v1/config/fw/dispatch', {
      _id: img.id,
      devices: [right.id, model.id, hw.sn],
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(ErrorCode.FirmwareDeviceMismatch);
    expect(r.body.message).toContain(model.sn);
    expect(r.body.message).toContain(hw.sn);
    expect(r.body.message).not.toContain(right.sn);
    expect(r.body.message).toContain('A1');
    expect(await campaigns()).toBe(before);
  });

  it("keeps tenants apart: another tenant's image or device is not found, nothing starts", async () => {
    const mine = await device(a);
    const theirs = await device(b);
    const theirImage = await image(b, 'v2.00.005');
    const myImage = await image(a, 'v2.00.005');
    // The administrator's unpublished image is not a tenant's either; a published one is.
    const adminHidden = await image(null, 'v2.00.006');
    const adminPublished = await image(null, 'v2.00.007', 'A1', 'HW1.0', true);
    const before = await campaigns();
    const foreignImage = await call(a.token, 'POST', '/v1/config/fw/dispatch', {
      _id: theirImage.id,
      devices: [mine.id],
    });
    expect(foreignImage.body.code).toBe(ErrorCode.FirmwareNotExist);
    const hidden = await call(a.token, 'POST', '/v1/config/fw/dispatch', {
      _id: adminHidden.id,
      devices: [mine.id],
    });
    expect(hidden.body.code).toBe(ErrorCode.FirmwareNotExist);
    for (const ref of [theirs.id, theirs.sn]) {
      const foreignDevice = await call(a.token, 'POST', '/v1/config/fw/dispatch', {
        _id: myImage.id,
        devices: [mine.id, ref],
      });
      expect(foreignDevice.body.code).toBe(ErrorCode.DeviceNotExist);
    }
    expect(await campaigns()).toBe(before);

    const started = await call<{ list: DeliveryItem }>(a.token, 'POST', '/v1/config/fw/dispatch', {
      _id: adminPublished.id,
      devices: [mine.sn],
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.list._id;
    // B sees neither the upgrade nor its devices, and cannot cancel it.
    const listB = await call<ListReply<DeliveryItem>>(b.token, 'GET', '/v1/issued/fw');
    expect(listB.body.list.map((c) => c._id)).not.toContain(id);
    const devicesB = await call(b.token, 'GET', `/v1/issued/device?_id=${id}`);
    expect(devicesB.body.code).toBe(ErrorCode.DeliveryNotExist);
    const historyB = await call(b.token, 'GET', `/v1/issued/devicelist?Device=${mine.id}&Kind=firmware`);
    expect(historyB.body.code).toBe(ErrorCode.DeviceNotExist);
    const cancelB = await call(b.token, 'POST', '/v1/issued/cancel', { _id: id });
    expect(cancelB.body.code).toBe(ErrorCode.DeliveryNotExist);
    const listA = await call<ListReply<DeliveryItem>>(a.token, 'GET', '/v1/issued/fw');
    expect(listA.body.list.map((c) => c._id)).toContain(id);
    await call(a.token, 'POST', '/v1/issued/cancel', { _id: id });
  });
});

describe("the administrator's upgrades", () => {
  it("belong to the devices' tenant when they are all one tenant's, else to the administrator", async () => {
    const published = await image(null, 'v2.00.020', 'A1', 'HW1.0', true);
    const mine = await device(a);
    const theirs = await device(b);
    const admin = { scope: ADMIN_SCOPE, userId: 'admin' };
    const one = await h.services.firmwareDispatch.dispatch(admin, {
      _id: published.id,
      devices: [mine.id],
      Validity: 0,
      EffectiveTime: null,
      ExpireTime: null,
      Window: null,
      Staged: null,
      Concurrency: null,
    });
    const listA = await call<ListReply<DeliveryItem>>(a.token, 'GET', '/v1/issued/fw?limit=100');
    expect(listA.body.list.map((c) => c._id)).toContain(one.list._id);
    const both = await h.services.firmwareDispatch.dispatch(admin, {
      _id: published.id,
      devices: [mine.id, theirs.sn],
      Validity: 0,
      EffectiveTime: null,
      ExpireTime: null,
      Window: null,
      Staged: null,
      Concurrency: null,
    });
    const listB = await call<ListReply<DeliveryItem>>(b.token, 'GET', '/v1/issued/fw?limit=100');
    expect(listB.body.list.map((c) => c._id)).not.toContain(both.list._id);
    // Each tenant's device history still shows the upgrade of its device.
    const historyB = await call<ListReply<{ Delivery: string }>>(
      b.token,
      'GET',
      `/v1/issued/devicelist?Device=${theirs.id}&Kind=firmware`,
    );
    expect(historyB.body.list.map((x) => x.Delivery)).toEqual([both.list._id]);
  });
});

describe("the window's time zone", () => {
  /** A network of the tenant with this zone (null: none set), holding these devices (set in the store). */
  async function network(who: Tenant, TimeZone: string | null, ...ids: string[]): Promise<string> {
    const r = await call<{ list: { _id: string } }>(who.token, 'POST', '/v1/network/createNet', {
      Name: `N${randomToken(6)}`,
      Location: { longitude: 121.47, latitude: 31.23 },
      TimeZone,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await h.store.db.updateTable('devices').set({ parent: r.body.list._id }).where('id', 'in', ids).execute();
    return r.body.list._id;
  }

  /** The window of the `upgrade_firmware` command each device of a campaign was given, by device id. */
  async function windows(campaignId: string): Promise<Record<string, unknown>> {
    await h.services.delivery.settled();
    const rows = await h.store.db
      .selectFrom('delivery_targets as t')
      .innerJoin('device_commands as c', 'c.id', 't.command_id')
      .select(['t.device_id', 'c.body'])
      .where('t.campaign_id', '=', campaignId)
      .execute();
    return Object.fromEntries(
      rows.map((r) => [r.device_id, (JSON.parse(r.body) as { window?: unknown }).window ?? null]),
    );
  }

  it("is each device's network's zone, else the request's, else the server's", async () => {
    const img = await image(a, 'v2.00.030');
    const zoned = await device(a);
    const unzoned = await device(a);
    const loose = await device(a);
    await network(a, 'Asia/Shanghai', zoned.id);
    await network(a, null, unzoned.id);
    const dispatch = async (devices: string[], Window: object) => {
      const r = await call<{ list: DeliveryItem }>(a.token, 'POST', '/v1/config/fw/dispatch', {
        _id: img.id,
        devices,
        Window,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.list;
    };
    const window = (start: string, end: string, tz: string) => ({ start, end, tz });

    const first = await dispatch([zoned.id, unzoned.id, loose.id], {
      Start: '02:00',
      End: '05:00',
      TimeZone: 'Europe/Berlin',
    });
    expect(await windows(first._id)).toEqual({
      [zoned.id]: window('02:00', '05:00', 'Asia/Shanghai'),
      [unzoned.id]: window('02:00', '05:00', 'Europe/Berlin'),
      [loose.id]: window('02:00', '05:00', 'Europe/Berlin'),
    });
    // The list shows the window most devices got.
    expect(first.Window).toEqual({ Start: '02:00', End: '05:00', TimeZone: 'Europe/Berlin' });
    await call(a.token, 'POST', '/v1/issued/cancel', { _id: first._id });

    // Without a zone in the request, a device outside a zoned network takes the server's.
    const second = await dispatch([zoned.id, loose.id], { Start: '23:00', End: '01:00' });
    expect(await windows(second._id)).toEqual({
      [zoned.id]: window('23:00', '01:00', 'Asia/Shanghai'),
      [loose.id]: window('23:00', '01:00', Intl.DateTimeFormat().resolvedOptions().timeZone),
    });
    await call(a.token, 'POST', '/v1/issued/cancel', { _id: second._id });

    // No window: no zone either, whatever the network's.
    const third = await call<{ list: DeliveryItem }>(a.token, 'POST', '/v1/config/fw/dispatch', {
      _id: img.id,
      devices: [zoned.id],
    });
    expect(await windows(third.body.list._id)).toEqual({ [zoned.id]: null });
    await call(a.token, 'POST', '/v1/issued/cancel', { _id: third.body.list._id });
  });
});

describe('GET /v1/issued/fw', () => {
  it('lists the upgrades with their image, validity, window, concurrency and counts', async () => {
    const img = await image(a, 'v2.00.010');
    const d1 = await device(a);
    const d2 = await device(a);
    const start = Date.now() + HOUR;
    const r = await call<{ list: DeliveryItem }>(a.token, 'POST', '/v1/config/fw/dispatch', {
      _id: img.id,
      devices: [d1.id, d2.sn],
      Validity: 2,
      EffectiveTime: start,
      ExpireTime: start + 2 * HOUR,
      Window: { Start: '22:00', End: '04:00', TimeZone: 'Asia/Shanghai' },
      Concurrency: 1,
      Staged: { firstPercent: 50, maxFailPercent: 0 },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const item = r.body.list;
    expect(item).toMatchObject({
      Kind: 'firmware',
      Status: 'scheduled',
      Firmware: { _id: img.id, Model: 'A1', HWVersion: 'HW1.0', FWVersion: 'v2.00.010' },
      Validity: 2,
      EffectiveTime: start,
      ExpireTime: start + 2 * HOUR,
      Window: { Start: '22:00', End: '04:00', TimeZone: 'Asia/Shanghai' },
      Concurrency: 1,
      Staged: { firstPercent: 50, maxFailPercent: 0 },
      Total: 2,
      Pending: 2,
      Creator: a.userId,
      // Who started it, by account name (the history screens show it).
      CreatorName: a.username,
    });
    const list = await call<ListReply<DeliveryItem>>(a.token, 'GET', `/v1/issued/fw?Profile=${img.id}`);
    expect(list.body.list).toEqual([item]);
    // Configuration's list does not show it, nor firmware's a configuration.
    const config = await call<ListReply<DeliveryItem>>(a.token, 'GET', '/v1/issued/config');
    expect(config.body.list.map((c) => c._id)).not.toContain(item._id);
    // Validity 0: a year to wait for offline devices.
    const permanent = await call<{ list: DeliveryItem }>(a.token, 'POST', '/v1/config/fw/dispatch', {
      _id: img.id,
      devices: [d1.id],
    });
    expect(permanent.body.list.Validity).toBe(0);
    // No limit named: the documented default per network.
    expect(permanent.body.list.Concurrency).toBe(FIRMWARE_DEFAULT_CONCURRENCY);
    expect(permanent.body.list.ExpireTime).toBe(h.clock.now + FIRMWARE_PERMANENT_MS);
    expect(permanent.body.list.Window).toBeNull();
  });

  it('shows each device with its versions before any report (Percent, StartTime, EndTime null)', async () => {
    const img = await image(a, 'v2.00.011');
    const d = await device(a, 'A1', 'HW1.0', 'v2.00.001');
    const r = await call<{ list: DeliveryItem }>(a.token, 'POST', '/v1/config/fw/dispatch', {
      _id: img.id,
      devices: [d.id],
      EffectiveTime: Date.now() + HOUR,
    });
    const rows = await call<ListReply<Record<string, unknown>>>(
      a.token,
      'GET',
      `/v1/issued/device?_id=${r.body.list._id}`,
    );
    expect(rows.body.list).toEqual([
      expect.objectContaining({
        Kind: 'firmware',
        SN: d.sn,
        Status: 4,
        State: null,
        Percent: null,
        StartTime: null,
        EndTime: null,
        FromVersion: 'v2.00.001',
        ToVersion: 'v2.00.011',
      }),
    ]);
    // A device's firmware history: this upgrade; an empty one is an empty list, not 14013.
    const history = await call<ListReply<Record<string, unknown>>>(
      a.token,
      'GET',
      `/v1/issued/devicelist?Device=${d.id}&Kind=firmware`,
    );
    expect(history.body.list.map((x) => x.Delivery)).toEqual([r.body.list._id]);
    const other = await device(a);
    const none = await call<ListReply<unknown>>(
      a.token,
      'GET',
      `/v1/issued/devicelist?Device=${other.id}&Kind=firmware`,
    );
    expect([none.status, none.body.count]).toEqual([200, 0]);
  });
});

describe("the device lists by Model and HWVersion (the upgrade form's device choice)", () => {
  it('filter in the store, validated, within the tenant', async () => {
    const model = `M${randomToken(6)}`;
    const fits = await device(a, model, 'HW2.0');
    const otherHw = await device(a, model, 'HW3.0');
    const otherModel = await device(a, `N${randomToken(6)}`, 'HW2.0');
    const theirs = await device(b, model, 'HW2.0');
    const sns = async (token: string, url: string) => {
      const r = await call<{ list: { SN: string }[]; count: number }>(token, 'GET', url);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.list.map((d) => d.SN).sort();
    };
    const q = `Model=${model}&HWVersion=HW2.0`;
    for (const url of [`/v1/device/getAll?${q}`, `/v1/device/list?${q}`, `/v1/device/getAllDevices?${q}`])
      expect(await sns(a.token, url)).toEqual([fits.sn]);
    expect(await sns(a.token, `/v1/device/getAll?Model=${model}`)).toEqual([fits.sn, otherHw.sn].sort());
    // Another tenant's device of the same model is its own alone.
    expect(await sns(b.token, `/v1/device/getAll?${q}`)).toEqual([theirs.sn]);
    expect(await sns(a.token, `/v1/device/getAll?Model=${model}&HWVersion=HW9.9`)).toEqual([]);
    expect(otherModel.sn).not.toBe(fits.sn);
    // Refused with a coded error naming the field, in the caller's language.
    for (const [bad, field, code] of [
      [`Model=${'x'.repeat(33)}`, 'Model', ErrorCode.DeviceModelFilterInvalid],
      ['HWVersion=', 'HWVersion', ErrorCode.DeviceHwVersionFilterInvalid],
      [`Model=A1&HWVersion=${'y'.repeat(40)}`, 'HWVersion', ErrorCode.DeviceHwVersionFilterInvalid],
    ] as const) {
      for (const lang of ['en', 'zh'] as const) {
        const res = await h.app.inject({
          method: 'GET',
          url: `/v1/device/getAll?${bad}`,
          headers: { ...bearer(a.token), cookie: `language=${lang}` },
        });
        const body = res.json() as { code: number; message: string; details?: unknown };
        expect([res.statusCode, body.code]).toEqual([400, code]);
        expect(JSON.stringify(body.details)).toContain(field);
        expect(body.message).toBe(errorText(code, lang));
      }
    }
  });
});
