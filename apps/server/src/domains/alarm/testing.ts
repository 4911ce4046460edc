/**
 * Test support of the alarm engine's files: registered devices connected through the run's broker
 * (FakeDevice), placed in a network, whose reports are waited for until the gateway took them; the
 * harness clock stands for time, and `tick` looks at the transitions at that time. `alarmRig` gives
 * a file's tests one rig, with a harness of their own each.
 */
import type { AlarmItem, DeviceItem, ListReply } from '@netconsole/contract';
import { afterEach, beforeEach } from 'vitest';
import type { Config } from '../../platform/config.ts';
import {
  apiCaller,
  deviceBus,
  login,
  startHarness,
  TEST_FACTORY_KEY,
  type Harness,
} from '../../test/harness.ts';
import { eventually, FakeDevice, randomMac } from '../../test/devices.ts';
import type { AlarmNotice } from './events.ts';

export interface Placed {
  d: FakeDevice;
  id: string;
  sn: string;
}

/**
 * The rig of a test file: before each test a harness of its own on the file's device bus (SNs
 * start with `prefix`; `overrides`, read then, as startHarness takes them), after it the devices
 * ended and the harness closed. Hooks registered after this call run before its close.
 */
export function alarmRig(prefix: string, overrides: () => Partial<Config> = () => ({})): AlarmRig {
  const rig = new AlarmRig(prefix);
  beforeEach(() => rig.start(overrides()));
  afterEach(() => rig.close());
  return rig;
}

export class AlarmRig {
  readonly devices: FakeDevice[] = [];
  readonly raised: AlarmNotice[] = [];
  readonly cleared: AlarmNotice[] = [];
  private serial = 0;
  private harness: Harness | null = null;
  readonly api = apiCaller(() => this.h);

  constructor(private readonly prefix: string) {}

  /** The running test's harness. */
  get h(): Harness {
    if (!this.harness) throw new Error('the alarm rig has no harness outside a test');
    return this.harness;
  }

  /** A fresh harness, its alarms heard from the start. */
  async start(overrides: Partial<Config> = {}): Promise<void> {
    const h = await startHarness({ mqtt: deviceBus(this.prefix), ...overrides });
    this.harness = h;
    this.serial = 0;
    this.raised.length = 0;
    this.cleared.length = 0;
    h.services.events.on('alarm.raised', (n) => void this.raised.push(n));
    h.services.events.on('alarm.cleared', (n) => void this.cleared.push(n));
  }

  async close(): Promise<void> {
    await Promise.all(this.devices.splice(0).map((d) => d.end().catch(() => undefined)));
    await this.harness?.close();
    this.harness = null;
  }

  /** A new tenant and its owner's token, whose session outlives the clock's jumps. */
  async signIn(prefix: string) {
    const seeded = await this.api.signIn(prefix);
    await this.h.store.db
      .updateTable('users')
      .set({ timeout_minutes: 4_000_000 })
      .where('username', '=', `${prefix}own`)
      .execute();
    return { ...seeded, token: (await login(this.h, `${prefix}own`)).body.Token };
  }

  /** A network of the tenant. */
  async site(token: string, Name = 'Site'): Promise<string> {
    const r = await this.api.read<{ list: { _id: string } }>(token, 'POST', '/v1/network/createNet', {
      Name,
      Location: { longitude: 116.4, latitude: 39.9 },
    });
    return r.list._id;
  }

  /** A device registered to the tenant, connected and welcomed. */
  async device(token: string, type: 2 | 3 | 4, alias: string): Promise<Placed> {
    const sn = `${this.prefix}${String(++this.serial).padStart(8, '0')}`;
    const mac = randomMac();
    const item = await this.api.read<DeviceItem>(token, 'POST', '/v1/device/add', {
      SN: sn,
      MAC: mac,
      Type: type,
      Alias: alias,
    });
    const d = await FakeDevice.connect({
      url: this.h.mqttUrl!,
      sn,
      mac,
      type,
      factoryKey: TEST_FACTORY_KEY,
      now: () => this.h.clock.now,
    });
    this.devices.push(d);
    await d.hello();
    return { d, id: item._id, sn };
  }

  /** Places devices in a network (the wizard): the gateway becomes its main device. */
  async place(
    token: string,
    network: string,
    lists: { gateway?: Placed; switches?: Placed[]; aps?: Placed[] },
  ) {
    await this.api.read(token, 'POST', '/v1/dashboard/addDevToNet', {
      _id: network,
      gateWayList: lists.gateway ? [lists.gateway.id] : [],
      switchList: (lists.switches ?? []).map((p) => p.id),
      apList: (lists.aps ?? []).map((p) => p.id),
      ...(lists.gateway ? {} : { mainList: lists.switches?.length ? [lists.switches[0]!.id] : [] }),
    });
  }

  /** Publishes a report and resolves once the gateway handled it. */
  async send(
    p: Placed,
    kind: 'stats' | 'events' | 'ports' | 'lldp',
    body: Record<string, unknown>,
  ): Promise<void> {
    const taken = () => this.h.services.gateway.counters.snapshot(p.sn).accepted;
    const before = taken();
    await p.d.publish(kind, body);
    await eventually(() => taken() > before, 5000, `${kind} of ${p.sn} taken`);
    await this.h.services.gateway.idle();
  }

  stats(p: Placed, body: Record<string, unknown>): Promise<void> {
    return this.send(p, 'stats', { uptimeS: 100, rxBytes: 0, txBytes: 0, clients: 0, ...body });
  }

  event(p: Placed, type: string, fields: Record<string, unknown> = {}): Promise<void> {
    return this.send(p, 'events', { events: [{ ts: this.h.clock.now, type, ...fields }] });
  }

  /** `from` reports its neighbours, each `[device, local port]`. */
  lldp(from: Placed, neighbors: [Placed, number][]): Promise<void> {
    return this.send(from, 'lldp', {
      neighbors: neighbors.map(([n, port]) => ({ port, mac: n.d.mac, sn: n.sn, remotePort: '1', ttlS: 120 })),
    });
  }

  /** The connection breaks (last will); resolves once the server marked it offline. */
  async crash(p: Placed): Promise<void> {
    p.d.kill();
    await eventually(() => !this.h.services.live.isConnected(p.sn), 5000, `${p.sn} offline`);
  }

  /** Back: a new session of the same device. */
  async back(p: Placed): Promise<Placed> {
    const next = await p.d.reconnect();
    this.devices.push(next);
    await next.hello();
    return { ...p, d: next };
  }

  /** Moves the clock and looks at the transitions then. */
  async tick(ms = 0): Promise<void> {
    this.h.clock.advance(ms);
    await this.h.services.alarmEngine.tick(this.h.clock.now);
  }

  async alarms(token: string, query = ''): Promise<AlarmItem[]> {
    return (await this.api.read<ListReply<AlarmItem>>(token, 'GET', `/v1/alarm/list?limit=100${query}`)).list;
  }

  async open(token: string, query = ''): Promise<AlarmItem[]> {
    return this.alarms(token, `&Status=open${query}`);
  }
}
