import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type DeviceItem,
  type LldpHistoryReply,
  type LldpInfoReply,
  type TopologyNode,
} from '@netconsole/contract';
import { apiCaller, deviceBus, startHarness, TEST_FACTORY_KEY, type Harness } from '../../test/harness.ts';
import { eventually, FakeDevice, randomMac, randomToken } from '../../test/devices.ts';
import { TOPOLOGY_FLUSH_MS } from './service.ts';

/** Every SN of this file starts so (the shared broker of the PostgreSQL run). */
const PREFIX = `TP${randomToken(4)}`;

let h: Harness;
const devices: FakeDevice[] = [];
beforeEach(async () => {
  h = await startHarness({ mqtt: deviceBus(PREFIX) });
});
afterEach(async () => {
  await Promise.all(devices.splice(0).map((d) => d.end()));
  await h.close();
});

const { read, signIn } = apiCaller(() => h);

let serial = 0;
/** A device registered to the tenant, connected through the embedded broker and welcomed. */
async function online(token: string, type: 2 | 3 | 4, alias: string) {
  const sn = `${PREFIX}${String(++serial).padStart(8, '0')}`;
  const mac = randomMac();
  const item = await read<DeviceItem>(token, 'POST', '/v1/device/add', {
    SN: sn,
    MAC: mac,
    Type: type,
    Alias: alias,
  });
  const d = await FakeDevice.connect({
    url: h.mqttUrl!,
    sn,
    mac,
    type,
    factoryKey: TEST_FACTORY_KEY,
    now: () => h.clock.now,
  });
  devices.push(d);
  const welcome = await d.hello();
  expect(welcome.registered).toBe(true);
  return { d, item };
}

/** `from` reports its neighbours, each `[device, local port, remote port]`; resolves once taken. */
async function report(from: FakeDevice, neighbors: [FakeDevice, number, number][]) {
  const taken = () => h.services.gateway.counters.snapshot(from.sn).accepted;
  const before = taken();
  await from.publish('lldp', {
    neighbors: neighbors.map(([n, port, remote]) => ({
      port,
      mac: n.mac,
      sn: n.sn,
      remotePort: String(remote),
      ttlS: 120,
    })),
  });
  // Through a separate broker the message comes a moment later.
  await eventually(() => taken() > before, 5000, `lldp of ${from.sn} taken`);
  await h.services.gateway.idle();
}

/** A network of the tenant, by the API. */
async function createSite(token: string): Promise<string> {
  const r = await read<{ list: { _id: string } }>(token, 'POST', '/v1/network/createNet', {
    Name: 'Site',
    Location: { longitude: 116.4, latitude: 39.9 },
  });
  return r.list._id;
}

const shape = (n: TopologyNode): unknown => [n.Alias, n.Port, ...n.children.map(shape)];

