/**
 * The hello decides an upgrade (docs/firmware-upgrades.md, protocol §7.10 step 6): a device that
 * took the upgrade up and comes back saying the image's version is applied even when its own
 * `succeeded` never reaches the server. bench:firmware at 1,000 at once left 9 devices "issuing"
 * so: back online on the new version, their reports acknowledged by the broker (so forgotten by the
 * device, §7.4) and lost on the way to a busy server. A device back on the old version is not
 * applied by its hello; its report decides (2 apply failed).
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { FirmwareIssueStatus, type DeliveryDeviceItem, type ListReply } from '@netconsole/contract';
import {
  bearer,
  deviceBus,
  login,
  seedTenant,
  startHarness,
  TEST_FACTORY_KEY,
  TEST_STORE,
  type Harness,
} from '../../test/harness.ts';
import { FakeDevice, eventually, randomMac, randomToken } from '../../test/devices.ts';

/** Every SN of this file starts so (the shared broker of the PostgreSQL run). */
const PREFIX = `FH${randomToken(4)}`;
const OLD = 'v2.00.002';
const NEW = 'v9.00.001';
const WAIT = 15_000;

let h: Harness | null = null;
const devices: FakeDevice[] = [];

afterEach(async () => {
  for (const d of devices.splice(0)) await d.end().catch(() => undefined);
  await h?.close();
  h = null;
});

interface Tenant {
  token: string;
  tenantId: string;
  userId: string;
}

async function call<T>(on: Harness, token: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await on.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as T & { code?: number; message?: string } };
}

/** An A1 HW1.0 image at NEW, through the library's service. */
async function image(on: Harness, who: Tenant): Promise<string> {
  const bytes = Buffer.alloc(64 * 1024, `A1${NEW}`);
  const fields = {
    Model: 'A1',
    HWVersion: 'HW1.0',
    FWVersion: NEW,
    Checksum: `0x${crc32(bytes).toString(16).padStart(8, '0')}`,
    MD5: createHash('md5').update(bytes).digest('hex'),
    Operator: 'tester',
    Description: '',
    Published: false,
  };
  const actor = { scope: { tenantId: who.tenantId, admin: false }, userId: who.userId, username: 'owner' };
  return (await on.services.images.add(actor, fields, 'fw.bin', Readable.from([bytes])))._id;
}

/** A registered AP on OLD, connected and welcomed (FakeDevice's hello says A1 HW1.0 OLD). */
async function ap(on: Harness, who: Tenant): Promise<{ id: string; device: FakeDevice }> {
  const sn = `${PREFIX}${randomToken(8)}`;
  const mac = randomMac();
  const r = await call<{ _id: string }>(on, who.token, 'POST', '/v1/device/add', {
    SN: sn,
    MAC: mac,
    Type: 2,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const device = await FakeDevice.connect(
    { url: on.mqttUrl!, sn, mac, factoryKey: TEST_FACTORY_KEY, type: 2 },
    undefined,
    mac,
  );
  devices.push(device);
  await device.hello();
  return { id: r.body._id, device };
}

/**
 * §7.10 steps 1-6 up to the boot: accepted, downloading, rebooting, goodbye; then the new boot's
 * hello on `version` — and no `succeeded` (lost), nor an answer to the re-send. The new connection.
 */
async function upgradeWithoutOutcome(d: FakeDevice, version: string): Promise<FakeDevice> {
  const cmd = await d.next('upgrade_firmware', () => true, WAIT);
  expect(cmd.fwVersion).toBe(NEW);
  await d.ack(cmd.id, cmd.cmd, 'accepted');
  await d.ack(cmd.id, cmd.cmd, 'progress', { stage: 'downloading', percent: 100 });
  await d.ack(cmd.id, cmd.cmd, 'progress', { stage: 'verifying' });
  await d.ack(cmd.id, cmd.cmd, 'progress', { stage: 'applying' });
  await d.ack(cmd.id, cmd.cmd, 'progress', { stage: 'rebooting' });
  await d.goodbye('firmware_upgrade');
  const next = await d.reconnect({ reboot: true });
  devices.push(next);
  await next.hello({ fwVersion: version, bootReason: 'firmware_upgrade' });
  // The server re-sends the open command after the welcome (§7.4): its answer is lost as well.
  if (version !== NEW) await next.next('upgrade_firmware', (m) => m.id === cmd.id, WAIT);
  return next;
}

describe(`an upgrade decided by the hello (${TEST_STORE})`, () => {
  it('is applied when the device comes back on the new version though its succeeded was lost', async () => {
    h = await startHarness({ mqtt: deviceBus(PREFIX) });
    h.clock.now = Date.now();
    const on = h;
    const prefix = `fh${randomToken(3)}`;
    const { tenant, owner } = await seedTenant(on, prefix);
    const me: Tenant = {
      token: (await login(on, `${prefix}own`)).body.Token,
      tenantId: tenant.id,
      userId: owner.id,
    };
    const imageId = await image(on, me);
    const good = await ap(on, me);
    const back = await ap(on, me);
    const r = await call<{ list: { _id: string } }>(on, me.token, 'POST', '/v1/config/fw/dispatch', {
      _id: imageId,
      devices: [good.id, back.id],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const campaignId = r.body.list._id;
    const rows = async () => {
      const res = await call<ListReply<DeliveryDeviceItem>>(
        on,
        me.token,
        'GET',
        `/v1/issued/device?_id=${campaignId}&limit=100`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return new Map(res.body.list.map((x) => [x.Device, x]));
    };

    const [, oldBack] = await Promise.all([
      upgradeWithoutOutcome(good.device, NEW),
      upgradeWithoutOutcome(back.device, OLD),
    ]);

    // The hello on NEW is the outcome: applied, no report needed.
    const applied = (await eventually(
      async () => {
        const x = (await rows()).get(good.id)!;
        return x.Status === FirmwareIssueStatus.Applied ? x : null;
      },
      WAIT,
      'the device back on the new version applied',
    ))!;
    expect(applied).toMatchObject({ State: 'succeeded', Code: null, ToVersion: NEW });
    expect(applied.EndTime).not.toBeNull();
    const row = await on.store.db
      .selectFrom('device_commands')
      .select(['status', 'result'])
      .where('device_id', '=', good.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'succeeded', result: JSON.stringify({ fwVersion: NEW }) });

    // Back on the old version: still issuing (rebooting) until its own report says what happened.
    const still = (await rows()).get(back.id)!;
    expect(still).toMatchObject({ Status: FirmwareIssueStatus.Issuing, Stage: 'rebooting' });
    const cmd = await on.store.db
      .selectFrom('device_commands')
      .select(['id'])
      .where('device_id', '=', back.id)
      .executeTakeFirstOrThrow();
    await oldBack.ack(cmd.id, 'upgrade_firmware', 'failed', { stage: 'rebooting', code: 'rolled_back' });
    await eventually(
      async () => (await rows()).get(back.id)!.Status === FirmwareIssueStatus.ApplyFailed,
      WAIT,
      'the rolled-back device apply failed',
    );
  }, 60_000);
});
