/**
 * One network at run time: its devices, its wireless clients (who join, roam between the APs and
 * leave), the wired hosts on switch ports, and the random happenings of the behaviour tick. Everything
 * is drawn from the network's own seeded stream.
 */
import { DeviceType } from '@netconsole/contract';
import type { WifiBand } from '@netconsole/contract';
import { CLIENT_OUIS, ipToString } from './plan.ts';
import type { EndpointPlan, NetworkPlan } from './plan.ts';
import type { Rng } from './prng.ts';
import type { SimDevice } from './device.ts';
import type { Behaviour } from './types.ts';

export interface WifiClient {
  mac: string;
  ip: string;
  ipOffset: number;
  name: string | undefined;
  ssid: string;
  band: WifiBand;
  phy: string;
  rssi: number;
  /** Mean download / upload, bytes per second. */
  down: number;
  up: number;
  /** Bytes sent to / received from the client since it connected (the AP's view). */
  tx: number;
  rx: number;
  since: number;
  authorized: boolean | undefined;
  ap: SimDevice | null;
  /** Position in the network's list (swap-remove). */
  slot: number;
}

/** A wired host on a port of a switch (or of the router). */
export interface WiredHost {
  plan: EndpointPlan;
  host: SimDevice;
  plugged: boolean;
  since: number;
  down: number;
  up: number;
  /** Since it connected (the router's client row). */
  tx: number;
  rx: number;
  /** Lifetime, for the port counters of its switch. */
  lifeTx: number;
  lifeRx: number;
  /** PoE draw when it is a powered device (phone, camera). */
  poeW: number;
  poeClass: number | undefined;
  blockedUntil: number;
}

const CLIENT_NAMES = [
  'iPhone',
  'Galaxy-S23',
  'Pixel-8',
  'MacBook-Pro',
  'DESKTOP-7H2K',
  'LAPTOP-QX81',
  'iPad',
  'Redmi-Note',
  'HUAWEI-P60',
  'ThinkPad',
  'Surface',
  'Xiaomi-14',
];
const PEOPLE = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'mallory',
];

export class SimNetwork {
  readonly devices: SimDevice[] = [];
  readonly aps: SimDevice[] = [];
  router: SimDevice | null = null;
  ac: SimDevice | null = null;
  readonly clients: WifiClient[] = [];
  readonly hosts: WiredHost[] = [];
  /** Kicked clients waiting to come back (same MAC) once their block allows. */
  private readonly away: { client: WifiClient; at: number }[] = [];
  private readonly usedIps = new Set<number>();
  private nextIp = 0;

  constructor(
    readonly plan: NetworkPlan,
    readonly rng: Rng,
    private readonly behaviour: Behaviour,
  ) {}

  add(device: SimDevice): void {
    this.devices.push(device);
    if (device.type === DeviceType.AP) this.aps.push(device);
    if (device.type === DeviceType.Router) this.router = device;
    if (device.type === DeviceType.AC) this.ac = device;
  }

  private allocIp(): { ip: string; offset: number } {
    const { first, size } = this.plan.clientPool;
    for (let i = 0; i < size; i++) {
      const offset = first + ((this.nextIp + i) % size);
      if (!this.usedIps.has(offset)) {
        this.nextIp = (this.nextIp + i + 1) % size;
        this.usedIps.add(offset);
        return { ip: ipToString(this.plan.subnet.base + offset), offset };
      }
    }
    return { ip: ipToString(this.plan.subnet.base + first), offset: -1 };
  }

