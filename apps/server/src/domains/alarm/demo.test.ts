/** The alarm area's demo data: mail settings per network, a limit alarm, open and treated alarms. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AlarmType,
  type AlarmItem,
  type AlarmSettingsReply,
  type LimitAlarm,
  type ListReply,
} from '@netconsole/contract';
import { apiCaller, startHarness, type Harness } from '../../test/harness.ts';
import { seedAlarmDemo } from './demo.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const { read, signIn } = apiCaller(() => h);

describe('alarm demo', () => {
  it('gives the demo networks mail settings, a limit alarm and a history with open and treated alarms', async () => {
    const { token, tenant, owner } = await signIn('demo');
    await h.store.db
      .updateTable('users')
      .set({ email: 'demo@example.com' })
      .where('id', '=', owner.id)
      .execute();
    const office = await read<{ list: { _id: string } }>(token, 'POST', '/v1/network/createNet', {
      Name: 'Head office',
      Location: { longitude: 116.4, latitude: 39.9 },
    });
    const add = (SN: string, Type: number) =>
      read<{ _id: string }>(token, 'POST', '/v1/device/add', {
        SN,
        MAC: `0C1A2B3C4D${SN.slice(-2)}`,
        Type,
        Alias: SN.toLowerCase(),
      });
    const gw = await add('DEMOGW01', 4);
    const sw = await add('DEMOSW02', 3);
    await read(token, 'POST', '/v1/dashboard/addDevToNet', {
      _id: office.list._id,
      gateWayList: [gw._id],
      switchList: [sw._id],
    });
    await seedAlarmDemo(
      h.store.db,
      { settings: h.services.alarmSettings, engine: h.services.alarmEngine },
      tenant.id,
      owner,
      h.clock.now,
    );

    const settings = (await read<AlarmSettingsReply>(token, 'GET', `/v1/alarm/get?_id=${office.list._id}`))
      .list[0]!;
    expect(settings.Alarms.find((a) => a.Type === AlarmType.DeviceOffline)).toMatchObject({
      Push: ['mail', 'app'],
      Email: ['demo@example.com'],
    });
    const limits = await read<ListReply<LimitAlarm>>(token, 'GET', '/v1/limitalarm/getall');
    expect(limits.list.map((l) => l.Name)).toEqual(['Busy office']);
    const alarms = await read<ListReply<AlarmItem>>(token, 'GET', '/v1/alarm/list');
    // The demo's history on the devices there are (the demo fleet has more of them).
    expect(alarms.list.map((a) => [a.Type, a.SN, a.Status, a.Handle])).toEqual([
      [AlarmType.SwitchLoop, 'DEMOSW02', 'open', 1],
      [AlarmType.Cpu, 'DEMOGW01', 'cleared', 0],
    ]);
    // The open one is the engine's: a report of the condition gone clears it.
    expect(h.services.alarmEngine.figures().open).toBe(1);
  });
});
