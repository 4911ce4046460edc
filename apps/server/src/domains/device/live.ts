/**
 * What devices report, kept in memory and written to the store in batches (one transaction every
 * second, or at once after 500 changes) instead of one write per message; figures alone (last seen,
 * uptime, traffic, CPU, memory) wait FIGURES_EVERY_MS and are written by themselves, as reads merge
 * them from memory (`current`). Sessions live here:
 * a device is online from the `welcome` answering its `hello` until its `offline` message or last
 * will, the end of its connection, or silence (protocol §5.4, §11.1).
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  DEFAULT_TELEMETRY,
  DeviceStatus,
  PROTOCOL_TIMING,
  TELEMETRY_INTERVALS,
  UP_QOS,
  type LiveDeviceData,
  type LiveDeviceEvent,
  type TelemetrySettings,
  type UpKind,
  type UpMessage,
} from '@netconsole/contract';
import { newId, type Clock } from '../../platform/ids.ts';
import type { LiveHub } from '../../platform/realtime/hub.ts';
import { isUniqueViolation, type Db } from '../../platform/store/db.ts';
import type { FlushTicket } from '../../platform/gateway/metrics.ts';
import {
  findDeviceBySn,
  findOnlineDevices,
  insertDevice,
  markAllOffline,
  writeFigures,
  writeReported,
  type FigureColumns,
  type ReportedColumns,
  type DeviceRow,
} from './store.ts';

/**
 * What an unregistered device is asked for ("the server asks little of it", protocol §5.3): stats
 * once a minute for liveness, nothing else.
 */
export const UNREGISTERED_TELEMETRY: TelemetrySettings = {
  statsIntervalS: 60,
  clientsIntervalS: TELEMETRY_INTERVALS.clientsS.max,
  portsIntervalS: TELEMETRY_INTERVALS.portsS.max,
  lldpIntervalS: TELEMETRY_INTERVALS.lldpS.max,
  upload: {
    clients: false,
    lldp: false,
    dnsLog: false,
    systemLog: false,
    debugLog: false,
    clientTraffic: false,
    packets: false,
    cpu: false,
    memory: false,
    probes: false,
    poe: false,
  },
};

export const FLUSH_EVERY_MS = 1000;
export const FLUSH_AT_CHANGES = 500;
/** A device whose figures alone changed is written this long after the first such change. */
export const FIGURES_EVERY_MS = 30_000;
/** QoS 1 sequence numbers remembered per device for de-duplication (protocol §4.2). */
const SEQ_WINDOW = 256;

export interface LiveDevice {
  id: string;
  sn: string;
  // Registration, as the store has it (the device service refreshes it after a change).
  tenantId: string | null;
  registered: boolean;
  mac: string;
  // Reported.
  type: number | null;
  model: string;
  hwVersion: string;
  fwVersion: string;
  helloMac: string;
  capabilities: string[] | null;
  acSn: string | null;
  online: boolean;
  session: string | null;
  /** The session was welcomed and has not ended (a silent device keeps it: it may speak again). */
  sessionOpen: boolean;
  bootId: string | null;
  onlineAt: number | null;
  offlineAt: number | null;
  offlineReason: string | null;
  lastSeenAt: number | null;
  statsIntervalS: number;
  ip: string | null;
  mask: string | null;
  gateway: string | null;
  dns1: string | null;
  dns2: string | null;
  publicIp: string | null;
  uptimeS: number;
  txBytes: number;
  rxBytes: number;
  txRate: number;
  rxRate: number;
  cpuPct: number | null;
  memPct: number | null;
  /** The configuration in force as the device last reported it (`state.config`). */
  configId: string | null;
  configRevision: number | null;
  /** The telemetry settings of the profile last delivered to it (null: the defaults); the store's. */
  telemetry: TelemetrySettings | null;
  // Memory only.
  peerAddress: string | null;
  prevStats: { bootId: string | null; uptimeS: number; txBytes: number; rxBytes: number } | null;
  seqs: Set<number>;
  seqOrder: number[];
  /** Commands published since the last welcome, so the re-sending after a welcome skips them. */
  sentSinceWelcome: Set<string>;
  /** The status the browsers were last told (live `device` messages), as shownKey gives it. */
  shown: string;
}

