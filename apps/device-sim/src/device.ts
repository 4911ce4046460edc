/**
 * One simulated device: its MQTT session (docs/device-protocol.md §5), its reports on the fleet's
 * shared ticker, the traffic and gauges behind them, its clients, events and logs, and the power
 * cycle that reboots, resets and firmware upgrades go through. Commands live in commands.ts,
 * payload builders in reports.ts.
 */
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import type { IClientOptions, MqttClient } from 'mqtt';
import {
  COMMAND_KINDS,
  DEFAULT_TELEMETRY,
  DeviceType,
  PROTOCOL_LIMITS,
  UP_QOS,
  decodeDown,
  deviceSubscription,
} from '@netconsole/contract';
import type {
  CommandKind,
  DeviceConfigBody,
  ProtocolEvent,
  TelemetrySettings,
  UpKind,
  WifiBand,
} from '@netconsole/contract';
import { conditionEvent, mergePins } from './alarm-knobs.ts';
import type { AlarmPins, ConditionEvent } from './alarm-knobs.ts';
import { handleCommand } from './commands.ts';
import type { Running } from './commands.ts';
import type { SimNetwork, WifiClient, WiredHost } from './network.ts';
import { MODELS, ipToString } from './plan.ts';
import type { DevicePlan, ModelInfo } from './plan.ts';
import type { Rng } from './prng.ts';
import * as reports from './reports.ts';
import type { FleetContext } from './types.ts';

export type Phase = 'off' | 'waiting' | 'connecting' | 'hello' | 'online' | 'leaving' | 'stopped';
type Periodic = 'stats' | 'clients' | 'ports' | 'lldp' | 'dns' | 'probes';
type Coalesced = 'state' | 'ports' | 'lldp';
type LogLevel = 1 | 2 | 3 | 4;
export interface LogLine {
  ts: number;
  level: LogLevel;
  module?: string;
  text: string;
}

/** What a port leads to. */
export type Occupant =
  { kind: 'parent'; dev: SimDevice } | { kind: 'child'; dev: SimDevice } | { kind: 'host'; host: WiredHost };

export interface RadioRuntime {
  band: WifiBand;
  enabled: boolean;
  channel: number;
  widthMhz: 20 | 40 | 80 | 160 | 320;
  txPowerDbm: number;
  channelMode: 'auto' | 'manual';
  noiseFloorDbm: number;
  /** Since boot. */
  rx: number;
  tx: number;
  clients: number;
}

/** Survives reboots, erased by `reset`. */
export interface DeviceSettings {
  ipMode: 'dhcp' | 'static';
  ip: string;
  mask: string;
  gateway: string;
  dns1: string | null;
  dns2: string | null;
  hostname: string | null;
  ssids: string[];
  radios: {
    band: WifiBand;
    enabled: boolean;
    channel: number;
    widthMhz: RadioRuntime['widthMhz'];
    txPowerDbm: number | null;
  }[];
  ports: Map<number, { enabled: boolean; description?: string; pvid: number; poeEnabled: boolean }>;
  /** Router: the WAN and LAN last applied (null: as shipped). */
  wan: NonNullable<DeviceConfigBody['wan']> | null;
  lan: NonNullable<DeviceConfigBody['lan']> | null;
}

/** A report kept for a command id (§7.4): the body without the envelope. */
export interface Remembered {
  cmd: string;
  body: Record<string, unknown>;
  at: number;
}

/** A command recorded "in flash" before a restart; its outcome is reported after the next welcome. */
export interface AfterWelcome {
  id: string;
  cmd: CommandKind;
  body: Record<string, unknown>;
}

function nonce(bytes: number): string {
  return randomBytes(bytes).toString('hex');
}

const CHANNELS: Record<WifiBand, number[]> = {
  '2.4': [1, 6, 11],
  '5': [36, 44, 52, 149, 157],
  '6': [37, 53, 69, 85],
};
/** Only APs are managed by an access controller. */
const NON_AP_COMMANDS: readonly CommandKind[] = COMMAND_KINDS.filter((k) => k !== 'set_controller');
const MEMORY_MAX = 512;
const EVENTS_BUFFER = 200;
const LOGS_BUFFER = 500;

export class SimDevice {
  readonly sn: string;
  readonly type: DeviceType;
  readonly model: string;
  readonly hwVersion: string;
  readonly info: ModelInfo;
  readonly mac: string;
  readonly macs: string[];
  fwVersion: string;
  config: { id: string; revision: number } | null = null;
  settings: DeviceSettings;
  registered = false;

  parent: SimDevice | null = null;
  readonly children: SimDevice[] = [];
  readonly hosts: WiredHost[] = [];
  /** Index = port number. */
  readonly portMap: (Occupant | undefined)[] = [];

  // ---- boot (volatile) ----
  powered = false;
  bootId = '';
  bootAt = 0;
  bootReason = 'power_on';
  seq = 0;
  telemetry: TelemetrySettings = DEFAULT_TELEMETRY;
  private revert: { settings: TelemetrySettings; gen: number } | null = null;

  // ---- connection ----
  phase: Phase = 'off';
  session = '';
  private client: MqttClient | null = null;
  private connected = false;
  private epoch = 0;
  private helloCount = 0;
  private retries = 0;
  private connectedAt = 0;
  private refused = false;
  private reconnectOverrideMs: number | null = null;
  private restarting = false;
  private passwordValue: string | null = null;
  private readonly gens: Record<Periodic, number> = {
    stats: 0,
    clients: 0,
    ports: 0,
    lldp: 0,
    dns: 0,
    probes: 0,
  };
  private readonly pendingChange: Record<Coalesced, boolean> = { state: false, ports: false, lldp: false };

  // ---- outbox (RAM) ----
  private acksOut: { body: Record<string, unknown>; payload?: string; bootId?: string }[] = [];
  private eventsOut: ProtocolEvent[] = [];
  private logsOut: LogLine[] = [];
  private droppedLogs = 0;
  private eventsFlush = false;
  private logsFlush = false;

  // ---- commands (the memory is "non-volatile") ----
  readonly memory = new Map<string, Remembered>();
  readonly running = new Map<string, Running>();
  afterWelcome: AfterWelcome[] = [];
  /** Client blocks: MAC → until (Unix ms); they survive reboots. */
  readonly blocklist = new Map<string, number>();
  /** AP: the access controller managing it (null: standalone); `set_controller` changes it, reboots keep it. */
  acSn: string | null;

  // ---- model ----
  readonly clients: WifiClient[] = [];
  radios: RadioRuntime[] = [];
  targetClients = 0;
  snapshot = 0;
  private ownRx = 0;
  private ownTx = 0;
  private bootRx = 0;
  private bootTx = 0;
  private lastAdvance = 0;
  readonly portBase = new Map<number, { rx: number; tx: number }>();
  cpu = 10;
  mem = 40;
  temp = 45;
  private gaugesAt = 0;
  readonly loops = new Map<number, number>();
  readonly poeFaults = new Map<number, number>();
  wanLatency = 8;
  /** Alarm knobs: figures held at chosen values in `stats` (alarm-knobs.ts). */
  pins: AlarmPins = {};

