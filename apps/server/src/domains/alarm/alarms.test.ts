/**
 * Alarms through HTTP: the list and its filters, treating (untreated → treated, with who and when,
 * live), the open alarms by network for the dashboard, and each tenant kept to its own alarms.
 */
import { describe, expect, it } from 'vitest';
import {
  AlarmType,
  ErrorCode,
  type AlarmByNetworkReply,
  type AlarmItem,
  type HandleAlarmReply,
  type ListReply,
  type LiveMessage,
  type NetworkAlarmData,
} from '@netconsole/contract';
import { randomToken } from '../../test/devices.ts';
import { alarmRig } from './testing.ts';

const PREFIX = `AA${randomToken(4)}`;

const rig = alarmRig(PREFIX);

/** A tenant with two networks: a loop on the switch of each (severe), a VPN down on one router (medium). */
async function tenantWithAlarms(prefix: string) {
  const { token, tenant, owner } = await rig.signIn(prefix);
  const north = await rig.site(token, `${prefix} north`);
  const south = await rig.site(token, `${prefix} south`);
  const gw = await rig.device(token, 4, `${prefix}-gw`);
  const sw1 = await rig.device(token, 3, `${prefix}-sw1`);
  const sw2 = await rig.device(token, 3, `${prefix}-sw2`);
  await rig.place(token, north, { gateway: gw, switches: [sw1] });
  await rig.place(token, south, { switches: [sw2] });
  await rig.event(sw1, 'loop', { active: true, port: 1 });
  await rig.event(sw2, 'loop', { active: true, port: 2 });
  await rig.event(gw, 'vpn', { active: true, name: 'to-hq' });
  await rig.tick(0);
  return { token, tenant, owner, north, south, gw, sw1, sw2 };
}

describe('alarms', () => {
  it('lists and filters alarms, counts them by network and treats them with who and when', async () => {
    const t = await tenantWithAlarms('acme');
    const all = await rig.api.read<ListReply<AlarmItem>>(t.token, 'GET', '/v1/alarm/list');
    expect(all.count).toBe(3);
    expect(all.list.every((a) => a.Status === 'open' && a.Handle === 0)).toBe(true);
    const ids = (q: string) => rig.alarms(t.token, q).then((l) => l.map((a) => a.SN).sort());
    expect(await ids(`&Network=${t.north}`)).toEqual([t.gw.sn, t.sw1.sn].sort());
    expect(await ids(`&Type=${AlarmType.Vpn}`)).toEqual([t.gw.sn]);
    expect(await ids('&Level=3')).toEqual([t.sw1.sn, t.sw2.sn].sort());
    expect(await ids(`&Device=${t.sw2.sn}`)).toEqual([t.sw2.sn]);
    expect(await ids('&search=sw1')).toEqual([t.sw1.sn]);
    expect(await ids('&Status=cleared')).toEqual([]);

    const byNet = await rig.api.read<AlarmByNetworkReply>(t.token, 'GET', '/v1/alarm/getAlarmByNetwork');
    expect(byNet.list.map((n) => [n.NetworkName, n.Medium, n.Severe, n.Total, n.Worst])).toEqual([
      ['acme north', 1, 1, 2, 3],
      ['acme south', 0, 1, 1, 3],
    ]);
    expect(byNet.total).toMatchObject({ General: 0, Medium: 1, Severe: 2, Total: 3, Untreated: 3 });
    const one = await rig.api.read<AlarmByNetworkReply>(
      t.token,
      'GET',
      `/v1/alarm/getAlarmByNetwork?_id=${t.south}`,
    );
    expect(one.alarms.map((a) => a.SN)).toEqual([t.sw2.sn]);
    expect(one.total.Total).toBe(1);

    const live: LiveMessage[] = [];
    rig.h.services.hub.subscribe({ tenantId: t.tenant.id, admin: false }, (m) => void live.push(m));
    const target = all.list.find((a) => a.SN === t.sw1.sn)!;
    const treated = await rig.api.read<HandleAlarmReply>(t.token, 'POST', '/v1/alarm/handle', {
      ids: [target._id],
    });
    expect(treated.count).toBe(1);
    expect(treated.list[0]).toMatchObject({
      Handle: 1,
      HandledBy: t.owner.id,
      HandledByName: 'acmeown',
      HandleTime: rig.h.clock.now,
      Status: 'open',
    });
    expect(live.filter((m) => m.topic === 'alarm').map((m) => (m.data as AlarmItem).Handle)).toEqual([1]);
    // Treating it again changes nothing.
    expect(
      (await rig.api.read<HandleAlarmReply>(t.token, 'POST', '/v1/alarm/handle', { ids: [target._id] }))
        .count,
    ).toBe(0);
    expect(await ids('&Handle=1')).toEqual([t.sw1.sn]);
    const data = await rig.api.read<ListReply<NetworkAlarmData>>(t.token, 'GET', '/v1/alarm/networkdata');
    expect(data.list.map((n) => [n.Name, n.Open.Total, n.Open.Untreated])).toEqual([
      ['acme north', 2, 1],
      ['acme south', 1, 1],
    ]);
    // The treated alarm clears like any other and keeps its handling.
    await rig.event(t.sw1, 'loop', { active: false, port: 1 });
    await rig.tick(61_000);
    const [cleared] = await rig.alarms(t.token, '&Status=cleared');
    expect(cleared).toMatchObject({ SN: t.sw1.sn, Handle: 1, HandledByName: 'acmeown' });

    expect((await rig.api.call(t.token, 'POST', '/v1/alarm/handle', { ids: [] })).body.code).toBe(
      ErrorCode.AlarmIdsRequired,
    );
    expect(
      (await rig.api.call(t.token, 'POST', '/v1/alarm/handle', { ids: ['nope', target._id] })).body.code,
    ).toBe(ErrorCode.AlarmNotFound);
  });

  it("keeps each tenant to its own alarms: another tenant's are invisible and cannot be treated", async () => {
    const a = await tenantWithAlarms('acme');
    const b = await rig.signIn('bolt');
    const mine = await rig.alarms(a.token);
    expect(await rig.alarms(b.token)).toEqual([]);
    expect(await rig.alarms(b.token, `&Network=${a.north}`)).toEqual([]);
    const counted = await rig.api.read<AlarmByNetworkReply>(b.token, 'GET', '/v1/alarm/getAlarmByNetwork');
    expect(counted).toMatchObject({ list: [], alarms: [], total: { Total: 0 } });
    expect((await rig.api.call(b.token, 'GET', `/v1/alarm/getAlarmByNetwork?_id=${a.north}`)).body.code).toBe(
      ErrorCode.TargetNetworkNotExist,
    );
    const refused = await rig.api.call(b.token, 'POST', '/v1/alarm/handle', { ids: [mine[0]!._id] });
    expect(refused.body.code).toBe(ErrorCode.AlarmNotFound);
    expect((await rig.alarms(a.token, '&Handle=1')).length).toBe(0);
    // Nobody of B heard of A's alarms on the live socket.
    const heard: LiveMessage[] = [];
    rig.h.services.hub.subscribe({ tenantId: b.tenant.id, admin: false }, (m) => void heard.push(m));
    await rig.event(a.sw1, 'loop', { active: false, port: 1 });
    await rig.tick(61_000);
    expect(heard.filter((m) => m.topic === 'alarm')).toEqual([]);
  });
});