/** A registered device whose hello reported another MAC than the one registered cannot be used. */
export function isUseless(d: Pick<LiveDevice, 'registered' | 'helloMac' | 'mac'>): boolean {
  return d.registered && d.helloMac !== '' && d.helloMac !== d.mac;
}
export function isTrusted(d: Pick<LiveDevice, 'registered' | 'helloMac' | 'mac'>): boolean {
  return d.registered && d.helloMac !== '' && d.helloMac === d.mac;
}
export function statusOf(d: Pick<LiveDevice, 'registered' | 'helloMac' | 'mac' | 'online'>): DeviceStatus {
  if (isUseless(d)) return DeviceStatus.Useless;
  return d.online ? DeviceStatus.Online : DeviceStatus.Offline;
}
/** What `welcome` says: registered to a tenant, and that tenant registered this very device. */
export function welcomeOf(d: LiveDevice): { registered: boolean; telemetry: TelemetrySettings } {
  const registered = isTrusted(d);
  // A registered device runs with its profile's telemetry settings (protocol §5.3: each welcome
  // carries them, the device keeps none across connections).
  return { registered, telemetry: registered ? (d.telemetry ?? DEFAULT_TELEMETRY) : UNREGISTERED_TELEMETRY };
}
/** Silence after which a device is offline: max(3 stats intervals, 90 s) (protocol §5.4). */
/** Status and online flag: a useless device going offline is news too. */
function shownKey(status: DeviceStatus, online: boolean): string {
  return `${status}/${online ? 1 : 0}`;
}

/** A `device` live message's data from the device's state (DeviceItem fields; offline: no figures). */
export function liveStateOf(d: LiveDevice, event: LiveDeviceEvent): LiveDeviceData {
  const on = d.online;
  return {
    Event: event,
    _id: d.id,
    SN: d.sn,
    Tenant: d.tenantId,
    Status: statusOf(d),
    Online: on,
    Type: d.type,
    Model: d.model,
    HWVersion: d.hwVersion,
    FWVersion: d.fwVersion,
    OnlineTime: d.onlineAt,
    EndTime: d.offlineAt,
    PublicIP: on ? (d.publicIp ?? d.peerAddress) : null,
    CPUUsed: on ? d.cpuPct : null,
    MemoryUsed: on ? d.memPct : null,
    IP: on ? d.ip : null,
    NetMask: on ? d.mask : null,
    GateWay: on ? d.gateway : null,
    DNS1: on ? d.dns1 : null,
    DNS2: on ? d.dns2 : null,
    TxRate: on ? d.txRate : 0,
    RxRate: on ? d.rxRate : 0,
    UpTime: on ? d.uptimeS : 0,
  };
}

export function silenceLimitMs(d: Pick<LiveDevice, 'statsIntervalS'>): number {
  return Math.max(3 * d.statsIntervalS, PROTOCOL_TIMING.silenceOfflineS) * 1000;
}

function fromRow(r: DeviceRow): LiveDevice {
  return {
    id: r.id,
    sn: r.sn,
    tenantId: r.tenant_id,
    registered: r.registered === 1,
    mac: r.mac,
    type: r.type,
    model: r.model,
    hwVersion: r.hw_version,
    fwVersion: r.fw_version,
    helloMac: r.hello_mac,
    capabilities: r.capabilities ? (JSON.parse(r.capabilities) as string[]) : null,
    acSn: r.ac_sn,
    online: r.online === 1,
    session: r.session,
    // A device the store has online (external broker, across a restart) or only silent keeps its session.
    sessionOpen: r.session !== null && (r.online === 1 || r.offline_reason === 'silence'),
    bootId: r.boot_id,
    onlineAt: r.online_at,
    offlineAt: r.offline_at,
    offlineReason: r.offline_reason,
    lastSeenAt: r.last_seen_at,
    statsIntervalS: r.stats_interval_s,
    ip: r.ip,
    mask: r.mask,
    gateway: r.gateway,
    dns1: r.dns1,
    dns2: r.dns2,
    publicIp: r.public_ip,
    uptimeS: r.uptime_s,
    txBytes: r.tx_bytes,
    rxBytes: r.rx_bytes,
    txRate: r.tx_rate,
    rxRate: r.rx_rate,
    cpuPct: r.cpu_pct,
    memPct: r.mem_pct,
    configId: r.config_id,
    configRevision: r.config_revision,
    telemetry: r.telemetry ? (JSON.parse(r.telemetry) as TelemetrySettings) : null,
    peerAddress: null,
    prevStats: null,
    seqs: new Set(),
    seqOrder: [],
    sentSinceWelcome: new Set(),
    shown: shownKey(r.status as DeviceStatus, r.online === 1),
  };
}