  constructor(
    readonly plan: DevicePlan,
    readonly net: SimNetwork,
    readonly ctx: FleetContext,
    readonly rng: Rng,
  ) {
    this.sn = plan.sn;
    this.type = plan.type;
    this.model = plan.model;
    this.hwVersion = plan.hwVersion;
    this.fwVersion = plan.fwVersion;
    this.info = MODELS[plan.model]!;
    this.mac = plan.mac;
    this.macs = plan.macs;
    this.acSn = plan.acSn ?? null;
    this.settings = this.defaultSettings();
    this.targetClients =
      this.type === DeviceType.AP
        ? Math.max(0, Math.round(ctx.behaviour.clientsPerAp * rng.float(0.3, 1.7)))
        : 0;
    this.cpu = rng.float(5, 25);
    this.mem = rng.float(25, 60);
    this.temp = rng.float(38, 52);
    this.wanLatency = rng.float(4, 25);
  }

  // ---- identity and settings ----

  get name(): string {
    return this.settings.hostname ?? this.plan.name;
  }
  get bands(): readonly WifiBand[] {
    return this.info.radios ?? [];
  }
  get ssids(): string[] {
    return this.settings.ssids;
  }
  get ip(): string {
    return this.settings.ip;
  }
  get uptimeS(): number {
    return Math.max(0, Math.floor((Date.now() - this.bootAt) / 1000));
  }
  get isOnline(): boolean {
    return this.phase === 'online';
  }
  get isConnected(): boolean {
    return this.connected;
  }
  /** An AP that has power serves its clients, connected to the console or not. */
  get servesClients(): boolean {
    return (
      this.type === DeviceType.AP &&
      this.powered &&
      this.settings.ssids.length > 0 &&
      this.radios.some((r) => r.enabled)
    );
  }
  get clientsUpload(): boolean {
    return this.telemetry.upload.clients;
  }
  get capabilities(): readonly CommandKind[] {
    return this.type === DeviceType.AP ? COMMAND_KINDS : NON_AP_COMMANDS;
  }

  defaultSettings(): DeviceSettings {
    const net = this.net.plan;
    const router = this.type === DeviceType.Router;
    return {
      ipMode: router ? 'static' : 'dhcp',
      ip: this.plan.ip,
      mask: net.subnet.mask,
      gateway: router ? net.wan.gateway : net.subnet.gateway,
      dns1: router ? '223.5.5.5' : net.subnet.gateway,
      dns2: router ? '8.8.8.8' : null,
      hostname: null,
      ssids: [...net.ssids],
      radios: this.bands.map((band) => ({
        band,
        enabled: true,
        channel: 0,
        widthMhz: band === '2.4' ? 20 : band === '5' ? 80 : 160,
        txPowerDbm: null,
      })),
      ports: new Map(),
      wan: null,
      lan: null,
    };
  }

  /** The wiring, once every device of the network exists. */
  wire(bySn: Map<string, SimDevice>): void {
    if (this.plan.parentSn) {
      const parent = bySn.get(this.plan.parentSn)!;
      this.parent = parent;
      parent.children.push(this);
      this.portMap[this.plan.uplinkPort!] = { kind: 'parent', dev: parent };
      parent.portMap[this.plan.parentPort!] = { kind: 'child', dev: this };
    }
    for (const e of this.plan.endpoints) {
      const powered = e.kind === 'phone' || e.kind === 'camera';
      const down = e.kind === 'pc' ? this.rng.logUniform(5_000, 1_500_000) : this.rng.float(2_000, 40_000);
      const host: WiredHost = {
        plan: e,
        host: this,
        plugged: true,
        since: 0,
        down,
        up: down * this.rng.float(0.1, 0.6),
        tx: 0,
        rx: 0,
        lifeTx: 0,
        lifeRx: 0,
        poeW: powered ? this.rng.float(2.5, e.kind === 'camera' ? 9 : 5) : 0,
        poeClass: powered ? (e.kind === 'camera' ? 3 : 2) : undefined,
        blockedUntil: 0,
      };
      this.hosts.push(host);
      this.net.hosts.push(host);
      this.portMap[e.port] = { kind: 'host', host };
    }
  }

  /** Ports whose far end is another device (for LLDP and link events). */
  linkNeighbours(): SimDevice[] {
    return this.parent ? [this.parent, ...this.children] : [...this.children];
  }

  portOf(neighbour: SimDevice): number | null {
    if (neighbour === this.parent) return this.plan.uplinkPort;
    if (neighbour.parent === this) return neighbour.plan.parentPort;
    return null;
  }

  portEnabled(port: number): boolean {
    return this.settings.ports.get(port)?.enabled ?? true;
  }

  /** Link state of a port now. */
  linkUp(port: number): boolean {
    if (!this.powered || !this.portEnabled(port)) return false;
    const occ = this.portMap[port];
    if (!occ) return false;
    if (occ.kind === 'host') return occ.host.plugged;
    return occ.dev.powered && occ.dev.portEnabled(occ.dev.portOf(this) ?? 0);
  }

  pathUp(): boolean {
    let d: SimDevice | null = this.parent;
    while (d) {
      if (!d.powered) return false;
      d = d.parent;
    }
    return true;
  }

  // ---- traffic (lifetime counters, advanced lazily) ----

  private advance(now: number): void {
    const dt = (now - this.lastAdvance) / 1000;
    this.lastAdvance = now;
    if (dt <= 0 || !this.powered || !this.pathUp()) return;
    this.ownRx += 400 * dt;
    this.ownTx += 250 * dt;
    const r = this.rng;
    for (const c of this.clients) {
      const j = 0.4 + r.next() * 1.2;
      const d = c.down * dt * j;
      const u = c.up * dt * j;
      c.tx += d;
      c.rx += u;
      const radio = this.radios.find((x) => x.band === c.band);
      if (radio) {
        radio.tx += d;
        radio.rx += u;
      }
      this.ownRx += d;
      this.ownTx += u;
    }
    for (const h of this.hosts) {
      if (!h.plugged || h.blockedUntil > now) continue;
      const j = 0.4 + r.next() * 1.2;
      const d = h.down * dt * j;
      const u = h.up * dt * j;
      h.tx += d;
      h.rx += u;
      h.lifeTx += d;
      h.lifeRx += u;
      this.ownRx += d;
      this.ownTx += u;
    }
  }

  /** Bytes received (`rx`, towards the clients) and sent (`tx`) on the uplink since the simulation began. */
  lifetime(now: number): { rx: number; tx: number } {
    this.advance(now);
    let rx = this.ownRx;
    let tx = this.ownTx;
    for (const c of this.children) {
      const l = c.lifetime(now);
      rx += l.rx;
      tx += l.tx;
    }
    return { rx, tx };
  }

  /** Uplink counters since boot. */
  sinceBoot(now: number): { rx: number; tx: number } {
    const l = this.lifetime(now);
    return { rx: Math.floor(l.rx - this.bootRx), tx: Math.floor(l.tx - this.bootTx) };
  }