describe('topology from LLDP reports, with history', () => {
  it('draws the tree below the main device and records every change', async () => {
    const { token } = await signIn('acme');
    const site = await createSite(token);
    const router = await online(token, 4, 'router');
    const sw = await online(token, 3, 'switch');
    const ap1 = await online(token, 2, 'ap1');
    const ap2 = await online(token, 2, 'ap2');
    const added = await read(token, 'POST', '/v1/dashboard/addDevToNet', {
      _id: site,
      gateWayList: [router.item._id],
      switchList: [sw.item._id],
      apList: [ap1.item._id, ap2.item._id],
    });
    expect(added).toMatchObject({ list: { ok: 1, Main: router.item._id } });
    await h.services.topology.flush();

    await report(router.d, [[sw.d, 1, 24]]);
    await report(sw.d, [
      [router.d, 24, 1],
      [ap1.d, 5, 1],
    ]);
    h.clock.advance(60_000);
    await h.services.topology.flush();
    const info = await read<LldpInfoReply>(token, 'GET', `/v1/switch/getLldpInfo?_id=${site}`);
    expect(info.MainDevice).toBe(router.item._id);
    expect(shape(info.list!)).toEqual(['router', null, ['switch', 1, ['ap1', 5]]]);
    expect(info.list!.children[0]).toMatchObject({ Status: 'Online', RemotePort: '24', Type: 3 });

    // The same report again changes nothing; a link change makes a new record.
    await report(sw.d, [
      [ap1.d, 5, 1],
      [router.d, 24, 1],
    ]);
    await h.services.topology.flush();
    expect((await read<LldpHistoryReply>(token, 'GET', `/v1/lldp/getAll?_id=${site}`)).count).toBe(2);
    h.clock.advance(60_000);
    await report(sw.d, [
      [router.d, 24, 1],
      [ap1.d, 5, 1],
      [ap2.d, 6, 1],
    ]);
    await h.services.topology.flush();
    const history = await read<LldpHistoryReply>(token, 'GET', `/v1/lldp/getAll?_id=${site}`);
    expect(history.count).toBe(3);
    const [now, before, first] = history.list;
    expect(now!.EndTime).toBeNull();
    expect(before!.EndTime).toBe(now!.CreateTime);
    expect(shape(first!.list)).toEqual(['router', null]);
    expect(shape(now!.list)).toEqual(['router', null, ['switch', 1, ['ap1', 5], ['ap2', 6]]]);
    // Level by level: the switch has one child more, ap2 is new.
    const changed = (n: TopologyNode): string[] => [
      ...(n.Changed ? [n.Alias] : []),
      ...n.children.flatMap(changed),
    ];
    expect(changed(now!.list).sort()).toEqual(['ap2', 'switch']);
    expect(now!.Changed).toBe(2);
    expect(changed(first!.list)).toEqual([]);
    // The tenant was told of both changes (not of the first drawing).
    const told = await read<{ count: number; list: { Title: string }[] }>(
      token,
      'GET',
      '/v1/dashboard/getUreadMessage',
    );
    expect(told.count).toBe(2);
    expect(told.list[0]!.Title).toBe('Topology of Site changed');

    const entry = async () =>
      (await read<{ list: { netStatus: string }[] }>(token, 'GET', '/v1/network/getAll')).list[0];
    expect((await entry())!.netStatus).toBe('Normal');
    // The device going offline shows in the tree now, not as a topology change.
    ap2.d.kill();
    await eventually(async () => {
      const live = await read<LldpInfoReply>(token, 'GET', `/v1/switch/getLldpInfo?_id=${site}`);
      return live.list!.children[0]!.children[1]!.Status === 'Offline';
    });
    expect((await read<LldpHistoryReply>(token, 'GET', `/v1/lldp/getAll?_id=${site}`)).count).toBe(3);
    expect((await entry())!.netStatus).toBe('Abnormal');
    // The network's log heard it, and the topology changes before.
    await eventually(async () => {
      const log = await read<{ list: { Text: string }[] }>(
        token,
        'GET',
        `/v1/dashboard/getNetlog?_id=${site}`,
      );
      const texts = log.list.map((e) => e.Text);
      return texts.includes('ap2 went offline') && texts.includes('Topology changed (2 devices marked)');
    });
  });

  it('keeps a silent device for the LLDP hold time, then draws without it', async () => {
    const { token } = await signIn('acme');
    const site = await createSite(token);
    const router = await online(token, 4, 'router');
    const ap = await online(token, 2, 'ap');
    await read(token, 'PUT', '/v1/device/netlist', {
      Parent: site,
      devices: [ap.item._id],
      Main: router.item._id,
    });
    // Only the AP speaks LLDP here: the link comes from its own report.
    await report(ap.d, [[router.d, 1, 3]]);
    await h.services.topology.flush();
    const tree = async () =>
      shape((await read<LldpInfoReply>(token, 'GET', `/v1/switch/getLldpInfo?_id=${site}`)).list!);
    expect(await tree()).toEqual(['router', null, ['ap', 3]]);
    ap.d.kill();
    await eventually(() => !h.services.live.isConnected(ap.d.sn));
    h.clock.advance(60_000);
    expect(await tree()).toEqual(['router', null, ['ap', 3]]);
    h.clock.advance(61_000);
    expect(await tree()).toEqual(['router', null]);
    const records = async () =>
      (await read<LldpHistoryReply>(token, 'GET', `/v1/lldp/getAll?_id=${site}`)).list.map((r) =>
        shape(r.list),
      );
    // The AP going offline asked for its network to be looked at again once the hold (and a
    // flush) has passed: not before.
    await h.services.topology.flush();
    expect(await records()).toEqual([['router', null, ['ap', 3]]]);
    h.clock.advance(TOPOLOGY_FLUSH_MS);
    await h.services.topology.flush();
    expect(await records()).toEqual([
      ['router', null],
      ['router', null, ['ap', 3]],
    ]);
  });

  it('asks the connected devices to report again on resetTopology', async () => {
    const { token } = await signIn('acme');
    const site = await createSite(token);
    const router = await online(token, 4, 'router');
    const sw = await online(token, 3, 'switch');
    await read(token, 'PUT', '/v1/device/netlist', {
      Parent: site,
      devices: [sw.item._id],
      Main: router.item._id,
    });
    await report(router.d, [[sw.d, 1, 24]]);
    const r = await read(token, 'POST', '/v1/controller/resetTopology', { _id: site });
    expect(r).toEqual({ list: { ok: 1, Asked: 2 } });
    for (const d of [router.d, sw.d]) {
      const asked = await d.next('report_now');
      expect(asked.kinds).toEqual(['lldp']);
    }
    // Forgotten until the devices answer.
    expect(
      shape((await read<LldpInfoReply>(token, 'GET', `/v1/switch/getLldpInfo?_id=${site}`)).list!),
    ).toEqual(['router', null]);
    await report(router.d, [[sw.d, 1, 24]]);
    expect(
      shape((await read<LldpInfoReply>(token, 'GET', `/v1/switch/getLldpInfo?_id=${site}`)).list!),
    ).toEqual(['router', null, ['switch', 1]]);
  });

  it('has no tree without a main device, and forgets the history with the network', async () => {
    const { token } = await signIn('acme');
    const site = await createSite(token);
    expect(await read(token, 'GET', `/v1/switch/getLldpInfo?_id=${site}`)).toEqual({
      Network: site,
      MainDevice: null,
      list: null,
      CreateTime: null,
    });
    const router = await online(token, 4, 'router');
    await read(token, 'POST', '/v1/dashboard/addDevToNet', { _id: site, gateWayList: [router.item._id] });
    await h.services.topology.flush();
    expect((await read<LldpHistoryReply>(token, 'GET', `/v1/lldp/getAll?_id=${site}`)).count).toBe(1);
    await read(token, 'DELETE', '/v1/network/delNet', { _id: site });
    const left = await h.store.db.selectFrom('topology_snapshots').selectAll().execute();
    expect(left).toEqual([]);
  });

  it('keeps one tenant out of another’s topology', async () => {
    const { token: a } = await signIn('acme');
    const { token: b } = await signIn('bolt');
    const site = await createSite(a);
    const missing = ErrorCode.TargetNetworkNotExist;
    expect((await read(b, 'GET', `/v1/switch/getLldpInfo?_id=${site}`)).code).toBe(missing);
    expect((await read(b, 'GET', `/v1/lldp/getAll?_id=${site}`)).code).toBe(missing);
    expect((await read(b, 'POST', '/v1/controller/resetTopology', { _id: site })).code).toBe(missing);
    expect((await read(b, 'GET', '/v1/lldp/getAll')).code).toBe(ErrorCode.ValidationFailed);
  });
});