/** The figures alone: what a stats report or any message's arrival changes. */
function figureColumns(d: LiveDevice): FigureColumns {
  return {
    last_seen_at: d.lastSeenAt,
    uptime_s: d.uptimeS,
    tx_bytes: d.txBytes,
    rx_bytes: d.rxBytes,
    tx_rate: d.txRate,
    rx_rate: d.rxRate,
    cpu_pct: d.cpuPct,
    mem_pct: d.memPct,
  };
}

/** The reported columns; registration columns are the device service's. */
function reportedColumns(d: LiveDevice): ReportedColumns {
  return {
    type: d.type,
    model: d.model,
    hw_version: d.hwVersion,
    fw_version: d.fwVersion,
    hello_mac: d.helloMac,
    trusted: isTrusted(d) ? 1 : 0,
    status: statusOf(d),
    online: d.online ? 1 : 0,
    session: d.session,
    boot_id: d.bootId,
    online_at: d.onlineAt,
    offline_at: d.offlineAt,
    offline_reason: d.offlineReason,
    stats_interval_s: d.statsIntervalS,
    capabilities: d.capabilities ? JSON.stringify(d.capabilities) : null,
    ac_sn: d.acSn,
    ip: d.ip,
    mask: d.mask,
    gateway: d.gateway,
    dns1: d.dns1,
    dns2: d.dns2,
    public_ip: d.publicIp ?? d.peerAddress,
    config_id: d.configId,
    config_revision: d.configRevision,
    ...figureColumns(d),
  };
}

export type AcceptVerdict = 'ok' | 'no_session' | 'duplicate';