  /** What a port has carried since boot, from this device's side: rx received from the far end. */
  portCounters(port: number, now: number): { rx: number; tx: number } {
    const occ = this.portMap[port];
    let rx = 0;
    let tx = 0;
    if (occ?.kind === 'child') {
      const l = occ.dev.lifetime(now);
      rx = l.tx;
      tx = l.rx;
    } else if (occ?.kind === 'host') {
      this.advance(now);
      rx = occ.host.lifeRx;
      tx = occ.host.lifeTx;
    } else if (occ?.kind === 'parent' || (this.type === DeviceType.Router && port === 1)) {
      const l = this.lifetime(now);
      rx = l.rx;
      tx = l.tx;
    }
    const base = this.portBase.get(port);
    if (!base) return { rx: Math.floor(rx), tx: Math.floor(tx) };
    return { rx: Math.floor(rx - base.rx), tx: Math.floor(tx - base.tx) };
  }

  /** Gauges move a little at every stats report: mean-reverting random walks. */
  updateGauges(now: number): void {
    const dt = Math.min(120, Math.max(0.5, (now - this.gaugesAt) / 1000));
    this.gaugesAt = now;
    const r = this.rng;
    const k = Math.min(1, dt / 60);
    const clients = this.type === DeviceType.AP ? this.clients.length : this.hosts.length;
    const base =
      (this.type === DeviceType.Router ? 18 : this.type === DeviceType.AC ? 12 : 8) + clients * 0.8;
    const booting = this.uptimeS < 60 ? 40 : 0;
    this.cpu += (base + booting - this.cpu) * k + r.normal() * 2.5 * Math.sqrt(dt / 10);
    this.cpu = Math.min(99, Math.max(1, this.cpu));
    const memBase = 35 + clients * 0.3;
    this.mem += (memBase - this.mem) * k * 0.2 + r.normal() * 0.4 * Math.sqrt(dt / 10);
    this.mem = Math.min(95, Math.max(10, this.mem));
    const tempBase = 38 + this.cpu * 0.25;
    this.temp += (tempBase - this.temp) * k + r.normal() * 0.3;
    this.wanLatency += (12 - this.wanLatency) * k * 0.3 + r.normal() * 0.8;
    this.wanLatency = Math.min(200, Math.max(1.5, this.wanLatency));
    for (const h of this.hosts)
      if (h.poeClass) h.poeW = Math.min(12.9, Math.max(1.5, h.poeW + r.normal() * 0.2));
  }

  /** Power an AP draws from its switch port. */
  poeDraw(): number {
    if (!this.powered) return 3.8;
    return Math.round((5.5 + this.cpu * 0.06 + this.clients.length * 0.05) * 10) / 10;
  }

  // ---- clients (APs) ----

  blocks(mac: string): boolean {
    const until = this.blocklist.get(mac);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.blocklist.delete(mac);
    return false;
  }

  attachClient(c: WifiClient, withEvent: boolean): void {
    // Traffic until now belongs to the clients already here.
    this.advance(Date.now());
    c.ap = this;
    const radio =
      this.radios.find((r) => r.band === c.band && r.enabled) ?? this.radios.find((r) => r.enabled);
    if (radio) c.band = radio.band;
    this.clients.push(c);
    if (withEvent && this.clientsUpload) {
      this.emitEvent({ ts: Date.now(), type: 'client_connected', mac: c.mac, name: c.ssid });
      this.log(1, 'wifi', `station ${c.mac} associated, ${c.band} GHz, ${c.ssid}`);
    }
  }

  /** `code` null: no event (the AP itself is going down). */
  detachClient(c: WifiClient, code: string | null): void {
    this.advance(Date.now());
    const i = this.clients.indexOf(c);
    if (i >= 0) this.clients.splice(i, 1);
    c.ap = null;
    if (code && this.clientsUpload) {
      this.emitEvent({ ts: Date.now(), type: 'client_disconnected', mac: c.mac, name: c.ssid, code });
      this.log(1, 'wifi', `station ${c.mac} disassociated (${code})`);
    }
  }

  /** Wired hosts the router sees (plugged, not blocked, their switch reachable). */
  routerHosts(now: number): WiredHost[] {
    return this.net.hosts.filter(
      (h) => h.plugged && h.blockedUntil <= now && h.host.powered && h.host.pathUp(),
    );
  }

  /** The router LAN port behind which a wired host sits. */
  routerPortOf(h: WiredHost): number {
    let d: SimDevice = h.host;
    if (d.type === DeviceType.Router) return h.plan.port;
    while (d.parent && d.parent.type !== DeviceType.Router) d = d.parent;
    return d.plan.parentPort ?? 2;
  }

  // ---- neighbours ----

  neighbourLink(other: SimDevice, up: boolean, now: number): void {
    const port = this.portOf(other);
    if (port === null || !this.powered) return;
    if (this.type === DeviceType.Switch || this.type === DeviceType.Router) {
      if (up) this.emitEvent({ ts: now, type: 'port_up', severity: 1, port, value: this.info.portMbps });
      else this.emitEvent({ ts: now, type: 'port_down', severity: 2, port });
    }
    this.markChanged('ports');
    this.markChanged('lldp');
  }

  // ---- power cycle ----

  /** Switches the device on. `uptimeS` > 0: it has been running that long already (fleet start). */
  boot(reason: string, uptimeS = 0): void {
    const now = Date.now();
    this.powered = true;
    this.phase = 'waiting';
    this.bootId = nonce(8);
    this.bootReason = reason;
    this.bootAt = now - uptimeS * 1000;
    this.seq = 0;
    this.telemetry = DEFAULT_TELEMETRY;
    this.revert = null;
    this.acksOut = [];
    this.eventsOut = [];
    this.logsOut = [];
    this.droppedLogs = 0;
    this.gaugesAt = now;
    this.lastAdvance = now;
    if (uptimeS > 0) {
      // A device that has been running for a while has counters to match.
      const rate = this.type === DeviceType.AP ? this.targetClients * 40_000 + 500 : 2_000;
      this.ownRx += rate * uptimeS * this.rng.float(0.5, 1.5);
      this.ownTx += rate * 0.2 * uptimeS * this.rng.float(0.5, 1.5);
      for (const h of this.hosts) {
        h.lifeTx = h.down * uptimeS * 0.3;
        h.lifeRx = h.up * uptimeS * 0.3;
      }
    } else {
      this.cpu = 60;
      this.emitEvent({ ts: now, type: 'reboot_completed', severity: 1, text: `boot reason: ${reason}` });
      this.log(2, 'system', `system started, firmware ${this.fwVersion}, boot reason ${reason}`);
    }
    this.radios = this.buildRadios();
    const life = this.lifetime(now);
    this.bootRx = uptimeS > 0 ? 0 : life.rx;
    this.bootTx = uptimeS > 0 ? 0 : life.tx;
    this.portBase.clear();
    if (uptimeS === 0) for (let p = 1; p <= this.info.ports; p++) this.portBase.set(p, this.rawPort(p, now));
    this.loops.clear();
    this.poeFaults.clear();
    if (uptimeS === 0) this.net.deviceUp(this, now);
    this.scheduleConnect();
  }