  newClient(ap: SimDevice, now: number, connectedForS = 0): WifiClient {
    const rng = this.rng;
    const bands = ap.bands;
    const r = rng.next();
    const band: WifiBand =
      bands.includes('6') && r < 0.12 ? '6' : bands.includes('5') && r < 0.75 ? '5' : (bands[0] ?? '2.4');
    const phy =
      band === '6'
        ? rng.pick(['11ax', '11be'])
        : band === '5'
          ? rng.pick(['11ac', '11ax', '11ax'])
          : rng.pick(['11n', '11n', '11ax', '11g']);
    // A quarter of phones use a random (locally administered) MAC.
    const mac = rng.chance(0.25)
      ? rng.hex(1) + rng.pick(['2', '6', 'A', 'E']) + rng.hex(10)
      : rng.pick(CLIENT_OUIS) + rng.hex(6);
    const ssids = ap.ssids;
    const ssid = ssids.length > 1 && rng.chance(0.3) ? ssids[1]! : ssids[0]!;
    const down = rng.logUniform(2_000, 2_500_000);
    const { ip, offset } = this.allocIp();
    const connectedS = Math.floor(connectedForS);
    return {
      mac,
      ip,
      ipOffset: offset,
      name: rng.chance(0.7)
        ? rng.chance(0.5)
          ? `${rng.pick(PEOPLE)}-${rng.pick(['phone', 'laptop', 'tablet'])}`
          : rng.pick(CLIENT_NAMES)
        : undefined,
      ssid,
      band,
      phy,
      rssi: rng.int(-82, -38),
      down,
      up: down * rng.float(0.05, 0.4),
      tx: Math.floor(down * connectedS * 0.3),
      rx: Math.floor(down * connectedS * 0.06),
      since: now - connectedS * 1000,
      authorized: ssid === ssids[1] ? rng.chance(0.9) : undefined,
      ap: null,
      slot: -1,
    };
  }

  private track(client: WifiClient): void {
    client.slot = this.clients.length;
    this.clients.push(client);
  }

  private untrack(client: WifiClient): void {
    const last = this.clients.pop()!;
    if (last !== client) {
      this.clients[client.slot] = last;
      last.slot = client.slot;
    }
    client.slot = -1;
  }

  private release(client: WifiClient): void {
    if (client.ipOffset >= 0) this.usedIps.delete(client.ipOffset);
  }

  /** Fills every AP to its target at start, without events (the first snapshot shows them). */
  populate(now: number): void {
    for (const ap of this.aps) {
      const n = ap.targetClients;
      for (let i = 0; i < n; i++) {
        const c = this.newClient(ap, now, this.rng.int(30, Math.min(ap.uptimeS, 8 * 3600)));
        this.track(c);
        ap.attachClient(c, false);
      }
    }
    for (const host of this.hosts) {
      host.plugged = this.rng.chance(0.9);
      host.since = now - this.rng.int(60, 86_400) * 1000;
    }
  }

  private onlineAps(): SimDevice[] {
    return this.aps.filter((ap) => ap.servesClients);
  }

  /** Picks the AP a newcomer associates with: under its target, not blocking the MAC. */
  private chooseAp(aps: SimDevice[], mac: string | null, not?: SimDevice): SimDevice | null {
    const candidates = aps.filter((ap) => ap !== not && (mac === null || !ap.blocks(mac)));
    if (!candidates.length) return null;
    const under = candidates.filter((ap) => ap.clients.length < ap.targetClients);
    return this.rng.pick(under.length ? under : candidates);
  }

  join(now: number, aps = this.onlineAps()): WifiClient | null {
    const ap = this.chooseAp(aps, null);
    if (!ap) return null;
    const c = this.newClient(ap, now);
    if (ap.blocks(c.mac)) {
      this.release(c);
      return null;
    }
    this.track(c);
    ap.attachClient(c, true);
    return c;
  }

  leave(client: WifiClient, code: string): void {
    client.ap?.detachClient(client, code);
    this.untrack(client);
    this.release(client);
  }

  roam(client: WifiClient, to: SimDevice, now: number): void {
    const from = client.ap;
    from?.detachClient(client, 'roamed');
    client.since = now;
    client.tx = 0;
    client.rx = 0;
    client.rssi = this.rng.int(-75, -45);
    if (!to.bands.includes(client.band)) client.band = to.bands[0] ?? '2.4';
    if (!to.ssids.includes(client.ssid)) client.ssid = to.ssids[0]!;
    to.attachClient(client, true);
    if (from && this.ac?.clientsUpload)
      this.ac.emitEvent({
        ts: now,
        type: 'client_roamed',
        mac: client.mac,
        name: client.ssid,
        text: `from ${from.name} to ${to.name}`,
      });
  }

