/**
 * Root-cause suppression over a simulated topology: router (main) → switch → three APs, drawn from
 * LLDP reports. When the switch goes offline with the APs behind it, one alarm names the switch
 * and counts them; an AP that goes offline alone, or stays offline after the switch is back, raises
 * its own.
 */
import { describe, expect, it } from 'vitest';
import { AlarmType } from '@netconsole/contract';
import { randomToken } from '../../test/devices.ts';
import { alarmRig, type Placed } from './testing.ts';

const PREFIX = `AS${randomToken(4)}`;

const rig = alarmRig(PREFIX);

async function tree() {
  const { token } = await rig.signIn('acme');
  const site = await rig.site(token, 'Plant');
  const router = await rig.device(token, 4, 'router');
  const sw = await rig.device(token, 3, 'switch');
  const aps: Placed[] = [];
  for (const n of [1, 2, 3]) aps.push(await rig.device(token, 2, `ap${n}`));
  await rig.place(token, site, { gateway: router, switches: [sw], aps });
  await rig.lldp(router, [[sw, 1]]);
  await rig.lldp(sw, [
    [router, 24],
    [aps[0]!, 5],
    [aps[1]!, 6],
    [aps[2]!, 7],
  ]);
  await rig.h.services.topology.flush();
  return { token, site, router, sw, aps };
}

describe('root-cause suppression', () => {
  it('raises one alarm for the switch that counts the APs behind it', async () => {
    const { token, sw, aps } = await tree();
    // The APs' wills may come before or after the switch's.
    await rig.crash(aps[0]!);
    await rig.tick(2000);
    await rig.crash(sw);
    await rig.tick(3000);
    await rig.crash(aps[1]!);
    await rig.crash(aps[2]!);
    await rig.tick(56_000);
    // aps[0]'s grace is over first: held back, counted for the switch whose own grace is not.
    expect(await rig.open(token)).toEqual([]);
    await rig.tick(2000);
    expect((await rig.open(token)).map((a) => [a.Type, a.SN, a.Behind])).toEqual([
      [AlarmType.DeviceOffline, sw.sn, 1],
    ]);
    // The other two join the switch's alarm when their grace is over.
    await rig.tick(5000);
    const open = await rig.open(token);
    expect(open.map((a) => [a.Type, a.SN, a.Behind])).toEqual([[AlarmType.DeviceOffline, sw.sn, 3]]);
    expect(rig.raised.map((n) => [n.sn, n.behind])).toEqual([[sw.sn, 1]]);
    await rig.tick(120_000);
    expect((await rig.alarms(token)).length).toBe(1);
  });

  it('lets an AP behind a switch that is online, or back, raise its own', async () => {
    const { token, sw, aps } = await tree();
    await rig.crash(aps[0]!);
    await rig.tick(61_000);
    expect((await rig.open(token)).map((a) => [a.SN, a.Behind])).toEqual([[aps[0]!.sn, 0]]);

    await rig.crash(sw);
    await rig.crash(aps[1]!);
    await rig.tick(61_000);
    const [switchAlarm] = await rig.open(token, `&Device=${sw.sn}`);
    expect(switchAlarm!.Behind).toBe(1);
    // The switch is back; aps[1] is not: once the switch has held for the grace period, it raises.
    await rig.back(sw);
    await rig.tick(30_000);
    expect(await rig.open(token, `&Device=${aps[1]!.sn}`)).toEqual([]);
    // The switch's alarm clears after its 30 s clear window; a later look (the engine's own timer)
    // still holds the AP back: the grace period counts from the switch's return, not its alarm.
    expect(await rig.open(token, `&Device=${sw.sn}`)).toEqual([]);
    await rig.tick(1000);
    expect(await rig.open(token, `&Device=${aps[1]!.sn}`)).toEqual([]);
    await rig.tick(28_000);
    expect(await rig.open(token, `&Device=${aps[1]!.sn}`)).toEqual([]);
    await rig.tick(2000);
    expect((await rig.open(token, `&Device=${aps[1]!.sn}`)).map((a) => a.Type)).toEqual([
      AlarmType.DeviceOffline,
    ]);
    expect(await rig.open(token, `&Device=${sw.sn}`)).toEqual([]);
  });
});