  private rawPort(port: number, now: number): { rx: number; tx: number } {
    const saved = this.portBase.get(port);
    this.portBase.delete(port);
    const v = this.portCounters(port, now);
    if (saved) this.portBase.set(port, saved);
    return v;
  }

  buildRadios(): RadioRuntime[] {
    return this.settings.radios.map((s, i) => {
      const auto = s.channel === 0;
      const list = CHANNELS[s.band];
      const channel = !s.enabled
        ? 0
        : auto
          ? list[(this.plan.network * 7 + i + this.sn.length * 3 + this.rng.int(0, 9)) % list.length]!
          : s.channel;
      return {
        band: s.band,
        enabled: s.enabled,
        channel,
        widthMhz: s.widthMhz,
        txPowerDbm: s.txPowerDbm ?? (s.band === '2.4' ? 18 : s.band === '5' ? 22 : 20),
        channelMode: auto ? 'auto' : 'manual',
        noiseFloorDbm: s.band === '2.4' ? this.rng.int(-96, -90) : this.rng.int(-102, -96),
        rx: 0,
        tx: 0,
        clients: 0,
      };
    });
  }

  private powerOff(): void {
    const now = Date.now();
    this.advance(now);
    this.powered = false;
    this.phase = 'off';
    this.epoch++;
    for (const run of this.running.values()) {
      run.done = true;
      run.abort.abort();
    }
    this.running.clear();
    this.net.deviceDown(this, now);
  }

  /** Planned restart: `offline` with the reason, DISCONNECT, off for `rebootS`, boot. */
  async restart(bootReason: string, offlineReason: string, change?: () => void): Promise<void> {
    if (this.restarting) return;
    this.restarting = true;
    await this.goOffline(offlineReason);
    this.powerOff();
    change?.();
    this.ctx.scheduler.after(this.ctx.timing.rebootS * 1000, () => {
      this.restarting = false;
      if (this.phase !== 'stopped') this.boot(bootReason);
    });
  }

  /** Power loss or crash: no goodbye (the broker publishes the will), commands cut off. */
  crash(offMs = this.ctx.timing.rebootS * 1000, bootReason = 'crash'): void {
    if (this.restarting || !this.powered) return;
    this.restarting = true;
    for (const run of this.running.values()) {
      if (run.cmd === 'upgrade_firmware' || run.cmd === 'apply_config' || run.cmd === 'reset')
        this.afterWelcome.push({
          id: run.id,
          cmd: run.cmd,
          body: { state: 'failed', ...(run.stage ? { stage: run.stage } : {}), code: 'interrupted' },
        });
      else this.memory.delete(run.id);
    }
    this.killConnection();
    this.powerOff();
    this.ctx.scheduler.after(offMs, () => {
      this.restarting = false;
      if (this.phase !== 'stopped') this.boot(bootReason);
    });
  }

  /** Alarm knob: holds figures (null releases one); a `stats` with them goes out at once. */
  pin(change: AlarmPins): void {
    this.pins = mergePins(this.pins, change);
    if (this.phase === 'online') this.publishKind('stats');
  }

  /** Alarm knob: a condition event (loop, PoE, link, …) raised or cleared, as firmware sends it. */
  condition(type: ConditionEvent, active: boolean, fields: Parameters<typeof conditionEvent>[2] = {}): void {
    this.emitEvent(conditionEvent(type, active, fields));
  }

  /** Alarm knob: a port's link goes down and comes back up (alarm 21). */
  flapPort(port: number): void {
    const now = Date.now();
    this.emitEvent({ ts: now, type: 'port_down', severity: 2, port });
    this.emitEvent({ ts: now + 1, type: 'port_up', severity: 1, port, value: this.info.portMbps });
  }

  /** Unplanned loss of the connection (the will goes out); reconnects after `forMs`. */
  drop(forMs = 5000): void {
    if (!this.client) return;
    this.ctx.counters.drops++;
    this.reconnectOverrideMs = forMs;
    this.killConnection();
  }

  private killConnection(): void {
    const client = this.client;
    if (!client) return;
    // Destroying the socket skips DISCONNECT: the broker publishes the last will.
    client.stream?.destroy();
    client.end(true);
  }

