/**
 * Alarms from events (protocol §6.6, §11.4: 5, 7, 13, 14, 15, 18, 19, 20 with `active` true/false;
 * 21 a port down then up; 6 a change of LLDP neighbours) and from custom and limit alarms.
 */
import { describe, expect, it } from 'vitest';
import { AlarmType } from '@netconsole/contract';
import { randomToken } from '../../test/devices.ts';
import { alarmRig } from './testing.ts';

const PREFIX = `AE${randomToken(4)}`;

const rig = alarmRig(PREFIX);

async function network() {
  const { token } = await rig.signIn('acme');
  const site = await rig.site(token, 'Campus');
  const gw = await rig.device(token, 4, 'gw');
  const sw = await rig.device(token, 3, 'sw');
  await rig.place(token, site, { gateway: gw, switches: [sw] });
  return { token, site, gw, sw };
}

describe('alarms from events', () => {
  it('raises each condition event at once and clears it a minute after it ended', async () => {
    const { token, gw, sw } = await network();
    const conditions: [typeof gw, string, AlarmType, Record<string, unknown>, string][] = [
      [sw, 'loop', AlarmType.SwitchLoop, { port: 9 }, 'port 9'],
      [sw, 'poe', AlarmType.Poe, { port: 4, code: 'overload' }, 'port 4'],
      [gw, 'network_loop', AlarmType.NetworkLoop, {}, ''],
      [gw, 'dhcp_server', AlarmType.DhcpServer, { ip: '192.168.1.250' }, '192.168.1.250'],
      [gw, 'link', AlarmType.Link, { name: 'wan2' }, 'wan2'],
      [gw, 'pppoe', AlarmType.Pppoe, { name: 'wan1', code: 'auth_failed' }, 'wan1'],
      [gw, 'vpn', AlarmType.Vpn, { name: 'to-hq' }, 'to-hq'],
      [gw, 'dhcp_pool', AlarmType.DhcpPool, { name: 'lan', value: 97 }, 'lan'],
    ];
    for (const [p, type, , fields] of conditions)
      await rig.event(p, type, { active: true, severity: 3, ...fields });
    await rig.tick(0);
    const open = await rig.open(token);
    expect(open.map((a) => [a.Type, a.Subject]).sort()).toEqual(conditions.map((c) => [c[2], c[4]]).sort());
    expect(open.find((a) => a.Type === AlarmType.DhcpPool)!.Text).toEqual({
      en: 'gw on lan: DHCP pool 97 % used',
      zh: 'gw（lan）：DHCP 地址池已使用 97 %',
    });
    expect(open.find((a) => a.Type === AlarmType.SwitchLoop)).toMatchObject({ Level: 3, SN: sw.sn });
    // The same condition again changes nothing.
    await rig.event(sw, 'loop', { active: true, port: 9 });
    await rig.tick(0);
    expect((await rig.alarms(token)).length).toBe(conditions.length);

    for (const [p, type, , fields] of conditions) await rig.event(p, type, { active: false, ...fields });
    await rig.tick(59_000);
    expect((await rig.open(token)).length).toBe(conditions.length);
    await rig.tick(2000);
    expect(await rig.open(token)).toEqual([]);
    expect(rig.cleared.length).toBe(conditions.length);
  });

  it('raises a port flap and a topology change once they are enabled, and counts repeats', async () => {
    const { token, site, gw, sw } = await network();
    await rig.event(sw, 'port_down', { port: 7 });
    await rig.event(sw, 'port_up', { port: 7, value: 1000 });
    await rig.tick(0);
    expect(await rig.alarms(token)).toEqual([]);
    await rig.api.read(token, 'POST', '/v1/alarm/updateNetworkAlarm', {
      _id: site,
      Alarms: [
        { Type: 21, Enable: true, Level: 1, Push: ['app'] },
        { Type: 6, Enable: true, Level: 1, Push: ['app'] },
      ],
    });
    for (let i = 0; i < 2; i++) {
      await rig.event(sw, 'port_down', { port: 7 });
      await rig.event(sw, 'port_up', { port: 7, value: 1000 });
      await rig.tick(1000);
    }
    expect((await rig.open(token)).map((a) => [a.Type, a.Subject, a.Repeats])).toEqual([
      [AlarmType.PortLinkDownUp, 'port 7', 1],
    ]);
    // The first report is the baseline; a different one is a change.
    await rig.lldp(sw, [[gw, 24]]);
    await rig.tick(0);
    expect((await rig.open(token)).length).toBe(1);
    await rig.lldp(sw, []);
    await rig.tick(0);
    expect((await rig.open(token, `&Type=${AlarmType.TopologyChange}`)).map((a) => a.SN)).toEqual([sw.sn]);
    // Ten quiet minutes close both.
    await rig.tick(601_000);
    expect(await rig.open(token)).toEqual([]);
  });

  it('closes open alarms of a type that is disabled', async () => {
    const { token, site, sw } = await network();
    await rig.event(sw, 'loop', { active: true, port: 2 });
    await rig.tick(0);
    expect((await rig.open(token)).length).toBe(1);
    await rig.api.read(token, 'POST', '/v1/alarm/changeAlarm', { _id: site, Type: 5, Enable: false });
    await rig.tick(0);
    expect(await rig.open(token)).toEqual([]);
    await rig.event(sw, 'loop', { active: true, port: 3 });
    await rig.tick(0);
    expect(await rig.open(token)).toEqual([]);
  });

  it('raises custom alarms from device figures and limit alarms from network figures', async () => {
    const { token, site, gw, sw } = await network();
    await rig.api.read(token, 'POST', '/v1/alarm/customAlarm', {
      Network: site,
      Name: 'Hot switch',
      Metric: 'temperature',
      Compare: 'gt',
      Threshold: 70,
      DeviceType: 3,
      Limit: 10,
      Enable: true,
      Level: 3,
      Push: ['app'],
    });
    await rig.api.read(token, 'POST', '/v1/limitalarm/add', {
      Network: site,
      Name: 'Crowded',
      Metric: 'clients',
      Max: 50,
      Limit: 10,
      Enable: true,
      Level: 2,
      Push: ['app'],
    });
    await rig.stats(sw, { tempC: 75, clients: 30 });
    await rig.stats(gw, { tempC: 90, clients: 30 });
    await rig.h.services.gateway.sweep(rig.h.clock.now);
    await rig.tick(11_000);
    await rig.stats(sw, { tempC: 76, clients: 30 });
    await rig.h.services.gateway.sweep(rig.h.clock.now);
    const open = await rig.open(token);
    expect(open.map((a) => [a.Type, a.Name.en, a.SN]).sort()).toEqual(
      [
        [1000, 'Hot switch', sw.sn],
        [2000, 'Crowded', null],
      ].sort(),
    );
    expect(open.find((a) => a.Type === 2000)!.Text.en).toBe('Crowded: Campus at 60, above 50');
    expect(open.find((a) => a.Type === 1000)!.Text.en).toBe('Hot switch: sw at 75 °C, above 70 °C');
    const limits = await rig.api.read<{ list: { Current: number }[] }>(token, 'GET', '/v1/limitalarm/getall');
    expect(limits.list[0]!.Current).toBe(60);
  });
});
