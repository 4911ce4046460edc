/**
 * The simulator's alarm knobs drive the engine through the published protocol: a router held at
 * high CPU and packet loss, a switch reporting a loop and a port flap (apps/device-sim
 * alarm-knobs.ts), a crashed AP.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createFleet, planFleet, type Fleet } from '@netconsole/device-sim';
import { AlarmType, type DeviceItem } from '@netconsole/contract';
import { TEST_FACTORY_KEY } from '../../test/harness.ts';
import { eventually, randomToken } from '../../test/devices.ts';
import { alarmRig } from './testing.ts';

const PREFIX = `AK${randomToken(4)}`;

const rig = alarmRig(PREFIX);
let fleet: Fleet | null = null;
// Registered after the rig's hooks, so it runs before the rig closes.
afterEach(async () => {
  await fleet?.stop();
  fleet = null;
});

describe('the simulator drives the alarms', () => {
  it('raises CPU, packet loss, a loop, a port flap and an offline AP from its knobs', async () => {
    const { token } = await rig.signIn('acme');
    const site = await rig.site(token, 'Lab');
    const plan = planFleet({ networks: [{ name: 'Lab', switches: 1, aps: 1 }], snPrefix: PREFIX, seed: 7 });
    const planned = plan.networks[0]!.devices;
    const ids = new Map<string, string>();
    for (const d of planned) {
      const item = await rig.api.read<DeviceItem>(token, 'POST', '/v1/device/add', {
        SN: d.sn,
        MAC: d.mac,
        Type: d.type,
        Alias: d.name,
      });
      ids.set(d.sn, item._id);
    }
    const of = (type: number) => planned.find((d) => d.type === type)!;
    const [router, sw, ap] = [of(4), of(3), of(2)];
    await rig.api.read(token, 'POST', '/v1/dashboard/addDevToNet', {
      _id: site,
      gateWayList: [ids.get(router.sn)],
      switchList: [ids.get(sw.sn)],
      apList: [ids.get(ap.sn)],
    });
    await rig.api.read(token, 'POST', '/v1/alarm/updateNetworkAlarm', {
      _id: site,
      Alarms: [
        { Type: AlarmType.PortLinkDownUp, Enable: true, Level: 1, Push: ['app'] },
        { Type: AlarmType.DeviceOffline, Enable: true, Level: 2, Push: ['app'], Limit: 5 },
      ],
    });
    fleet = createFleet({
      url: rig.h.mqttUrl!,
      factoryKey: TEST_FACTORY_KEY,
      plan,
      behaviour: { eventsPerHour: 0, dropsPerHour: 0, logsPerHour: 0 },
      timing: { rebootS: 60, backoffBaseS: 0.2, backoffMaxS: 1 },
    });
    await fleet.start();
    await fleet.waitOnline({ timeoutMs: 30_000 });

    const openTypes = async () => (await rig.open(token)).map((a) => [a.Type, a.SN]);
    fleet.device(router.sn)!.pin({ cpuPct: 97, lossPct: 25 });
    await eventually(() => rig.h.services.live.peek(router.sn)?.cpuPct === 97, 10_000, 'pinned CPU');
    await rig.tick(301_000);
    expect(await openTypes()).toEqual(
      expect.arrayContaining([
        [AlarmType.Cpu, router.sn],
        [AlarmType.PacketLoss, router.sn],
      ]),
    );

    fleet.device(sw.sn)!.condition('loop', true, { port: 3 });
    fleet.device(sw.sn)!.flapPort(2);
    await eventually(
      async () => {
        await rig.tick(0);
        const types = (await rig.open(token, `&Device=${sw.sn}`)).map((a) => a.Type).sort((x, y) => x - y);
        return types.length === 2 ? types : null;
      },
      10_000,
      'loop and flap alarms',
    );
    expect((await rig.open(token, `&Device=${sw.sn}`)).map((a) => [a.Type, a.Subject]).sort()).toEqual(
      [
        [AlarmType.SwitchLoop, 'port 3'],
        [AlarmType.PortLinkDownUp, 'port 2'],
      ].sort(),
    );

    fleet.device(ap.sn)!.crash(60_000);
    await eventually(() => !rig.h.services.live.isConnected(ap.sn), 10_000, 'AP offline');
    await rig.tick(6000);
    expect(await rig.open(token, `&Device=${ap.sn}`)).toEqual([
      expect.objectContaining({ Type: AlarmType.DeviceOffline, DeviceName: ap.name }),
    ]);
  });
});