  /** `kick_client` on an AP (or through the AC): the client goes away until its block ends. */
  kick(client: WifiClient, blockS: number, now: number): void {
    client.ap?.detachClient(client, 'kicked');
    this.untrack(client);
    this.away.push({ client, at: now + Math.max(blockS, 20) * 1000 + this.rng.int(0, 20_000) });
  }

  findClient(mac: string): WifiClient | undefined {
    return this.clients.find((c) => c.mac === mac);
  }

  findHost(mac: string): WiredHost | undefined {
    return this.hosts.find((h) => h.plan.mac === mac);
  }

  /** A device lost power: its clients move to the other APs (or drop), its links go down. */
  deviceDown(device: SimDevice, now: number): void {
    if (device.type === DeviceType.AP) {
      const others = this.onlineAps().filter((ap) => ap !== device);
      for (const c of [...device.clients]) {
        device.detachClient(c, null);
        const to = this.chooseAp(others, c.mac);
        if (to) {
          c.since = now;
          c.tx = 0;
          c.rx = 0;
          if (!to.bands.includes(c.band)) c.band = to.bands[0] ?? '2.4';
          if (!to.ssids.includes(c.ssid)) c.ssid = to.ssids[0]!;
          to.attachClient(c, true);
        } else {
          this.untrack(c);
          this.away.push({ client: c, at: now + this.rng.int(5_000, 30_000) });
        }
      }
    }
    for (const n of device.linkNeighbours()) n.neighbourLink(device, false, now);
  }

  deviceUp(device: SimDevice, now: number): void {
    for (const n of device.linkNeighbours()) n.neighbourLink(device, true, now);
  }

  /** The fleet-wide tick: churn, roaming, returns, random events and log lines. */
  tick(now: number, dtS: number): void {
    const b = this.behaviour;
    const rng = this.rng;
    const aps = this.onlineAps();
    // Kicked or stranded clients come back when an AP takes them.
    for (let i = this.away.length - 1; i >= 0; i--) {
      const entry = this.away[i]!;
      if (entry.at > now) continue;
      const ap = this.chooseAp(aps, entry.client.mac);
      if (!ap) continue;
      this.away.splice(i, 1);
      const c = entry.client;
      c.since = now;
      c.tx = 0;
      c.rx = 0;
      if (!ap.bands.includes(c.band)) c.band = ap.bands[0] ?? '2.4';
      if (!ap.ssids.includes(c.ssid)) c.ssid = ap.ssids[0]!;
      this.track(c);
      ap.attachClient(c, true);
    }
    if (aps.length) {
      const leaves = rng.count((this.clients.length * b.churnPerMinute * dtS) / 60);
      for (let i = 0; i < leaves && this.clients.length; i++)
        this.leave(rng.pick(this.clients), rng.chance(0.8) ? 'left' : 'idle');
      if (aps.length > 1) {
        const roams = rng.count((this.clients.length * b.roamPerMinute * dtS) / 60);
        for (let i = 0; i < roams && this.clients.length; i++) {
          const c = rng.pick(this.clients);
          const to = this.chooseAp(aps, c.mac, c.ap ?? undefined);
          if (to && c.ap) this.roam(c, to, now);
        }
      }
      let target = 0;
      for (const ap of aps) target += ap.targetClients;
      const deficit = target - this.clients.length;
      const joins = rng.count(Math.max(0, deficit) * Math.min(1, dtS / 20));
      for (let i = 0; i < joins; i++) this.join(now, aps);
    }
    const n = this.devices.length;
    const events = rng.count((n * b.eventsPerHour * dtS) / 3600);
    for (let i = 0; i < events; i++) {
      const d = rng.pick(this.devices);
      if (d.powered) d.randomEvent(rng, now);
    }
    const logs = rng.count((n * b.logsPerHour * dtS) / 3600);
    for (let i = 0; i < logs; i++) {
      const d = rng.pick(this.devices);
      if (d.powered) d.randomLog(rng, now);
    }
    const drops = rng.count((n * b.dropsPerHour * dtS) / 3600);
    for (let i = 0; i < drops; i++) {
      const d = rng.pick(this.devices);
      if (d.isOnline) d.drop(rng.int(2, 20) * 1000);
    }
  }
}
