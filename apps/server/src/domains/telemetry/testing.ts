/**
 * Test support: registered devices whose reports reach telemetry as the gateway hands them over
 * (live state first, then telemetry), at the harness clock's time.
 */
import { helloMessage, portsMessage, stateMessage, statsMessage } from '@netconsole/contract';
import { bearer, login, seedTenant, type Harness } from '../../test/harness.ts';
import { randomMac, randomToken } from '../../test/devices.ts';

export interface Reply {
  status: number;
  // Reply bodies are read by the assertions, whatever their shape.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: Record<string, any> & { code?: number };
}

export async function get(h: Harness, token: string, url: string): Promise<Reply> {
  const res = await h.app.inject({ method: 'GET', url, headers: bearer(token) });
  return { status: res.statusCode, body: res.json() };
}

/** Sessions outlive the clock's jumps (years of idle time), so tests can move through retention. */
async function longSession(h: Harness, username: string): Promise<string> {
  await h.store.db
    .updateTable('users')
    .set({ timeout_minutes: 4_000_000 })
    .where('username', '=', username)
    .execute();
  return (await login(h, username)).body.Token;
}

export async function signIn(h: Harness, prefix: string) {
  const seeded = await seedTenant(h, prefix);
  return { ...seeded, token: await longSession(h, `${prefix}own`) };
}

export async function signInAdmin(h: Harness) {
  await h.services.users.createAdministrator({ username: 'root', password: 'pass1234', name: 'Root' });
  return longSession(h, 'root');
}

/** A network of the tenant of `token` (its id). */
export async function createNetwork(
  h: Harness,
  token: string,
  Name: string,
  TimeZone = 'UTC',
): Promise<string> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/network/createNet',
    headers: bearer(token),
    payload: { Name, TimeZone, Location: { longitude: 121.47, latitude: 31.23, address: Name } },
  });
  if (res.statusCode !== 200) throw new Error(`createNet: ${res.statusCode} ${res.body}`);
  return (res.json() as { list: { _id: string } }).list._id;
}

/** Devices placed in a network (addDevToNet: gateWayList, mainList, apList, switchList …). */
export async function placeDevices(h: Harness, token: string, network: string, body: object): Promise<void> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/dashboard/addDevToNet',
    headers: bearer(token),
    payload: { _id: network, ...body },
  });
  if (res.statusCode !== 200) throw new Error(`addDevToNet: ${res.statusCode} ${res.body}`);
}

export class TestDevice {
  bootId = randomToken(16);
  id = '';
  private seq = 0;
  constructor(
    private readonly h: Harness,
    readonly sn: string,
    readonly mac: string,
    readonly type: 1 | 2 | 3 | 4,
    readonly model: string,
  ) {}

  /** Registers it to the tenant of `token` and says hello (online). */
  static async add(h: Harness, token: string, type: 1 | 2 | 3 | 4 = 2, model = 'A1'): Promise<TestDevice> {
    const d = new TestDevice(h, `TD${randomToken(10)}`, randomMac(), type, model);
    const res = await h.app.inject({
      method: 'POST',
      url: '/v1/device/add',
      headers: bearer(token),
      payload: { SN: d.sn, MAC: d.mac, Type: type },
    });
    d.id = (res.json() as { _id: string })._id;
    await d.hello();
    return d;
  }

  private envelope() {
    return { v: 1, ts: this.h.clock.now, seq: ++this.seq };
  }

  async hello(opts: { reboot?: boolean } = {}): Promise<void> {
    if (opts.reboot) {
      this.bootId = randomToken(16);
      this.seq = 0;
    }
    const m = helloMessage.parse({
      ...this.envelope(),
      bootId: this.bootId,
      session: randomToken(12),
      type: this.type,
      model: this.model,
      hwVersion: 'HW1.0',
      fwVersion: 'v2.00.002',
      mac: this.mac,
      ip: '10.1.1.9',
      uptimeS: 1,
      bootReason: 'power_on',
      capabilities: { commands: ['reboot', 'reset'] },
    });
    await this.h.services.live.hello(this.sn, m, this.h.clock.now);
  }

  async goOffline(): Promise<void> {
    const d = this.h.services.live.peek(this.sn)!;
    await this.h.services.live.offline(this.sn, d.session!, 'shutdown', this.h.clock.now);
  }

  async stats(body: Record<string, unknown>): Promise<void> {
    const { live, telemetry } = this.h.services;
    const m = statsMessage.parse({ ...this.envelope(), clients: 0, ...body });
    await live.accept(this.sn, 'stats', m.seq, this.h.clock.now);
    live.stats(this.sn, m);
    telemetry.stats(live.peek(this.sn), m, this.h.clock.now);
  }

  async state(body: Record<string, unknown>): Promise<void> {
    const { live, telemetry } = this.h.services;
    const m = stateMessage.parse({
      ...this.envelope(),
      ipMode: 'dhcp',
      ip: '10.1.1.9',
      mask: '255.255.255.0',
      gateway: '10.1.1.1',
      dns1: '10.1.1.1',
      dns2: null,
      config: null,
      ...body,
    });
    await live.accept(this.sn, 'state', m.seq, this.h.clock.now);
    live.state(this.sn, m);
    telemetry.state(live.peek(this.sn), m, this.h.clock.now);
  }

  async ports(body: Record<string, unknown>): Promise<void> {
    const { live, telemetry } = this.h.services;
    const m = portsMessage.parse({ ...this.envelope(), ...body });
    await live.accept(this.sn, 'ports', m.seq, this.h.clock.now);
    telemetry.ports(live.peek(this.sn), m, this.h.clock.now);
  }
}
