/**
 * The engine's offline alarms (protocol §11.4: 1 device offline, 2 all devices offline): after the
 * grace period, once, cleared when the device is back for its window; a reboot raises nothing; an
 * open alarm survives a restart of the engine without being raised twice; a removed network's
 * alarms close.
 */
import { describe, expect, it } from 'vitest';
import { AlarmType, type AlarmItem, type LiveMessage } from '@netconsole/contract';
import { randomToken } from '../../test/devices.ts';
import { AlarmEngine } from './engine.ts';
import { alarmRig } from './testing.ts';

const PREFIX = `AO${randomToken(4)}`;

const rig = alarmRig(PREFIX);

async function twoDevices() {
  const { token, tenant } = await rig.signIn('acme');
  const site = await rig.site(token, 'Head office');
  const router = await rig.device(token, 4, 'gateway');
  const ap = await rig.device(token, 2, 'ap-lobby');
  await rig.place(token, site, { gateway: router, aps: [ap] });
  return { token, tenant, site, router, ap };
}

describe('offline alarms', () => {
  it('raises after the grace period, once, live, and clears when the device is back for its window', async () => {
    const { token, tenant, site, ap } = await twoDevices();
    const live: LiveMessage[] = [];
    rig.h.services.hub.subscribe({ tenantId: tenant.id, admin: false }, (m) => {
      if (m.topic === 'alarm') live.push(m);
    });
    await rig.crash(ap);
    await rig.tick(59_000);
    expect(await rig.open(token)).toEqual([]);
    await rig.tick(2000);
    const [alarm, ...more] = await rig.open(token);
    expect(more).toEqual([]);
    expect(alarm).toMatchObject({
      Type: AlarmType.DeviceOffline,
      Level: 2,
      Network: site,
      NetworkName: 'Head office',
      SN: ap.sn,
      DeviceName: 'ap-lobby',
      Status: 'open',
      Handle: 0,
      Behind: 0,
      Name: { en: 'Device offline', zh: '设备离线' },
      Text: { en: 'ap-lobby in network Head office is offline', zh: '网络 Head office 中的 ap-lobby 已离线' },
    });
    expect(rig.raised).toEqual([
      expect.objectContaining({
        alarmId: alarm!._id,
        type: 1,
        level: 2,
        sn: ap.sn,
        networkName: 'Head office',
        behind: 0,
      }),
    ]);
    expect((live[0]!.data as AlarmItem)._id).toBe(alarm!._id);
    // Still offline: the same alarm, nothing new.
    await rig.tick(120_000);
    expect((await rig.alarms(token)).length).toBe(1);

    await rig.back(ap);
    await rig.tick(29_000);
    expect((await rig.open(token)).length).toBe(1);
    await rig.tick(2000);
    expect(await rig.open(token)).toEqual([]);
    const [done] = await rig.alarms(token);
    expect(done).toMatchObject({ Status: 'cleared', ClearedAt: rig.h.clock.now, RaisedAt: alarm!.RaisedAt });
    expect(rig.cleared.map((n) => n.alarmId)).toEqual([alarm!._id]);
    expect((live.at(-1)!.data as AlarmItem).Status).toBe('cleared');
  });

  it('raises nothing for a reboot within the grace period; a network whose every device is offline raises alarm 2', async () => {
    const { token, site, router, ap } = await twoDevices();
    await rig.crash(ap);
    await rig.tick(20_000);
    const again = await rig.back(ap);
    await rig.tick(120_000);
    expect(await rig.alarms(token)).toEqual([]);

    await rig.crash(again);
    await rig.crash(router);
    await rig.tick(61_000);
    const open = await rig.open(token);
    expect(open.map((a) => [a.Type, a.SN]).sort()).toEqual(
      [
        [AlarmType.DeviceOffline, ap.sn],
        [AlarmType.DeviceOffline, router.sn],
        [AlarmType.AllDevicesOffline, null],
      ].sort(),
    );
    expect(open.find((a) => a.Type === 2)).toMatchObject({
      Level: 3,
      Network: site,
      Device: null,
      Text: { en: 'Every device of network Head office is offline' },
    });
  });

  it('keeps one open alarm per device across a restart of the engine (state in the store)', async () => {
    const { token, ap } = await twoDevices();
    await rig.crash(ap);
    await rig.tick(61_000);
    expect((await rig.open(token)).length).toBe(1);

    // A second engine over the same store, as after a restart: it takes the open alarm over.
    const h = rig.h;
    const s = h.services;
    const next = new AlarmEngine({
      db: h.store.db,
      clock: () => h.clock.now,
      log: h.app.log,
      hub: s.hub,
      events: s.events,
      settings: s.alarmSettings,
      peek: (sn) => s.live.peek(sn),
      tree: async (id) => (await s.topology.info({ tenantId: null, admin: true }, { _id: id })).list,
    });
    await next.start();
    try {
      expect(next.figures().open).toBe(1);
      h.clock.advance(120_000);
      await next.tick(h.clock.now);
      expect((await rig.alarms(token)).length).toBe(1);
      expect(rig.raised.length).toBe(1);
    } finally {
      await next.stop();
    }
  });

  it("closes a removed network's alarms, and a device's when it leaves its network", async () => {
    const { token, site, router, ap } = await twoDevices();
    await rig.crash(ap);
    await rig.crash(router);
    await rig.tick(61_000);
    expect((await rig.open(token)).length).toBe(3);
    // The AP leaves the network (to no network): its alarm closes.
    await rig.api.read(token, 'PUT', '/v1/device/netlist', { devices: [ap.id], Parent: null });
    await rig.tick(0);
    expect((await rig.open(token)).map((a) => a.SN).sort()).toEqual([null, router.sn].sort());
    await rig.api.read(token, 'DELETE', '/v1/network/delNet', { _id: site });
    await rig.tick(0);
    expect(await rig.open(token)).toEqual([]);
    expect(rig.cleared.length).toBe(3);
  });
});