  /** Publishes `offline` with the reason and disconnects cleanly (the will is discarded). */
  async goOffline(reason: string): Promise<void> {
    const client = this.client;
    const wasOnline = this.phase === 'online' || this.phase === 'hello';
    if (this.phase === 'online') {
      this.flushEvents();
      this.flushLogs();
    }
    this.phase = 'leaving';
    this.epoch++;
    if (!client) return;
    if (this.connected && wasOnline) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 3000);
        this.publishRaw('offline', { session: this.session, reason }, () => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        client.end(true);
        resolve();
      }, 3000);
      client.end(false, {}, () => {
        clearTimeout(t);
        resolve();
      });
    });
    if (this.client === client) {
      this.client = null;
      this.connected = false;
    }
    this.ctx.emit('offline', { sn: this.sn, reason });
  }

  /** Fleet stop: goodbye with reason `shutdown`, and nothing more. */
  async shutdown(): Promise<void> {
    const wasPowered = this.powered;
    this.restarting = true;
    if (this.client) await this.goOffline('shutdown');
    this.phase = 'stopped';
    this.epoch++;
    if (wasPowered) {
      for (const run of this.running.values()) run.abort.abort();
      this.running.clear();
    }
  }

  // ---- connection ----

  private scheduleConnect(delayMs?: number): void {
    const epoch = ++this.epoch;
    const wait = delayMs ?? this.ctx.connectSlot();
    this.ctx.scheduler.after(wait, () => {
      if (epoch === this.epoch && this.powered && this.phase === 'waiting') this.connect();
    });
  }

  private password(): string {
    this.passwordValue ??= this.ctx.password(this.sn);
    return this.passwordValue;
  }

  private connect(): void {
    const ctx = this.ctx;
    this.phase = 'connecting';
    this.session = nonce(6);
    this.helloCount = 0;
    this.refused = false;
    const will = JSON.stringify({ v: 1, ts: Date.now(), seq: 0, session: this.session, reason: 'lost' });
    const options: IClientOptions = {
      clientId: this.sn,
      username: this.sn,
      password: this.password(),
      protocolVersion: ctx.protocolVersion,
      clean: true,
      keepalive: 30,
      reconnectPeriod: 0,
      connectTimeout: 30_000,
      resubscribe: false,
      queueQoSZero: false,
      will: { topic: `dev/${this.sn}/up/offline`, payload: Buffer.from(will), qos: 1, retain: false },
      timerVariant: ctx.scheduler.intervalTimer as unknown as IClientOptions['timerVariant'],
    };
    if (ctx.protocolVersion === 5) options.properties = { sessionExpiryInterval: 0 };
    let client: MqttClient;
    try {
      client = mqtt.connect(ctx.url, options);
    } catch (error) {
      ctx.emit('error', { sn: this.sn, error: error as Error });
      this.phase = 'waiting';
      this.scheduleConnect(this.backoffMs());
      return;
    }
    this.client = client;
    client.on('connect', () => this.onConnack(client));
    client.on('message', (topic, payload) => this.onMessage(topic, payload));
    client.on('error', (error: Error & { code?: number | string }) => {
      if (typeof error.code === 'number' && [4, 5, 0x86, 0x87].includes(error.code)) this.refused = true;
      ctx.log(`${this.sn}: ${error.message}`);
      if (client === this.client && !this.connected) client.end(true);
    });
    client.on('close', () => this.onClose(client));
  }

  private backoffMs(): number {
    const t = this.ctx.timing;
    if (this.refused) return t.refusedRetryS * 1000;
    const cap = Math.min(t.backoffMaxS, t.backoffBaseS * 2 ** Math.min(this.retries, 20));
    this.retries++;
    return Math.floor(this.ctx.rng.next() * cap * 1000);
  }

  private onConnack(client: MqttClient): void {
    if (client !== this.client) return;
    this.connected = true;
    this.connectedAt = Date.now();
    this.ctx.counters.connects++;
    client.subscribe(deviceSubscription(this.sn), { qos: 1 }, (error) => {
      if (client !== this.client) return;
      if (error) {
        this.ctx.log(`${this.sn}: subscribe failed: ${error.message}`);
        client.end(true);
        return;
      }
      this.sendHello();
    });
  }

  private sendHello(): void {
    this.phase = 'hello';
    this.helloCount++;
    this.publishRaw('hello', reports.hello(this));
    const epoch = this.epoch;
    const client = this.client;
    this.ctx.scheduler.after(this.ctx.timing.welcomeWaitS * 1000, () => {
      if (epoch !== this.epoch || this.phase !== 'hello' || client !== this.client) return;
      if (this.helloCount < 3) this.sendHello();
      else client?.end(false);
    });
  }

  private onClose(client: MqttClient): void {
    if (client !== this.client) return;
    this.client = null;
    this.connected = false;
    const planned = this.phase === 'leaving' || this.phase === 'stopped' || this.phase === 'off';
    if (planned) return;
    const wasOnline = this.phase === 'online';
    this.epoch++;
    this.phase = 'waiting';
    if (wasOnline || this.connectedAt) this.ctx.emit('offline', { sn: this.sn, reason: 'lost' });
    if (this.connectedAt && Date.now() - this.connectedAt >= 60_000) this.retries = 0;
    this.connectedAt = 0;
    if (!this.powered) return;
    const wait = this.reconnectOverrideMs ?? this.backoffMs();
    this.reconnectOverrideMs = null;
    this.scheduleConnect(wait);
  }

  private onMessage(topic: string, payload: Buffer): void {
    this.ctx.counters.received++;
    const prefix = `dev/${this.sn}/down/`;
    if (!topic.startsWith(prefix)) return;
    const kind = topic.slice(prefix.length);
    if (kind === 'welcome') this.onWelcome(topic, payload);
    else if (this.phase === 'online' || this.phase === 'hello') handleCommand(this, kind, topic, payload);
  }

  private onWelcome(topic: string, payload: Buffer): void {
    const decoded = decodeDown(topic, payload);
    if (!decoded.ok || decoded.kind !== 'welcome') {
      this.ctx.counters.invalidDown++;
      return;
    }
    const msg = decoded.message;
    if (msg.session !== this.session) return;
    this.registered = msg.registered;
    this.adoptTelemetry(msg.telemetry);
    if (this.phase === 'online') return;
    this.phase = 'online';
    // §5.1 step 5: state, ports, lldp, clients, stats; step 6: what waited for the connection.
    this.publishKind('state');
    this.publishKind('ports');
    if (this.telemetry.upload.lldp) this.publishKind('lldp');
    if (this.telemetry.upload.clients && this.hasClientTable()) this.publishKind('clients');
    this.publishKind('stats');
    this.flushAfterWelcome();
    this.flushAcks();
    this.flushEvents();
    this.flushLogs();
    this.armAll();
    this.ctx.emit('online', {
      sn: this.sn,
      bootId: this.bootId,
      session: this.session,
      registered: this.registered,
    });
  }

  hasClientTable(): boolean {
    return this.type === DeviceType.AP || this.type === DeviceType.Router;
  }

  // ---- telemetry ----

  adoptTelemetry(t: TelemetrySettings): void {
    const statsIntervalS = this.ctx.statsIntervalS ?? t.statsIntervalS;
    this.telemetry = { ...t, statsIntervalS, upload: { ...t.upload } };
    if (this.revert) this.revert = null;
    if (this.phase === 'online') this.armAll();
  }

  /** `set_telemetry`: merge, and maybe come back to the previous settings later. */
  changeTelemetry(
    patch: Partial<Omit<TelemetrySettings, 'upload'>> & { upload?: Partial<TelemetrySettings['upload']> },
    revertAfterS?: number,
  ): void {
    const before = this.revert?.settings ?? this.telemetry;
    this.telemetry = {
      ...this.telemetry,
      ...Object.fromEntries(Object.entries(patch).filter(([k, v]) => k !== 'upload' && v !== undefined)),
      upload: { ...this.telemetry.upload, ...(patch.upload ?? {}) },
    } as TelemetrySettings;
    const gen = (this.revert?.gen ?? 0) + 1;
    if (revertAfterS) {
      this.revert = { settings: before, gen };
      const epoch = this.epoch;
      this.ctx.scheduler.after(revertAfterS * 1000, () => {
        if (this.revert?.gen !== gen || epoch !== this.epoch) return;
        this.telemetry = this.revert.settings;
        this.revert = null;
        this.armAll();
      });
    } else this.revert = null;
    this.armAll();
  }

  private intervalOf(kind: Periodic): number {
    const t = this.telemetry;
    switch (kind) {
      case 'stats':
        return t.statsIntervalS * 1000;
      case 'clients':
      case 'probes':
        return t.clientsIntervalS * 1000;
      case 'ports':
        return t.portsIntervalS * 1000;
      case 'lldp':
        return t.lldpIntervalS * 1000;
      case 'dns':
        return 30_000;
    }
  }

  private armAll(): void {
    this.arm('stats');
    this.arm('ports');
    this.arm('lldp');
    if (this.hasClientTable()) this.arm('clients');
    if (this.type === DeviceType.AP) this.arm('probes');
    if (this.type === DeviceType.AP || this.type === DeviceType.Router) this.arm('dns');
  }

  private arm(kind: Periodic, delayMs = this.intervalOf(kind)): void {
    const gen = ++this.gens[kind];
    const epoch = this.epoch;
    this.ctx.scheduler.after(delayMs, () => {
      if (gen !== this.gens[kind] || epoch !== this.epoch || this.phase !== 'online') return;
      this.periodic(kind);
      this.arm(kind);
    });
  }

  private periodic(kind: Periodic): void {
    const up = this.telemetry.upload;
    switch (kind) {
      case 'stats':
        this.publishKind('stats');
        break;
      case 'ports':
        this.publishKind('ports');
        break;
      case 'lldp':
        if (up.lldp) this.publishKind('lldp');
        break;
      case 'clients':
        if (up.clients) this.publishKind('clients');
        break;
      case 'probes':
        if (up.probes) this.publishKind('probes');
        break;
      case 'dns':
        if (up.dnsLog) this.publishKind('dns');
        break;
    }
  }

  /** Publishes a fresh report of a kind (pages for `clients`). */
  publishKind(kind: 'state' | 'stats' | 'ports' | 'lldp' | 'clients' | 'dns' | 'probes'): void {
    const now = Date.now();
    switch (kind) {
      case 'state':
        this.publishRaw('state', reports.state(this));
        break;
      case 'stats':
        this.publishRaw('stats', reports.stats(this, now));
        break;
      case 'ports':
        this.publishRaw('ports', reports.ports(this, now));
        break;
      case 'lldp':
        this.publishRaw('lldp', reports.lldp(this));
        break;
      case 'clients':
        for (const page of reports.clientPages(this, now)) this.publishRaw('clients', page);
        break;
      case 'dns': {
        const body = reports.dns(this, now);
        if (body) this.publishRaw('dns', body);
        break;
      }
      case 'probes': {
        const body = reports.probes(this, now);
        if (body) this.publishRaw('probes', body);
        break;
      }
    }
  }

  /** A change of state, ports or LLDP: published once after the protocol's coalescing delay. */
  markChanged(kind: Coalesced): void {
    if (this.phase !== 'online' || this.pendingChange[kind]) return;
    if (kind === 'lldp' && !this.telemetry.upload.lldp) return;
    this.pendingChange[kind] = true;
    const epoch = this.epoch;
    const delay = kind === 'state' ? 1000 : kind === 'ports' ? 2000 : 5000;
    this.ctx.scheduler.after(delay, () => {
      this.pendingChange[kind] = false;
      if (epoch === this.epoch && this.phase === 'online') this.publishKind(kind);
    });
  }

  // ---- publishing ----

  /**
   * Sends one message with a fresh envelope. The envelope is written as text in front of the body,
   * so a report costs one JSON.stringify.
   */
  publishRaw(kind: UpKind, body: object, cb?: (error?: Error) => void): boolean {
    const client = this.client;
    if (!client || !this.connected) {
      cb?.(new Error('not connected'));
      return false;
    }
    if (this.seq >= 0xffffffff) this.seq = 0;
    const seq = ++this.seq;
    const json = JSON.stringify(body);
    const payload = `{"v":1,"ts":${Date.now()},"seq":${seq}${json.length > 2 ? ',' : ''}${json.slice(1)}`;
    return this.send(kind, payload, cb);
  }

  private send(kind: UpKind, payload: string, cb?: (error?: Error) => void): boolean {
    const client = this.client;
    if (!client || !this.connected) {
      cb?.(new Error('not connected'));
      return false;
    }
    if (payload.length > PROTOCOL_LIMITS.maxPayloadBytes) {
      this.ctx.log(`${this.sn}: ${kind} of ${payload.length} bytes not sent (over the limit)`);
      cb?.(new Error('too large'));
      return false;
    }
    const counters = this.ctx.counters;
    counters.published++;
    counters.publishedBytes += payload.length;
    client.publish(
      `dev/${this.sn}/up/${kind}`,
      payload,
      { qos: UP_QOS[kind] },
      cb ? (e) => cb(e ?? undefined) : undefined,
    );
    if (this.ctx.listening('publish')) this.ctx.emit('publish', { sn: this.sn, kind, bytes: payload.length });
    return true;
  }

  // ---- command reports ----

  /** Publishes (or buffers) a report on `acks` and remembers it for redeliveries. */
  report(id: string, cmd: string, body: Record<string, unknown>): void {
    const now = Date.now();
    this.memory.set(id, { cmd, body, at: now });
    if (this.memory.size > MEMORY_MAX) {
      // Keep at least the last 64 ids and 24 h; beyond the cap, drop the oldest.
      const first = this.memory.keys().next().value;
      if (first !== undefined) this.memory.delete(first);
    }
    this.ctx.counters.reports++;
    this.ctx.emit('report', {
      sn: this.sn,
      id,
      cmd,
      state: body.state as 'accepted',
      ...(typeof body.stage === 'string' ? { stage: body.stage } : {}),
      ...(typeof body.code === 'string' ? { code: body.code } : {}),
    });
    this.queueAck({ id, cmd, ...body });
  }

  /** §7.4: a known id gets its last report again, with a new envelope. */
  repeatReport(id: string): void {
    const known = this.memory.get(id);
    if (!known) return;
    this.ctx.emit('report', {
      sn: this.sn,
      id,
      cmd: known.cmd,
      state: known.body.state as 'accepted',
    });
    this.queueAck({ id, cmd: known.cmd, ...known.body });
  }

  private queueAck(body: Record<string, unknown>): void {
    const item: { body: Record<string, unknown>; payload?: string; bootId?: string } = { body };
    if (this.phase === 'online' && this.acksOut.length === 0) this.sendAck(item);
    else this.acksOut.push(item);
  }

  private sendAck(item: { body: Record<string, unknown>; payload?: string; bootId?: string }): void {
    const retry = (error?: Error) => {
      // Lost with the connection before PUBACK: send again after the next welcome (same seq if same boot).
      if (error && this.powered) this.acksOut.unshift(item);
    };
    if (item.payload && item.bootId === this.bootId) {
      this.send('acks', item.payload, retry);
      return;
    }
    if (this.seq >= 0xffffffff) this.seq = 0;
    const seq = ++this.seq;
    const json = JSON.stringify(item.body);
    item.payload = `{"v":1,"ts":${Date.now()},"seq":${seq},${json.slice(1)}`;
    item.bootId = this.bootId;
    this.send('acks', item.payload, retry);
  }

  private flushAcks(): void {
    const items = this.acksOut;
    this.acksOut = [];
    for (const item of items) this.sendAck(item);
  }

  /** Reports of commands that crossed a restart, once `welcome` has come (§7.4). */
  private flushAfterWelcome(): void {
    const pending = this.afterWelcome;
    for (const rec of pending) {
      const now = Date.now();
      this.memory.set(rec.id, { cmd: rec.cmd, body: rec.body, at: now });
      this.ctx.counters.reports++;
      this.ctx.emit('report', {
        sn: this.sn,
        id: rec.id,
        cmd: rec.cmd,
        state: rec.body.state as 'succeeded',
        ...(typeof rec.body.stage === 'string' ? { stage: rec.body.stage } : {}),
        ...(typeof rec.body.code === 'string' ? { code: rec.body.code } : {}),
      });
      this.publishRaw('acks', { id: rec.id, cmd: rec.cmd, ...rec.body }, (error) => {
        // Forget the record once the broker has it (PUBACK).
        if (!error) this.afterWelcome = this.afterWelcome.filter((r) => r !== rec);
      });
    }
  }

  // ---- events and logs ----

  emitEvent(event: ProtocolEvent): void {
    if (event.type.startsWith('client_') && !this.telemetry.upload.clients) return;
    this.eventsOut.push(event);
    if (this.eventsOut.length > EVENTS_BUFFER) this.eventsOut.shift();
    if (this.phase === 'online' && !this.eventsFlush) {
      this.eventsFlush = true;
      const epoch = this.epoch;
      this.ctx.scheduler.after(1000, () => {
        this.eventsFlush = false;
        if (epoch === this.epoch) this.flushEvents();
      });
    }
  }

  private flushEvents(): void {
    if (this.phase !== 'online' && this.phase !== 'leaving') return;
    while (this.eventsOut.length) {
      const batch = this.eventsOut.splice(0, PROTOCOL_LIMITS.maxEventsPerMessage);
      this.publishRaw('events', { events: batch }, (error) => {
        if (error && this.powered) this.eventsOut.unshift(...batch);
      });
    }
  }

  log(level: LogLevel, module: string, text: string): void {
    const up = this.telemetry.upload;
    if (level === 1 ? !up.debugLog : !up.systemLog) return;
    this.logsOut.push({ ts: Date.now(), level, module, text: text.slice(0, PROTOCOL_LIMITS.maxLogText) });
    if (this.logsOut.length > LOGS_BUFFER) {
      this.logsOut.shift();
      this.droppedLogs++;
    }
    if (this.phase !== 'online') return;
    if (this.logsOut.length >= PROTOCOL_LIMITS.maxLogLinesPerMessage) this.flushLogs();
    else if (!this.logsFlush) {
      this.logsFlush = true;
      const epoch = this.epoch;
      this.ctx.scheduler.after(5000, () => {
        this.logsFlush = false;
        if (epoch === this.epoch) this.flushLogs();
      });
    }
  }

  private flushLogs(): void {
    if (this.phase !== 'online' && this.phase !== 'leaving') return;
    if (this.droppedLogs > 0) {
      this.logsOut.unshift({
        ts: Date.now(),
        level: 3,
        module: 'syslog',
        text: `${this.droppedLogs} lines dropped`,
      });
      this.droppedLogs = 0;
    }
    while (this.logsOut.length) {
      const batch = this.logsOut.splice(0, PROTOCOL_LIMITS.maxLogLinesPerMessage);
      this.publishRaw('logs', { lines: batch }, (error) => {
        if (error && this.powered) this.logsOut.unshift(...batch);
      });
    }
  }

  // ---- random happenings (the network's behaviour tick) ----

  randomEvent(rng: Rng, now: number): void {
    const sched = this.ctx.scheduler;
    const r = rng.next();
    if (this.type === DeviceType.Switch) {
      const host = this.hosts.length ? rng.pick(this.hosts) : undefined;
      if (r < 0.35 && host && host.plugged) {
        // A wired host unplugged for a while.
        this.setPlugged(host, false, now);
        sched.after(rng.int(5, 90) * 1000, () => this.setPlugged(host, true, Date.now()));
      } else if (r < 0.55) {
        const port = this.plan.uplinkPort ?? 1;
        this.emitEvent({ ts: now, type: 'stp', severity: 1, port, text: 'topology change received' });
        this.log(2, 'stp', `topology change on port ${port}`);
      } else if (r < 0.7 && host?.poeClass && host.plugged && !this.poeFaults.has(host.plan.port)) {
        const port = host.plan.port;
        this.poeFaults.set(port, now);
        this.emitEvent({ ts: now, type: 'poe', severity: 2, active: true, port, code: 'overload' });
        this.log(3, 'poe', `port ${port} power overload, power cut`);
        this.markChanged('ports');
        sched.after(rng.int(30, 120) * 1000, () => {
          this.poeFaults.delete(port);
          if (!this.powered) return;
          this.emitEvent({ ts: Date.now(), type: 'poe', severity: 2, active: false, port, code: 'overload' });
          this.markChanged('ports');
        });
      } else if (r < 0.8 && host && !this.loops.has(host.plan.port)) {
        const port = host.plan.port;
        this.loops.set(port, now);
        this.emitEvent({
          ts: now,
          type: 'loop',
          severity: 3,
          active: true,
          port,
          text: `loop detected, port ${port} blocked`,
        });
        this.markChanged('ports');
        sched.after(rng.int(20, 90) * 1000, () => {
          this.loops.delete(port);
          if (!this.powered) return;
          this.emitEvent({
            ts: Date.now(),
            type: 'loop',
            severity: 3,
            active: false,
            port,
            text: 'loop cleared',
          });
          this.markChanged('ports');
        });
      } else {
        this.emitEvent({
          ts: now,
          type: 'system',
          severity: 1,
          text: rng.pick(['configuration saved', 'fan speed normal', 'NTP synchronised']),
        });
      }
    } else if (this.type === DeviceType.Router) {
      const host = this.hosts.length ? rng.pick(this.hosts) : undefined;
      if (r < 0.3 && host && host.plugged) {
        this.setPlugged(host, false, now);
        sched.after(rng.int(5, 90) * 1000, () => this.setPlugged(host, true, Date.now()));
      } else if (r < 0.5 && this.net.plan.wan.proto === 'pppoe') {
        this.emitEvent({
          ts: now,
          type: 'pppoe',
          severity: 2,
          active: true,
          name: 'wan1',
          code: 'lcp_timeout',
        });
        this.log(3, 'pppoe', 'session down: LCP echo timeout');
        sched.after(rng.int(3, 15) * 1000, () => {
          if (!this.powered) return;
          this.emitEvent({ ts: Date.now(), type: 'pppoe', severity: 2, active: false, name: 'wan1' });
          this.log(2, 'pppoe', `session up, address ${this.net.plan.wan.ip}`);
        });
      } else if (r < 0.6) {
        const leases = this.routerHosts(now).length + this.net.clients.length;
        const use = Math.round((leases / this.net.plan.clientPool.size) * 1000) / 10;
        this.emitEvent({ ts: now, type: 'dhcp_pool', severity: 1, active: false, name: 'lan', value: use });
      } else {
        this.emitEvent({
          ts: now,
          type: 'system',
          severity: 1,
          text: rng.pick(['NTP synchronised', 'firewall rules reloaded', 'configuration saved']),
        });
      }
    } else if (this.type === DeviceType.AP) {
      const radio = this.radios.find((x) => x.enabled && x.channelMode === 'auto');
      if (r < 0.4 && radio) {
        const list = CHANNELS[radio.band].filter((c) => c !== radio.channel);
        const from = radio.channel;
        radio.channel = rng.pick(list);
        this.emitEvent({
          ts: now,
          type: 'system',
          severity: 1,
          text: `${radio.band} GHz channel ${from} → ${radio.channel} (interference)`,
        });
        this.log(2, 'wifi', `auto channel: ${radio.band} GHz moved from ${from} to ${radio.channel}`);
        for (const c of this.clients) if (c.band === radio.band) c.rssi = Math.max(-88, c.rssi - 2);
        this.markChanged('state');
      } else if (r < 0.45) {
        this.emitEvent({
          ts: now,
          type: 'network_loop',
          severity: 3,
          active: true,
          text: 'broadcast storm on eth0',
        });
        sched.after(rng.int(10, 60) * 1000, () => {
          if (this.powered)
            this.emitEvent({ ts: Date.now(), type: 'network_loop', severity: 3, active: false });
        });
      } else {
        this.emitEvent({
          ts: now,
          type: 'system',
          severity: 1,
          text: rng.pick(['radio calibration done', 'NTP synchronised', 'configuration saved']),
        });
      }
    } else {
      this.emitEvent({
        ts: now,
        type: 'system',
        severity: 1,
        text: rng.pick(['AP list synchronised', 'NTP synchronised', 'license check passed']),
      });
    }
  }

  randomLog(rng: Rng, now: number): void {
    const lines: [LogLevel, string, string][] =
      this.type === DeviceType.Router
        ? [
            [
              2,
              'dhcp',
              `DHCPACK ${ipToString(this.net.plan.subnet.base + this.net.plan.clientPool.first + rng.int(0, 200))}`,
            ],
            [
              2,
              'firewall',
              `dropped ${rng.int(1, 40)} packets from ${rng.int(1, 223)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
            ],
            [3, 'wan', `wan1 latency ${this.wanLatency.toFixed(1)} ms`],
            [1, 'nat', `conntrack ${rng.int(200, 9000)} entries`],
          ]
        : this.type === DeviceType.AP
          ? [
              [2, 'wifi', `${this.clients.length} stations associated`],
              [1, 'wifi', `beacon tx ok, noise ${this.radios[0]?.noiseFloorDbm ?? -95} dBm`],
              [3, 'wifi', `high retry rate on ${this.radios[0]?.band ?? '2.4'} GHz`],
            ]
          : [
              [2, 'system', `cpu ${this.cpu.toFixed(0)} %, memory ${this.mem.toFixed(0)} %`],
              [1, 'system', 'watchdog kicked'],
              [3, 'system', `temperature ${this.temp.toFixed(1)} °C`],
            ];
    void now;
    const [level, module, text] = rng.pick(lines);
    this.log(level, module, text);
  }

  /** A wired host (un)plugged: the switch's port and the router's client table change. */
  setPlugged(host: WiredHost, plugged: boolean, now: number): void {
    if (host.plugged === plugged || !this.powered) return;
    this.advance(now);
    host.plugged = plugged;
    const port = host.plan.port;
    const speed = host.plan.kind === 'pc' ? 1000 : 100;
    if (plugged) {
      host.since = now;
      host.tx = 0;
      host.rx = 0;
      this.emitEvent({ ts: now, type: 'port_up', severity: 1, port, value: speed });
    } else this.emitEvent({ ts: now, type: 'port_down', severity: 2, port });
    this.log(2, 'port', `port ${port} link ${plugged ? `up, ${speed} Mbit/s full duplex` : 'down'}`);
    this.markChanged('ports');
    const router = this.net.router;
    if (router && router.powered && host.blockedUntil <= now) {
      const rport = router.routerPortOf(host);
      router.emitEvent(
        plugged
          ? { ts: now, type: 'client_connected', mac: host.plan.mac, port: rport }
          : { ts: now, type: 'client_disconnected', mac: host.plan.mac, port: rport, code: 'left' },
      );
    }
  }

  // ---- configuration ----

  /** `reset`: factory defaults, no configuration, no client blocks. */
  factoryReset(): void {
    this.settings = this.defaultSettings();
    this.config = null;
    this.blocklist.clear();
    if (this.type === DeviceType.Router) for (const h of this.net.hosts) h.blockedUntil = 0;
  }

  /** Puts an applied configuration in force (inline sections; a file changes only the reference). */
  applyConfig(configId: string, revision: number, body: DeviceConfigBody | null): void {
    this.config = { id: configId, revision };
    const s = this.settings;
    const now = Date.now();
    if (body?.system?.hostname && body.system.hostname !== s.hostname) {
      s.hostname = body.system.hostname;
      for (const n of this.linkNeighbours()) n.markChanged('lldp');
    }
    // A router's WAN is its address toward the console, as another device's `network` is.
    const n = body?.network ?? (body?.wan?.mode === 'pppoe' ? undefined : body?.wan);
    if (body?.wan) s.wan = body.wan;
    if (body?.lan) s.lan = body.lan;
    if (n?.mode === 'static') {
      Object.assign(s, {
        ipMode: 'static',
        ip: n.ip,
        mask: n.mask,
        gateway: n.gateway,
        dns1: n.dns1,
        dns2: n.dns2 ?? null,
      });
    } else if (n?.mode === 'dhcp') {
      const d = this.defaultSettings();
      Object.assign(s, {
        ipMode: d.ipMode,
        ip: d.ip,
        mask: d.mask,
        gateway: d.gateway,
        dns1: n.dns1 ?? d.dns1,
        dns2: n.dns2 ?? d.dns2,
      });
    }
    if (body?.radios) {
      for (const r of body.radios) {
        const entry = s.radios.find((x) => x.band === r.band);
        if (entry)
          Object.assign(entry, {
            enabled: r.enabled,
            channel: r.channel,
            widthMhz: r.widthMhz,
            txPowerDbm: r.txPowerDbm,
          });
      }
      const fresh = this.buildRadios();
      for (const radio of this.radios) {
        const next = fresh.find((x) => x.band === radio.band)!;
        const keepChannel =
          radio.channelMode === 'auto' && next.channelMode === 'auto' && radio.enabled && next.enabled;
        Object.assign(radio, {
          enabled: next.enabled,
          channel: keepChannel ? radio.channel : next.channel,
          widthMhz: next.widthMhz,
          txPowerDbm: next.txPowerDbm,
          channelMode: next.channelMode,
        });
      }
    }
    if (body?.wireless) s.ssids = body.wireless.map((g) => g.ssid);
    if (this.type === DeviceType.AP && (body?.radios || body?.wireless)) {
      const bands = this.radios.filter((r) => r.enabled).map((r) => r.band);
      for (const c of [...this.clients]) {
        if (!bands.length || !s.ssids.length) this.net.leave(c, 'left');
        else {
          if (!bands.includes(c.band)) c.band = bands[0]!;
          if (!s.ssids.includes(c.ssid)) c.ssid = s.ssids[0]!;
        }
      }
    }
    if (body?.ports) {
      for (const p of body.ports)
        s.ports.set(p.port, {
          enabled: p.enabled,
          ...(p.description ? { description: p.description } : {}),
          pvid: p.pvid,
          poeEnabled: p.poe?.enabled ?? true,
        });
      this.markChanged('ports');
      this.markChanged('lldp');
      for (const nb of this.linkNeighbours()) nb.neighbourLink(this, this.linkUp(this.portOf(nb) ?? 0), now);
    }
    this.log(2, 'config', `configuration ${configId} revision ${revision} applied`);
    this.markChanged('state');
  }

  /** Summary for tests and the CLI. */
  get view(): {
    sn: string;
    type: DeviceType;
    phase: Phase;
    bootId: string;
    fwVersion: string;
    clients: string[];
  } {
    return {
      sn: this.sn,
      type: this.type,
      phase: this.phase,
      bootId: this.bootId,
      fwVersion: this.fwVersion,
      clients:
        this.type === DeviceType.Router
          ? this.routerHosts(Date.now()).map((h) => h.plan.mac)
          : this.clients.map((c) => c.mac),
    };
  }
}