export class LiveDevices {
  private readonly entries = new Map<string, LiveDevice>();
  private readonly loading = new Map<string, Promise<LiveDevice | null>>();
  private readonly dirty = new Set<string>();
  private readonly statusListeners: ((d: LiveDevice) => void)[] = [];
  private readonly configListeners: ((d: LiveDevice) => void)[] = [];
  private flushing: Promise<void> | null = null;
  /**
   * A change reads must not miss is waiting (a status, an identity from a hello, a registration):
   * lists filter by these, so a read writes them first. Figures are merged from memory instead.
   */
  private urgent = false;
  private urgentInFlight = false;
  /**
   * A change of the configuration a device runs is waiting: only reads that filter by it (the
   * Drift filter) write it first. Every other read shows it anyway (`current` merges it), so a
   * delivery to thousands of devices, each reporting its new configuration, does not make every
   * list wait for the writer (bench:config, docs/performance.md).
   */
  private configUrgent = false;
  private configInFlight = false;
  /** Devices whose figures alone changed, and when they are due to be written. */
  private readonly figuresDue = new Map<string, number>();
  /** The SNs of the flush being written; those written whole (not their figures alone). */
  private writing: ReadonlySet<string> = new Set();
  private writingWhole: ReadonlySet<string> = new Set();
  private timer: NodeJS.Timeout | null = null;
  /** Devices whose figures changed since the last flush: one live `metrics` message each at the flush. */
  private readonly moved = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly hub: LiveHub | null = null,
    /** Counts each flush and its rows, and the ingest lag of the messages it writes (gateway/metrics.ts). */
    private readonly meter: { flushStart(source: string, sns: readonly string[]): FlushTicket } | null = null,
  ) {}

  /**
   * `embedded`: the previous process took its broker and every connection with it, so nobody is
   * online. `external`: devices stayed connected to the broker; their sessions carry on.
   */
  async start(bus: 'embedded' | 'external'): Promise<void> {
    if (bus === 'embedded') {
      await markAllOffline(this.db, this.clock(), 'server_restart');
    } else {
      // Their last-seen times in the store may be up to FIGURES_EVERY_MS old: silence counts from now.
      const now = this.clock();
      for (const row of await findOnlineDevices(this.db)) {
        const d = fromRow(row);
        d.lastSeenAt = Math.max(d.lastSeenAt ?? 0, now);
        this.entries.set(row.sn, d);
      }
    }
    this.timer = setInterval(() => void this.flushDue(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** The device of an SN, from memory or the store; null for an SN never seen nor registered. */
  async get(sn: string): Promise<LiveDevice | null> {
    const known = this.entries.get(sn);
    if (known) return known;
    const pending = this.loading.get(sn);
    if (pending) return pending;
    const load = findDeviceBySn(this.db, sn)
      .then((row) => {
        // Something may have created the entry while the store answered.
        const again = this.entries.get(sn);
        if (again) return again;
        if (!row) return null;
        const d = fromRow(row);
        this.entries.set(sn, d);
        return d;
      })
      .finally(() => this.loading.delete(sn));
    this.loading.set(sn, load);
    return load;
  }

  /** Already in memory (no store access). */
  peek(sn: string): LiveDevice | undefined {
    return this.entries.get(sn);
  }

  isConnected(sn: string): boolean {
    const d = this.entries.get(sn);
    return d !== undefined && d.online && d.sessionOpen;
  }

  /** Server-side listeners of status changes (online, offline, useless): no browser needed. */
  onStatusChange(listener: (d: LiveDevice) => void): () => void {
    this.statusListeners.push(listener);
    return () => {
      const i = this.statusListeners.indexOf(listener);
      if (i >= 0) this.statusListeners.splice(i, 1);
    };
  }

  /** Server-side listeners of a change of the configuration a device reports running (`state.config`). */
  onConfigChange(listener: (d: LiveDevice) => void): void {
    this.configListeners.push(listener);
  }

  private touch(d: LiveDevice, urgent = false, config = false): void {
    this.dirty.add(d.sn);
    // The whole row goes with the next flush, figures included.
    this.figuresDue.delete(d.sn);
    if (urgent) this.urgent = true;
    if (config) this.configUrgent = true;
    // Status news goes to the browsers at once; figures wait for the flush.
    const shown = shownKey(statusOf(d), d.online);
    if (shown !== d.shown) {
      d.shown = shown;
      this.urgent = true;
      this.announce(d, 'status');
      for (const listener of this.statusListeners) listener(d);
    }
    if (this.dirty.size >= FLUSH_AT_CHANGES && !this.flushing) void this.flushDue();
  }

  /** Figures alone changed (what `current` merges): written within FIGURES_EVERY_MS. */
  private touchFigures(d: LiveDevice): void {
    if (this.dirty.has(d.sn) || this.figuresDue.has(d.sn)) return;
    this.figuresDue.set(d.sn, this.clock() + FIGURES_EVERY_MS);
  }

  private announce(d: LiveDevice, event: LiveDeviceEvent): void {
    if (!this.hub?.watched(d.tenantId)) return;
    this.hub.publish(d.tenantId, { topic: 'device', data: liveStateOf(d, event) });
  }

  private goOnline(d: LiveDevice, now: number): void {
    if (!d.online) {
      d.online = true;
      d.onlineAt = now;
      d.offlineReason = null;
    }
    d.lastSeenAt = now;
  }

  private goOffline(d: LiveDevice, now: number, reason: string, endSession: boolean): void {
    if (endSession) d.sessionOpen = false;
    if (!d.online) return;
    d.online = false;
    d.offlineAt = now;
    d.offlineReason = reason;
    this.log.debug({ sn: d.sn, reason }, 'device offline');
  }

  /**
   * A hello: the device's identity facts, a new session, online. Returns what the welcome says.
   * A device never seen is recorded unregistered, for the administrator to see.
   */
  async hello(
    sn: string,
    m: UpMessage<'hello'>,
    now: number,
  ): Promise<{ registered: boolean; telemetry: TelemetrySettings }> {
    let d = await this.get(sn);
    if (!d) d = await this.record(sn, m, now);
    if (d.bootId !== m.bootId) {
      d.seqs.clear();
      d.seqOrder = [];
      d.prevStats = null;
    }
    d.type = m.type;
    d.model = m.model;
    d.hwVersion = m.hwVersion;
    d.fwVersion = m.fwVersion;
    d.helloMac = m.mac;
    d.capabilities = [...m.capabilities.commands];
    if (m.acSn !== undefined) d.acSn = m.acSn;
    d.ip = m.ip;
    d.uptimeS = m.uptimeS;
    d.bootId = m.bootId;
    if (d.session !== m.session || !d.sessionOpen) {
      // A new connection: online from its welcome.
      d.online = false;
      d.session = m.session;
      d.sessionOpen = true;
    }
    d.sentSinceWelcome.clear();
    const welcome = welcomeOf(d);
    d.statsIntervalS = welcome.telemetry.statsIntervalS;
    this.goOnline(d, now);
    this.touch(d, true);
    return welcome;
  }

  private async record(sn: string, m: UpMessage<'hello'>, now: number): Promise<LiveDevice> {
    try {
      await insertDevice(this.db, {
        id: newId(),
        sn,
        tenant_id: null,
        mac: '',
        alias: '',
        registered: 0,
        created_at: now,
        updated_at: now,
        hello_mac: m.mac,
        type: m.type,
      });
    } catch (err) {
      // Registered by a tenant at this very moment: take the row it wrote.
      if (!isUniqueViolation(err)) throw err;
    }
    const row = await findDeviceBySn(this.db, sn);
    if (!row) throw new Error(`device ${sn} vanished`);
    const d = this.entries.get(sn) ?? fromRow(row);
    this.entries.set(sn, d);
    return d;
  }

  /**
   * Any message after the hello: from the open session, and not a QoS 1 repeat. Brings a device the
   * silence had marked offline back online.
   */
  async accept(sn: string, kind: UpKind, seq: number, now: number): Promise<AcceptVerdict> {
    const d = await this.get(sn);
    if (!d || !d.sessionOpen) return 'no_session';
    if (UP_QOS[kind] === 1 && seq > 0) {
      if (d.seqs.has(seq)) return 'duplicate';
      d.seqs.add(seq);
      d.seqOrder.push(seq);
      if (d.seqOrder.length > SEQ_WINDOW) d.seqs.delete(d.seqOrder.shift()!);
    }
    const wasOnline = d.online;
    this.goOnline(d, now);
    if (wasOnline) this.touchFigures(d);
    else this.touch(d);
    return 'ok';
  }

  state(sn: string, m: UpMessage<'state'>): void {
    const d = this.entries.get(sn);
    if (!d) return;
    d.ip = m.ip;
    d.mask = m.mask;
    d.gateway = m.gateway;
    d.dns1 = m.dns1;
    d.dns2 = m.dns2;
    d.publicIp = m.publicIp ?? null;
    if (m.acSn !== undefined) d.acSn = m.acSn;
    const config = m.config ?? null;
    // Rare (after a delivery or a reset) and filtered on (drift): reads wait for it like a status.
    const configChanged =
      (config?.id ?? null) !== d.configId || (config?.revision ?? null) !== d.configRevision;
    d.configId = config?.id ?? null;
    d.configRevision = config?.revision ?? null;
    this.moved.add(sn);
    this.touch(d, false, configChanged);
    if (configChanged) for (const listener of this.configListeners) listener(d);
  }

  /** Counters since boot; rates are Δbytes / Δuptime (protocol §6.2). */
  stats(sn: string, m: UpMessage<'stats'>): void {
    const d = this.entries.get(sn);
    if (!d) return;
    const prev = d.prevStats;
    if (!prev || prev.bootId !== d.bootId || m.uptimeS < prev.uptimeS) {
      // First figures of this boot (or of this process): no interval to measure yet.
      d.txRate = 0;
      d.rxRate = 0;
    } else if (m.uptimeS > prev.uptimeS && m.txBytes >= prev.txBytes && m.rxBytes >= prev.rxBytes) {
      const dt = m.uptimeS - prev.uptimeS;
      d.txRate = Math.round((m.txBytes - prev.txBytes) / dt);
      d.rxRate = Math.round((m.rxBytes - prev.rxBytes) / dt);
    } // else a counter went back: that interval is skipped.
    d.prevStats = { bootId: d.bootId, uptimeS: m.uptimeS, txBytes: m.txBytes, rxBytes: m.rxBytes };
    d.uptimeS = m.uptimeS;
    d.txBytes = m.txBytes;
    d.rxBytes = m.rxBytes;
    d.cpuPct = m.cpuPct ?? null;
    d.memPct = m.memPct ?? null;
    this.moved.add(sn);
    this.touchFigures(d);
  }

  /** An `offline` message or last will; one of another session (a late will) changes nothing. */
  async offline(sn: string, session: string, reason: string, now: number): Promise<boolean> {
    const d = await this.get(sn);
    if (!d || d.session !== session || !d.sessionOpen) return false;
    this.goOffline(d, now, reason, true);
    this.touch(d);
    return true;
  }

  /** The broker saw the connection end (embedded broker). */
  async connectionClosed(sn: string, now: number): Promise<void> {
    const d = await this.get(sn);
    if (!d || !d.sessionOpen) return;
    this.goOffline(d, now, 'disconnected', true);
    this.touch(d);
  }

  /** Takes the right to publish a command in this session: false if it went out since the welcome. */
  claimSend(sn: string, commandId: string): boolean {
    const sent = this.entries.get(sn)?.sentSinceWelcome;
    if (!sent) return true;
    if (sent.has(commandId)) return false;
    sent.add(commandId);
    return true;
  }

  releaseSend(sn: string, commandId: string): void {
    this.entries.get(sn)?.sentSinceWelcome.delete(commandId);
  }

  async peer(sn: string, address: string | null): Promise<void> {
    const d = await this.get(sn);
    if (d) d.peerAddress = address;
  }

  /** Devices silent for too long go offline; they keep their session and come back if they speak. */
  sweep(now: number): string[] {
    const gone: string[] = [];
    for (const d of this.entries.values()) {
      if (d.online && d.lastSeenAt !== null && now - d.lastSeenAt > silenceLimitMs(d)) {
        this.goOffline(d, now, 'silence', false);
        this.touch(d);
        gone.push(d.sn);
      }
    }
    return gone;
  }

  /** After the device service changed a registration: take it over and say what the welcome now is. */
  refresh(row: DeviceRow): LiveDevice | null {
    const d = this.entries.get(row.sn);
    if (!d) return null;
    // Lists filter by the tenant, the registration and the MAC: a change of those is urgent; a
    // new telemetry setting alone (each configuration delivery assigns one) is not.
    const filtered =
      d.tenantId !== row.tenant_id || d.registered !== (row.registered === 1) || d.mac !== row.mac;
    d.tenantId = row.tenant_id;
    d.registered = row.registered === 1;
    d.mac = row.mac;
    d.telemetry = row.telemetry ? (JSON.parse(row.telemetry) as TelemetrySettings) : null;
    this.touch(d, filtered);
    return d;
  }

  /**
   * Before a read: writes what reads filter by (statuses, identities, registrations; with
   * `config`, the configuration devices run) if any of it is waiting or being written; figures
   * alone do not wait (`current` merges them). With the fleet steady this costs nothing, so reads
   * never queue behind the ingest's writes.
   */
  async settled(opts: { config?: boolean } = {}): Promise<void> {
    const config = opts.config === true;
    while ((this.urgentInFlight || (config && this.configInFlight)) && this.flushing) await this.flushing;
    // The timer's kind of flush: with flush() a read after any status change also wrote (and
    // waited for) every device's figures held back so far, up to 10,000 rows in one transaction.
    if (this.urgent || (config && this.configUrgent)) await this.flushDue();
  }

  /**
   * A row just read from the store, with this node's newer reported state of the device merged into
   * it (in place: a spread into a new object of ~40 fields cost V8 ~10 µs a row).
   */
  current(row: DeviceRow): DeviceRow {
    const d = this.entries.get(row.sn);
    // Only a change not yet committed is newer: another node may be the device's now.
    if (!d || d.id !== row.id) return row;
    if (this.dirty.has(row.sn) || this.writingWhole.has(row.sn))
      return Object.assign(row, reportedColumns(d));
    // Figures alone wait (most devices, most of the time): the rest of the row is the store's.
    if (this.figuresDue.has(row.sn) || this.writing.has(row.sn)) return Object.assign(row, figureColumns(d));
    return row;
  }

  /** Writes every change, figures included (tests, stop). */
  flush(): Promise<void> {
    return this.write(true);
  }

  /** The timer's flush: every change but figures alone, which wait until they are due. */
  flushDue(): Promise<void> {
    return this.write(false);
  }

  /** One transaction: whole rows of the changed devices, the figures of those due; one at a time. */
  private async write(all: boolean): Promise<void> {
    while (this.flushing) await this.flushing;
    for (const sn of this.moved) {
      const d = this.entries.get(sn);
      if (d) this.announce(d, 'metrics');
    }
    this.moved.clear();
    const now = this.clock();
    // Entries were added in the order they fall due: the pass stops at the first not yet due.
    const figureSns: string[] = [];
    for (const [sn, due] of this.figuresDue) {
      if (!all && due > now) break;
      figureSns.push(sn);
      this.figuresDue.delete(sn);
    }
    if (this.dirty.size === 0 && figureSns.length === 0) {
      this.urgent = false;
      this.configUrgent = false;
      return;
    }
    const sns = [...this.dirty];
    const urgent = this.urgent;
    const config = this.configUrgent;
    this.dirty.clear();
    this.urgent = false;
    this.configUrgent = false;
    const batch = sns.flatMap((sn) => {
      const d = this.entries.get(sn);
      return d ? [{ id: d.id, values: reportedColumns(d) }] : [];
    });
    const figures = figureSns.flatMap((sn) => {
      const d = this.entries.get(sn);
      return d ? [{ id: d.id, values: figureColumns(d) }] : [];
    });
    const everything = figureSns.length === 0 ? sns : [...sns, ...figureSns];
    const ticket = this.meter?.flushStart('devices', everything);
    this.urgentInFlight = urgent;
    this.configInFlight = config;
    this.writing = new Set(everything);
    this.writingWhole = new Set(sns);
    this.flushing = this.db
      .transaction()
      .execute(async (trx) => {
        if (batch.length > 0) await writeReported(trx, batch);
        if (figures.length > 0) await writeFigures(trx, figures);
      })
      .then(() => ticket?.done(batch.length + figures.length))
      .catch((err: unknown) => {
        ticket?.failed();
        for (const sn of sns) this.dirty.add(sn);
        // Due again a full interval on, so the queue stays in due order.
        const again = now + FIGURES_EVERY_MS;
        for (const sn of figureSns) {
          if (!this.dirty.has(sn) && !this.figuresDue.has(sn)) this.figuresDue.set(sn, again);
        }
        if (urgent) this.urgent = true;
        if (config) this.configUrgent = true;
        this.log.error({ err }, 'writing device states failed; retrying');
      })
      .finally(() => {
        this.flushing = null;
        this.urgentInFlight = false;
        this.configInFlight = false;
        this.writing = new Set();
        this.writingWhole = new Set();
      });
    await this.flushing;
  }
}
