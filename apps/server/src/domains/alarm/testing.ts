/**
 * Test support of the alarm engine's files: registered devices connected through the run's broker
 * (FakeDevice), placed in a network, whose reports are waited for until the gateway took them; the
 * harness clock stands for time, and `tick` looks at the transitions at that time.
 */
import type { AlarmItem, DeviceItem, ListReply } from '@netconsole/contract';
import { apiCaller, login, TEST_FACTORY_KEY, type Harness } from '../../test/harness.ts';
import { eventually, FakeDevice, randomMac } from '../../test/devices.ts';
import type { AlarmNotice } from './events.ts';

export interface Placed {
  d: FakeDevice;
  id: string;
  sn: string;
}

export class AlarmRig {
  readonly devices: FakeDevice[] = [];
  readonly raised: AlarmNotice[] = [];
  readonly cleared: AlarmNotice[] = [];
  private serial = 0;
  readonly api;

  constructor(
    readonly h: Harness,
    private readonly prefix: string,
  ) {
    this.api = apiCaller(() => h);
    h.services.events.on('alarm.raised', (n) => void this.raised.push(n));
    h.services.events.on('alarm.cleared', (n) => void this.cleared.push(n));
  }

  async close(): Promise<void> {
    await Promise.all(this.devices.splice(0).map((d) => d.end().catch(() => undefined)));
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
