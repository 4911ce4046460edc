/**
 * Device logs and switch events: `logs` and `events` published by a device through the broker land
 * per device (client_* events left to the client domain); the lists, counts, handling, a switch's
 * events and configuration log; another tenant's entries invisible and unchangeable.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  LogLevel,
  SwitchEventType,
  type DeviceLogList,
  type LogCountReply,
  type SwitchConfigLogList,
  type SwitchLogList,
} from '@netconsole/contract';
import { FakeDevice, eventually, randomToken } from '../../test/devices.ts';
import {
  TEST_FACTORY_KEY,
  apiCaller,
  deviceBus,
  login,
  startHarness,
  type Harness,
} from '../../test/harness.ts';

const PREFIX = `LG${randomToken(4)}`;
let h: Harness;
beforeEach(async () => {
  h = await startHarness({ mqtt: deviceBus(PREFIX) });
});
afterEach(async () => {
  await h.close();
});
const { call, signIn } = apiCaller(() => h);

async function connectSwitch(token: string) {
  const sn = `${PREFIX}${randomToken(8)}`;
  const dev = await FakeDevice.connect({
    url: h.mqttUrl!,
    sn,
    factoryKey: TEST_FACTORY_KEY,
    type: 3,
    now: () => h.clock.now,
  });
  const added = await call<{ _id: string }>(token, 'POST', '/v1/device/add', {
    SN: sn,
    MAC: dev.mac,
    Type: 3,
    Alias: 'Core',
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  await dev.hello({ model: 'B1' });
  return { dev, sn, id: added.body._id };
}

const list = async (token: string, q = '') => {
  const res = await call<DeviceLogList>(token, 'GET', `/v1/log/getdevicelog?limit=100${q}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('device logs from the device stream', () => {
  it('stores log lines and events per device, with level, module, type and port', async () => {
    const a = await signIn('la');
    const net = await call<{ list: { _id: string } }>(a.token, 'POST', '/v1/network/createNet', {
      Name: 'HQ',
      Location: { longitude: 1, latitude: 1 },
    });
    const { dev, sn, id } = await connectSwitch(a.token);
    expect(
      (
        await call(a.token, 'PUT', '/v1/device/netlist', {
          Parent: net.body.list._id,
          devices: [id],
          Main: id,
        })
      ).status,
    ).toBe(200);
    const t = h.clock.now;
    await dev.publish('logs', {
      lines: [
        { ts: t - 2000, level: 2, module: 'dhcp', text: 'lease 10.0.0.9 to phone' },
        { ts: t - 1000, level: 4, module: 'stp', text: 'root bridge lost' },
      ],
    });
    await dev.publish('events', {
      events: [
        { ts: t - 900, type: 'port_down', severity: 2, port: 7 },
        {
          ts: t - 800,
          type: 'loop',
          severity: 3,
          active: true,
          port: 9,
          text: 'loop detected, port 9 blocked',
        },
        { ts: t - 700, type: 'client_connected', mac: 'A4C3F0112233', port: 3 },
        { ts: t - 600, type: 'poe', active: true, port: 2, code: 'overload' },
        { ts: t - 500, type: 'config_error', code: 'vlan_range', text: 'VLAN 5000 refused' },
      ],
    });
    await eventually(() => h.services.gateway.counters.snapshot(sn).received >= 3, 5000, 'messages');
    await h.services.gateway.idle();
    await h.services.deviceLogs.flush();

    const all = await list(a.token);
    expect(all.count).toBe(6);
    expect(all.list.map((e) => [e.Kind, e.Module, e.Level, e.Type, e.Port])).toEqual([
      ['event', 'config_error', LogLevel.Info, SwitchEventType.CfgSetError, null],
      ['event', 'poe', LogLevel.Info, null, 2],
      ['event', 'loop', LogLevel.Error, SwitchEventType.LoopStatus, 9],
      ['event', 'port_down', LogLevel.Warn, SwitchEventType.PortLinkDown, 7],
      ['log', 'stp', LogLevel.Error, null, null],
      ['log', 'dhcp', LogLevel.Info, null, null],
    ]);
    expect(all.list[2]).toMatchObject({
      SN: sn,
      Device: id,
      DeviceName: 'Core',
      Network: net.body.list._id,
      NetworkName: 'HQ',
      Severity: 3,
      Active: true,
      Text: 'loop detected, port 9 blocked (raised, port 9)',
      Source: 2,
      Status: 0,
      ActiveTime: t - 800,
    });
    // Filters: level, module, kind, text, SN, network, time.
    const modules = async (q: string) => (await list(a.token, q)).list.map((e) => e.Module);
    expect(await modules(`&Level=${LogLevel.Error}`)).toEqual(['loop', 'stp']);
    expect(await modules('&Module=dhcp')).toEqual(['dhcp']);
    expect(await modules('&Kind=log')).toEqual(['stp', 'dhcp']);
    expect(await modules('&search=ROOT bridge')).toEqual(['stp']);
    expect(await modules(`&SN=${sn.toLowerCase()}&To=${t - 1000}`)).toEqual(['stp', 'dhcp']);
    expect(await modules(`&Network=${net.body.list._id}&Type=6`)).toEqual(['loop']);
    expect(await modules('&Network=other')).toEqual([]);

    const counts = (await call<LogCountReply>(a.token, 'GET', '/v1/log/getLogCount?kind=device')).body;
    expect(counts.total).toBe(6);
    expect(counts.levels).toEqual([
      { Level: 1, count: 0 },
      { Level: 2, count: 3 },
      { Level: 3, count: 1 },
      { Level: 4, count: 2 },
    ]);
    expect(counts.modules).toContainEqual({ Module: 'dhcp', count: 1 });

    // A switch's events: types 1-7 only (poe is an alarm's, not a switch event).
    const events = (await call<SwitchLogList>(a.token, 'GET', `/v1/switch/getLog?SN=${sn}`)).body;
    expect(events.list.map((e) => e.Type)).toEqual([7, 6, 4]);
    expect(
      (await call<SwitchLogList>(a.token, 'GET', `/v1/switch/getLog?SN=${sn}&Type=4`)).body.list,
    ).toHaveLength(1);
    const config = (await call<SwitchConfigLogList>(a.token, 'GET', `/v1/log/switchConfigLog?SN=${sn}`)).body;
    expect(config.list).toEqual([
      expect.objectContaining({ Kind: 'error', Code: 'vlan_range', Text: 'VLAN 5000 refused (vlan_range)' }),
    ]);
  });

  it('marks entries handled, and keeps another tenant out of every call', async () => {
    const a = await signIn('lb');
    const b = await signIn('lc');
    const { dev, sn } = await connectSwitch(a.token);
    await dev.publish('logs', {
      lines: [{ ts: h.clock.now, level: 3, module: 'wifi', text: 'radio reset' }],
    });
    await eventually(async () => {
      await h.services.gateway.idle();
      await h.services.deviceLogs.flush();
      return (await list(a.token)).count === 1;
    });
    const [one] = (await list(a.token)).list;
    // Another tenant: sees nothing, changes nothing, finds no such switch.
    expect((await list(b.token)).count).toBe(0);
    expect((await call<LogCountReply>(b.token, 'GET', '/v1/log/getLogCount?kind=device')).body.total).toBe(0);
    const foreign = await call(b.token, 'PUT', '/v1/log/updateLogList', { _ids: [one!._id], Status: 1 });
    expect([foreign.status, foreign.body.code]).toEqual([404, ErrorCode.LogEntriesNotFound]);
    expect((await call(b.token, 'GET', `/v1/switch/getLog?SN=${sn}`)).body.code).toBe(
      ErrorCode.LogDeviceNotFound,
    );
    expect((await call(b.token, 'GET', `/v1/log/switchConfigLog?SN=${sn}`)).body.code).toBe(
      ErrorCode.LogDeviceNotFound,
    );
    const csv = await h.app.inject({
      url: '/v1/log/export?kind=device',
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean),
    ).toHaveLength(1);
    expect((await list(a.token)).list[0]!.Status).toBe(0);

    // The owner's co-administrator marks it handled; the filter and the audit log see it.
    const sub = (await login(h, 'lbsub')).body.Token;
    const done = await call(sub, 'PUT', '/v1/log/updateLogList', { _ids: [one!._id], Status: 1 });
    expect(done.body).toEqual({ updated: 1 });
    expect((await list(a.token, '&Status=1')).list.map((e) => e._id)).toEqual([one!._id]);
    expect((await list(a.token, '&Status=0')).count).toBe(0);
    const trail = await call<{ list: { Path: string; Creator: string }[] }>(
      a.token,
      'GET',
      '/v1/log/getAll?Code=150',
    );
    expect(trail.body.list).toContainEqual(
      expect.objectContaining({ Path: '/v1/log/updateLogList', Creator: 'lbsub' }),
    );
    // Bad bodies: coded.
    expect((await call(sub, 'PUT', '/v1/log/updateLogList', { _ids: [], Status: 1 })).body.code).toBe(
      ErrorCode.LogIdsInvalid,
    );
    expect((await call(sub, 'PUT', '/v1/log/updateLogList', { _ids: ['x'], Status: 2 })).body.code).toBe(
      ErrorCode.ValidationFailed,
    );

    // The device CSV: headers in English by default, one row.
    const mine = await h.app.inject({
      url: '/v1/log/export?kind=device',
      headers: { authorization: `Bearer ${a.token}` },
    });
    const lines = mine.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Time (UTC),Device,SN,Network,Kind,Level,Severity,Module,Event type,Port,Text,Status',
    );
    expect(lines[1]).toContain(`,Core,${sn},,Log,Warning,,wifi,,,radio reset,Handled`);
  });
});
