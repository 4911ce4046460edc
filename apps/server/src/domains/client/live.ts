/**
 * The clients of every device, as the devices report them (protocol §6.3, §6.6, §11.2): kept in
 * memory and written to the store in batches (one transaction a second, or at once after 500
 * changes), like the devices' own facts. Complete `clients` snapshots give joins, roams, updates
 * and leaves; `client_*` events give the exact times; kick and release results come from the
 * command service. The design and its choices are in docs/clients.md.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import {
  PROTOCOL_TIMING,
  SESSION_END_REASONS,
  type ClientLiveData,
  type ClientStatus,
  type ProtocolClient,
  type SessionEndReason,
  type UpMessage,
} from '@netconsole/contract';
import { newId, type Clock } from '../../platform/ids.ts';
import { Slicer } from '../../platform/slices.ts';
import type { LiveHub } from '../../platform/realtime/hub.ts';
import type { Db } from '../../platform/store/db.ts';
import type { CommandRow } from '../device/tables.ts';
import type { LiveDevice, LiveDevices } from '../device/live.ts';
import {
  CLIENT_COLUMN_NAMES,
  FIGURE_NAMES,
  findClientsByMac,
  findOnlineClients,
  pruneClients,
  writeBatch,
  type ClientBatch,
  type ClientColumns,
  type ClientRow,
  type FigureColumns,
  type SessionColumns,
} from './store.ts';
import type { ClientSessionTable } from './tables.ts';

export const FLUSH_EVERY_MS = 1000;
export const FLUSH_AT_CHANGES = 500;
/**
 * Figures alone (traffic, signal, rates, last seen; a connection's byte counts; hourly traffic)
 * wait this long before the timer's flush writes them: with ~100,000 clients reporting every 10 s
 * that is a third of the rows. Joins, leaves, roams and commands are written within a second.
 */
export const FIGURES_EVERY_MS = 30_000;
export const SWEEP_EVERY_MS = 5000;
/** Offline clients untouched this long leave memory (the store keeps them). */
const EVICT_AFTER_MS = 10 * 60_000;
/** How often memory is searched for such entries (a walk over every client the node holds). */
const EVICT_SCAN_EVERY_MS = 60_000;
/** Retention (docs/clients.md): connect log 90 days, hourly traffic 31 days, silent clients 180 days. */
export const RETENTION = { logDays: 90, flowDays: 31, clientDays: 180, everyMs: 3_600_000 } as const;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The longest span a first reading's traffic is spread over (addFlow). */
const FLOW_SPREAD_MS = 24 * HOUR_MS;
/** Rounding of `connectedS` and message delays: starts closer than this are the same connection. */
const SAME_START_MS = 2000;

interface SessionState {
  id: string;
  tenantId: string;
  clientId: string;
  deviceId: string | null;
  deviceSn: string;
  link: number;
  ssid: string | null;
  band: string | null;
  startAt: number;
  endAt: number | null;
  endReason: SessionEndReason | null;
  txBytes: number;
  rxBytes: number;
  isNew: boolean;
  /** What the store has of it (null: not known, written whole). */
  written: SessionColumns | null;
}

export interface ClientState {
  id: string;
  tenantId: string;
  mac: string;
  ip: string | null;
  name: string;
  status: ClientStatus;
  deviceId: string | null;
  deviceSn: string;
  deviceType: number | null;
  acSn: string | null;
  link: number;
  phy: string | null;
  ssid: string | null;
  band: string | null;
  channel: number | null;
  rssi: number | null;
  snr: number | null;
  txLink: number | null;
  rxLink: number | null;
  txBytes: number;
  rxBytes: number;
  txRate: number;
  rxRate: number;
  port: number | null;
  vlan: number | null;
  authorized: boolean | null;
  connectCount: number;
  onlineS: number;
  firstSeen: number;
  lastSeen: number;
  cmdId: string | null;
  cmdKind: string | null;
  cmdStatus: string | null;
  cmdCode: string | null;
  cmdAt: number | null;
  // Memory only.
  isNew: boolean;
  /** What the store has of it, as last read or written: unchanged clients are not written again. */
  written: ClientColumns | null;
  session: SessionState | null;
  /** The connection that ended last (a late event may still correct its end). */
  lastSession: SessionState | null;
  /** When the last connection ended (for a client loaded from the store: its last sighting). */
  endedAt: number | null;
  /** When tx/rxBytes were sampled in this connection (rates need two samples). */
  sampleAt: number | null;
  touchedAt: number;
}

interface PendingSnapshot {
  snapshot: number;
  pages: number;
  got: Set<number>;
  /** MACs of the pages so far. */
  present: Set<string>;
  /** Rows of clients not (yet) online at this device: joins and roams, decided when complete. */
  arrivals: { row: ProtocolClient; start: number }[];
  startedAt: number;
}

/** The device a message came from, when it belongs to a tenant (only those are asked for clients). */
interface Reporter {
  id: string;
  sn: string;
  tenantId: string;
  type: number | null;
  acSn: string | null;
}

function reporterOf(d: LiveDevice | undefined): Reporter | null {
  if (!d || !d.registered || d.tenantId === null) return null;
  return { id: d.id, sn: d.sn, tenantId: d.tenantId, type: d.type, acSn: d.acSn };
}

const keyOf = (tenantId: string, mac: string) => `${tenantId}/${mac}`;

function fromRow(r: ClientRow): ClientState {
  const online = r.status === 'online';
  const c: ClientState = {
    id: r.id,
    tenantId: r.tenant_id,
    mac: r.mac,
    ip: r.ip,
    name: r.name,
    status: r.status as ClientStatus,
    deviceId: r.device_id,
    deviceSn: r.device_sn,
    deviceType: r.device_type,
    acSn: r.ac_sn,
    link: r.link,
    phy: r.phy,
    ssid: r.ssid,
    band: r.band,
    channel: r.channel,
    rssi: r.rssi,
    snr: r.snr,
    txLink: r.tx_link,
    rxLink: r.rx_link,
    txBytes: r.tx_bytes,
    rxBytes: r.rx_bytes,
    txRate: r.tx_rate,
    rxRate: r.rx_rate,
    port: r.port,
    vlan: r.vlan,
    authorized: r.authorized === null ? null : r.authorized === 1,
    connectCount: r.connect_count,
    onlineS: r.online_s,
    firstSeen: r.first_seen,
    lastSeen: r.last_seen,
    cmdId: r.cmd_id,
    cmdKind: r.cmd_kind,
    cmdStatus: r.cmd_status,
    cmdCode: r.cmd_code,
    cmdAt: r.cmd_at,
    isNew: false,
    written: r,
    session: null,
    lastSession: null,
    endedAt: online ? null : r.last_seen,
    sampleAt: null,
    touchedAt: 0,
  };
  if (online && r.session_id && r.session_start !== null) {
    c.session = {
      id: r.session_id,
      tenantId: r.tenant_id,
      clientId: r.id,
      deviceId: r.device_id,
      deviceSn: r.device_sn,
      link: r.link,
      ssid: r.ssid,
      band: r.band,
      startAt: r.session_start,
      endAt: null,
      endReason: null,
      txBytes: r.tx_bytes,
      rxBytes: r.rx_bytes,
      isNew: false,
      written: null,
    };
  }
  return c;
}

/** The columns of a client the tracker writes. */
function stateOf(c: ClientState): ClientColumns {
  return {
    ip: c.ip,
    name: c.name,
    status: c.status,
    device_id: c.deviceId,
    device_sn: c.deviceSn,
    device_type: c.deviceType,
    ac_sn: c.acSn,
    link: c.link,
    phy: c.phy,
    ssid: c.ssid,
    band: c.band,
    channel: c.channel,
    rssi: c.rssi,
    snr: c.snr,
    tx_link: c.txLink,
    rx_link: c.rxLink,
    tx_bytes: c.txBytes,
    rx_bytes: c.rxBytes,
    tx_rate: c.txRate,
    rx_rate: c.rxRate,
    port: c.port,
    vlan: c.vlan,
    authorized: c.authorized === null ? null : c.authorized ? 1 : 0,
    connect_count: c.connectCount,
    online_s: c.onlineS,
    session_id: c.session?.id ?? null,
    session_start: c.session?.startAt ?? null,
    last_seen: c.lastSeen,
    cmd_id: c.cmdId,
    cmd_kind: c.cmdKind,
    cmd_status: c.cmdStatus,
    cmd_code: c.cmdCode,
    cmd_at: c.cmdAt,
  };
}

const FIGURES: ReadonlySet<string> = new Set(FIGURE_NAMES);
/** The columns other than figures: any of them changed means the whole row is written at once. */
const NON_FIGURE_NAMES = CLIENT_COLUMN_NAMES.filter((n) => !FIGURES.has(n));

/** What changed since the store's copy: nothing, only the figures, or more. */
function changeOf(was: ClientColumns | null, now: ClientColumns): 'none' | 'figures' | 'all' {
  if (!was) return 'all';
  for (const name of NON_FIGURE_NAMES) if (was[name] !== now[name]) return 'all';
  for (const name of FIGURE_NAMES) if (was[name] !== now[name]) return 'figures';
  return 'none';
}

function figuresOf(v: ClientColumns): FigureColumns {
  const out = {} as Record<string, unknown>;
  for (const name of FIGURE_NAMES) out[name] = v[name];
  return out as FigureColumns;
}

/** The columns of a connect-log row that change after it was written. */
function sessionValues(s: SessionState): SessionColumns {
  return {
    end_at: s.endAt,
    end_reason: s.endReason,
    ssid: s.ssid,
    band: s.band,
    link: s.link,
    tx_bytes: s.txBytes,
    rx_bytes: s.rxBytes,
  };
}

function sessionRow(
  s: SessionState,
  values: SessionColumns,
  loggedAt: number,
): Insertable<ClientSessionTable> {
  return {
    id: s.id,
    tenant_id: s.tenantId,
    client_id: s.clientId,
    device_id: s.deviceId,
    device_sn: s.deviceSn,
    start_at: s.startAt,
    logged_at: loggedAt,
    ...values,
  };
}

/** Only a connection's byte counts changed since it was written. */
function onlyBytes(a: SessionColumns | null, b: SessionColumns): boolean {
  return (
    a !== null &&
    a.end_at === b.end_at &&
    a.end_reason === b.end_reason &&
    a.ssid === b.ssid &&
    a.band === b.band &&
    a.link === b.link
  );
}

function sameSession(a: SessionColumns | null, b: SessionColumns): boolean {
  return onlyBytes(a, b) && a!.tx_bytes === b.tx_bytes && a!.rx_bytes === b.rx_bytes;
}

/** A `client_disconnected` code as a reason of the connect log (others read as `left`). */
function reasonOf(code: string | undefined): SessionEndReason {
  return code && (SESSION_END_REASONS as readonly string[]).includes(code)
    ? (code as SessionEndReason)
    : 'left';
}

/** Traffic of a client in one hour, not yet added to the store's. */
interface FlowDelta {
  clientId: string;
  tenantId: string;
  hour: number;
  tx: number;
  rx: number;
  /** When it is added to the store's: FIGURES_EVERY_MS after its first bytes. */
  due: number;
}

export class LiveClients {
  private readonly entries = new Map<string, ClientState>();
  /** Keys of the clients online at each device (by SN). */
  private readonly byDevice = new Map<string, Set<string>>();
  private readonly pending = new Map<string, PendingSnapshot>();
  private readonly dirty = new Set<string>();
  private readonly dirtySessions = new Map<string, SessionState>();
  /**
   * Traffic waiting to be added, in the order it falls due: each flush takes the due ones from the
   * front. Taking all of it every 30 s wrote ~100,000 rows in one wave (at 100,000 clients), held
   * the event loop ~100 ms to prepare them and the writer for seconds; due one by one, the waves
   * spread over the interval as the reports do.
   */
  private readonly flow = new Map<string, FlowDelta>();
  private flushing: Promise<void> | null = null;
  private sweeping: Promise<void> | null = null;
  /** Clients and connections whose figures alone changed, with when they are written (in that order). */
  private readonly deferred = new Map<string, number>();
  private readonly deferredSessions = new Map<string, { s: SessionState; due: number }>();
  private timers: NodeJS.Timeout[] = [];
  private lastPrune = 0;
  private lastEviction = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly devices: LiveDevices,
    private readonly hub: LiveHub,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Takes over the connections the store has open; the first pass ends those of absent devices. */
  async start(): Promise<void> {
    for (const row of await findOnlineClients(this.db)) {
      const c = fromRow(row);
      c.touchedAt = this.clock();
      this.entries.set(keyOf(c.tenantId, c.mac), c);
      if (c.session) this.atDevice(c.deviceSn).add(keyOf(c.tenantId, c.mac));
    }
    this.lastPrune = this.clock();
    const flush = setInterval(() => void this.flushDue(), FLUSH_EVERY_MS);
    const sweep = setInterval(() => {
      if (!this.sweeping) void this.sweep(this.clock());
    }, SWEEP_EVERY_MS);
    flush.unref();
    sweep.unref();
    this.timers = [flush, sweep];
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.flush();
  }

  private atDevice(sn: string): Set<string> {
    let set = this.byDevice.get(sn);
    if (!set) this.byDevice.set(sn, (set = new Set()));
    return set;
  }

  private touch(c: ClientState): void {
    c.touchedAt = this.clock();
    this.dirty.add(keyOf(c.tenantId, c.mac));
    // While a flush runs, the changes wait for it (one waiter, not one per change).
    if (this.dirty.size >= FLUSH_AT_CHANGES && !this.flushing) void this.flushDue();
  }

  /**
   * Only figures changed (a table row repeating what the client was): written FIGURES_EVERY_MS
   * later, without being looked at by every flush meanwhile (at ~100,000 clients reporting every
   * 10 s, looking at each was ~5 % of the main thread).
   */
  private touchFigures(c: ClientState): void {
    c.touchedAt = this.clock();
    const key = keyOf(c.tenantId, c.mac);
    if (c.isNew || c.written === null || this.dirty.has(key)) this.touch(c);
    else if (!this.deferred.has(key)) this.deferred.set(key, c.touchedAt + FIGURES_EVERY_MS);
  }

  /** A connection's byte counts alone changed: as touchFigures. */
  private touchSessionBytes(s: SessionState): void {
    if (s.isNew || s.written === null || this.dirtySessions.has(s.id)) this.touchSession(s);
    else if (!this.deferredSessions.has(s.id))
      this.deferredSessions.set(s.id, { s, due: this.clock() + FIGURES_EVERY_MS });
  }

  private touchSession(s: SessionState): void {
    this.dirtySessions.set(s.id, s);
  }

  announce(data: Omit<ClientLiveData, 'Tenant'> & { tenantId: string }): void {
    const { tenantId, ...rest } = data;
    if (this.hub.watched(tenantId))
      this.hub.publish(tenantId, { topic: 'client', data: { ...rest, Tenant: tenantId } });
  }

  /** The clients of these MACs in memory, loaded from the store if needed; `create` makes the missing ones. */
  private async load(
    tenantId: string,
    macs: readonly string[],
    create: boolean,
  ): Promise<Map<string, ClientState>> {
    const out = new Map<string, ClientState>();
    const missing: string[] = [];
    for (const mac of macs) {
      const c = this.entries.get(keyOf(tenantId, mac));
      if (c) out.set(mac, c);
      else missing.push(mac);
    }
    if (missing.length === 0) return out;
    const rows = await findClientsByMac(this.db, tenantId, missing);
    // Nothing awaited from here on: another message may have created an entry meanwhile, kept.
    const now = this.clock();
    const byMac = new Map(rows.map((r) => [r.mac, r]));
    for (const mac of missing) {
      const key = keyOf(tenantId, mac);
      let c = this.entries.get(key);
      const row = byMac.get(mac);
      if (!c && row) c = fromRow(row);
      if (!c && create) c = this.newClient(tenantId, mac, now);
      if (!c) continue;
      c.touchedAt = now;
      this.entries.set(key, c);
      out.set(mac, c);
    }
    return out;
  }

  private newClient(tenantId: string, mac: string, now: number): ClientState {
    return {
      id: newId(),
      tenantId,
      mac,
      ip: null,
      name: '',
      status: 'offline',
      deviceId: null,
      deviceSn: '',
      deviceType: null,
      acSn: null,
      link: 1,
      phy: null,
      ssid: null,
      band: null,
      channel: null,
      rssi: null,
      snr: null,
      txLink: null,
      rxLink: null,
      txBytes: 0,
      rxBytes: 0,
      txRate: 0,
      rxRate: 0,
      port: null,
      vlan: null,
      authorized: null,
      connectCount: 0,
      onlineS: 0,
      firstSeen: now,
      lastSeen: now,
      cmdId: null,
      cmdKind: null,
      cmdStatus: null,
      cmdCode: null,
      cmdAt: null,
      isNew: true,
      written: null,
      session: null,
      lastSession: null,
      endedAt: null,
      sampleAt: null,
      touchedAt: now,
    };
  }

  // ---- connections ----

  private open(c: ClientState, dev: Reporter, start: number, now: number): void {
    c.deviceId = dev.id;
    c.deviceSn = dev.sn;
    c.deviceType = dev.type;
    c.acSn = dev.acSn;
    c.status = 'online';
    c.connectCount += 1;
    c.txBytes = 0;
    c.rxBytes = 0;
    c.txRate = 0;
    c.rxRate = 0;
    c.sampleAt = null;
    c.lastSeen = Math.max(c.lastSeen, now);
    c.session = {
      id: newId(),
      tenantId: c.tenantId,
      clientId: c.id,
      deviceId: dev.id,
      deviceSn: dev.sn,
      link: c.link,
      ssid: c.link === 1 ? c.ssid : null,
      band: c.link === 1 ? c.band : null,
      startAt: start,
      endAt: null,
      endReason: null,
      txBytes: 0,
      rxBytes: 0,
      isNew: true,
      written: null,
    };
    this.atDevice(dev.sn).add(keyOf(c.tenantId, c.mac));
    this.touchSession(c.session);
    this.touch(c);
  }

  /** Ends the open connection at `at` (never before it started); `status` is what the client becomes. */
  private close(
    c: ClientState,
    at: number,
    reason: SessionEndReason,
    status: ClientStatus = 'offline',
  ): void {
    const s = c.session;
    if (s) {
      s.endAt = Math.max(s.startAt, at);
      s.endReason = reason;
      s.txBytes = c.txBytes;
      s.rxBytes = c.rxBytes;
      c.onlineS += Math.round((s.endAt - s.startAt) / 1000);
      c.endedAt = s.endAt;
      this.touchSession(s);
      this.byDevice.get(s.deviceSn)?.delete(keyOf(c.tenantId, c.mac));
    }
    c.lastSession = s ?? c.lastSession;
    c.session = null;
    c.status = status;
    c.txRate = 0;
    c.rxRate = 0;
    this.touch(c);
  }

  /**
   * The client is connected at `dev` since `start`: a new connection, a roam from another device,
   * the same connection, or an old report to ignore.
   */
  private place(
    c: ClientState,
    dev: Reporter,
    start: number,
    now: number,
  ): 'join' | 'roam' | 'same' | 'stale' {
    const current = c.session;
    if (current && c.deviceSn === dev.sn) {
      // Connected again since we last saw it here, without a word in between.
      if (start > c.lastSeen + SAME_START_MS) {
        this.close(c, c.lastSeen, 'reconnected');
        this.open(c, dev, start, now);
        return 'join';
      }
      return 'same';
    }
    if (current) {
      // An older connection than the one it has elsewhere: a report from before the roam.
      if (start + SAME_START_MS < current.startAt) return 'stale';
      this.close(c, Math.min(start, now), 'roamed');
      this.open(c, dev, Math.max(start, current.endAt ?? start), now);
      return 'roam';
    }
    // Not connected anywhere we know: a connection that overlaps the last one starts after it.
    this.open(c, dev, Math.min(now, Math.max(start, c.endedAt ?? start)), now);
    return 'join';
  }

  /** What a snapshot row says of a client, and the traffic since the last row of this connection. */
  private apply(c: ClientState, row: ProtocolClient, dev: Reporter, now: number, fresh: boolean): void {
    // Anything but figures (signal, link rates, traffic, last seen) is written within a second.
    const changed =
      fresh ||
      c.ip !== row.ip ||
      (row.name !== undefined && c.name !== row.name) ||
      c.link !== row.link ||
      c.deviceId !== dev.id ||
      c.deviceSn !== dev.sn ||
      c.deviceType !== dev.type ||
      c.acSn !== dev.acSn ||
      c.ssid !== (row.ssid ?? null) ||
      c.band !== (row.band ?? null) ||
      c.channel !== (row.channel ?? null) ||
      c.phy !== (row.phy ?? null) ||
      c.port !== (row.port ?? null) ||
      c.vlan !== (row.vlan ?? null) ||
      c.authorized !== (row.authorized ?? null);
    // Unchanged, the state keeps the values it has: this report's strings (IP, SSID, band, PHY…)
    // then die young with the message, instead of each report's copies being kept by the long-lived
    // state (~10,000 rows a second at 100,000 clients) and promoted by every scavenge.
    if (changed) {
      c.ip = row.ip;
      if (row.name !== undefined) c.name = row.name;
      c.link = row.link;
      c.deviceId = dev.id;
      c.deviceSn = dev.sn;
      c.deviceType = dev.type;
      c.acSn = dev.acSn;
      c.ssid = row.ssid ?? null;
      c.band = row.band ?? null;
      c.channel = row.channel ?? null;
      c.phy = row.phy ?? null;
      c.port = row.port ?? null;
      c.vlan = row.vlan ?? null;
      c.authorized = row.authorized ?? null;
    }
    c.rssi = row.rssiDbm ?? null;
    c.snr = row.snrDb ?? null;
    c.txLink = row.txRateMbps ?? null;
    c.rxLink = row.rxRateMbps ?? null;
    const seenBefore = c.lastSeen;
    c.lastSeen = Math.max(c.lastSeen, now);
    if (c.session && fresh) {
      // The first row of a connection names its SSID and band (an event may not have).
      c.session.link = c.link;
      c.session.ssid = c.link === 1 ? c.ssid : null;
      c.session.band = c.link === 1 ? c.band : null;
      this.touchSession(c.session);
    }
    if (row.txBytes !== undefined && row.rxBytes !== undefined) {
      // Counters run since the client connected: a smaller one is a new connection's.
      const reset = row.txBytes < c.txBytes || row.rxBytes < c.rxBytes;
      const dTx = reset ? row.txBytes : row.txBytes - c.txBytes;
      const dRx = reset ? row.rxBytes : row.rxBytes - c.rxBytes;
      // The bytes flowed since the last reading; a connection's first reading (or a new
      // connection's) holds everything since the client connected, spread over the hours of the
      // connection, not put into this one; after a restart, since the stored reading was seen.
      const connected = now - row.connectedS * 1000;
      const fromZero = c.txBytes === 0 && c.rxBytes === 0;
      const since = reset || (c.sampleAt === null && fromZero) ? connected : (c.sampleAt ?? seenBefore);
      if (c.sampleAt !== null && now > c.sampleAt) {
        const dt = (now - c.sampleAt) / 1000;
        c.txRate = Math.round(dTx / dt);
        c.rxRate = Math.round(dRx / dt);
      } else {
        c.txRate = 0;
        c.rxRate = 0;
      }
      this.addFlow(c, since, now, dTx, dRx);
      c.txBytes = row.txBytes;
      c.rxBytes = row.rxBytes;
      c.sampleAt = now;
      if (c.session) {
        c.session.txBytes = row.txBytes;
        c.session.rxBytes = row.rxBytes;
        this.touchSessionBytes(c.session);
      }
    }
    if (changed) this.touch(c);
    else this.touchFigures(c);
  }

  /**
   * Traffic of `from` … `now` into the client's hourly rows, each hour its share by time (a span
   * of at most FLOW_SPREAD_MS: the bytes of a longer connection fall into its last day).
   */
  private addFlow(c: ClientState, from: number, now: number, tx: number, rx: number): void {
    if (tx <= 0 && rx <= 0) return;
    const start = Math.max(Math.min(from, now), now - FLOW_SPREAD_MS);
    const span = now - start;
    let doneTx = 0;
    let doneRx = 0;
    for (let hour = Math.floor(start / HOUR_MS) * HOUR_MS; hour <= now; hour += HOUR_MS) {
      const last = hour + HOUR_MS > now;
      const share = span <= 0 ? 1 : (Math.min(hour + HOUR_MS, now) - Math.max(hour, start)) / span;
      // The last hour takes what rounding left, so the bytes add up exactly.
      const t = last ? tx - doneTx : Math.round(tx * share);
      const r = last ? rx - doneRx : Math.round(rx * share);
      doneTx += t;
      doneRx += r;
      if (t <= 0 && r <= 0) continue;
      const key = `${c.id}|${hour}`;
      const f = this.flow.get(key);
      if (f) {
        f.tx += t;
        f.rx += r;
      } else
        this.flow.set(key, {
          clientId: c.id,
          tenantId: c.tenantId,
          hour,
          tx: t,
          rx: r,
          due: now + FIGURES_EVERY_MS,
        });
    }
  }

  // ---- reports ----

  /** A page of a device's client table (protocol §6.3). */
  async clients(sn: string, m: UpMessage<'clients'>, now: number): Promise<void> {
    const dev = reporterOf(this.devices.peek(sn));
    if (!dev) return;
    let p = this.pending.get(sn);
    if (!p || p.snapshot !== m.snapshot) {
      // A new table: whatever was left of the previous one stays incomplete, and is dropped.
      p = {
        snapshot: m.snapshot,
        pages: m.pages,
        got: new Set(),
        present: new Set(),
        arrivals: [],
        startedAt: now,
      };
      this.pending.set(sn, p);
    }
    if (p.got.has(m.page) || m.pages !== p.pages) return;
    p.got.add(m.page);
    const rows = new Map(m.clients.map((r) => [r.mac, r]));
    const known = await this.load(dev.tenantId, [...rows.keys()], false);
    for (const [mac, row] of rows) {
      p.present.add(mac);
      const c = known.get(mac);
      const start = now - row.connectedS * 1000;
      // Rows update the clients they name at once, whether the table completes or not.
      if (c?.session && c.deviceSn === dev.sn && !(start > c.lastSeen + SAME_START_MS)) {
        this.apply(c, row, dev, now, false);
      } else p.arrivals.push({ row, start });
    }
    if (p.got.size < p.pages) return;
    this.pending.delete(sn);
    await this.complete(dev, p, now);
  }

  private async complete(dev: Reporter, p: PendingSnapshot, now: number): Promise<void> {
    const cs = await this.load(
      dev.tenantId,
      p.arrivals.map((a) => a.row.mac),
      true,
    );
    for (const { row, start } of p.arrivals) {
      const c = cs.get(row.mac);
      if (!c) continue;
      // The row's fields first, so a new connection's log row gets its SSID and band.
      const wasAt = c.session ? c.deviceSn : null;
      const outcome = this.place(c, dev, start, now);
      if (outcome === 'stale') continue;
      this.apply(c, row, dev, now, outcome !== 'same');
      if (outcome !== 'same') {
        this.announce({ tenantId: c.tenantId, event: outcome, MAC: c.mac, SN: dev.sn });
        if (outcome === 'roam' && wasAt)
          this.log.debug({ mac: c.mac, from: wasAt, to: dev.sn }, 'client roamed');
      }
    }
    // Clients missing from a complete table are gone, unless seen since the table began.
    for (const key of [...(this.byDevice.get(dev.sn) ?? [])]) {
      const c = this.entries.get(key);
      if (!c || p.present.has(c.mac) || c.tenantId !== dev.tenantId) continue;
      if (c.lastSeen > p.startedAt) continue;
      this.close(c, now, 'missing');
      this.announce({ tenantId: c.tenantId, event: 'leave', MAC: c.mac, SN: dev.sn });
    }
    this.announce({ tenantId: dev.tenantId, event: 'update', SN: dev.sn });
  }

  /** `client_*` events (protocol §6.6); times are taken relative to the message, in server time. */
  async events(sn: string, m: UpMessage<'events'>, now: number): Promise<void> {
    const dev = reporterOf(this.devices.peek(sn));
    if (!dev) return;
    const mine = m.events.filter(
      (e) => (e.type === 'client_connected' || e.type === 'client_disconnected') && e.mac !== undefined,
    );
    if (mine.length === 0) return;
    const cs = await this.load(
      dev.tenantId,
      mine.filter((e) => e.type === 'client_connected').map((e) => e.mac!),
      true,
    );
    const more = await this.load(
      dev.tenantId,
      mine.filter((e) => e.type === 'client_disconnected').map((e) => e.mac!),
      false,
    );
    for (const e of mine) {
      const c = cs.get(e.mac!) ?? more.get(e.mac!);
      if (!c) continue;
      const at = Math.min(now, now - (m.ts - e.ts));
      if (e.type === 'client_connected') this.connected(c, dev, e, at, now);
      else this.disconnected(c, dev, e.code, at);
    }
  }

  private connected(
    c: ClientState,
    dev: Reporter,
    e: { name?: string | undefined; port?: number | undefined },
    at: number,
    now: number,
  ): void {
    if (!c.session) {
      // An old event, buffered while the device was away: the client has been seen since.
      if (c.endedAt !== null && at + SAME_START_MS < c.endedAt) return;
    }
    if (e.port !== undefined) {
      c.link = 0;
      c.port = e.port;
    } else {
      c.link = 1;
      if (e.name !== undefined) c.ssid = e.name;
    }
    const outcome = this.place(c, dev, at, now);
    if (outcome === 'join' || outcome === 'roam') {
      this.announce({ tenantId: c.tenantId, event: outcome, MAC: c.mac, SN: dev.sn });
    }
  }

  private disconnected(c: ClientState, dev: Reporter, code: string | undefined, at: number): void {
    const reason = reasonOf(code);
    const s = c.session;
    if (s && c.deviceSn === dev.sn) {
      if (at + SAME_START_MS < s.startAt) return;
      this.close(c, at, reason, reason === 'kicked' ? 'kicked' : 'offline');
      this.announce({
        tenantId: c.tenantId,
        event: reason === 'kicked' ? 'kicked' : 'leave',
        MAC: c.mac,
        SN: dev.sn,
      });
      return;
    }
    // The table said it was gone before the event came: the event knows when and why.
    const last = c.lastSession;
    if (
      !s &&
      last &&
      last.deviceSn === dev.sn &&
      last.endReason === 'missing' &&
      last.endAt !== null &&
      at >= last.startAt &&
      at <= last.endAt
    ) {
      c.onlineS -= Math.round((last.endAt - at) / 1000);
      last.endAt = at;
      last.endReason = reason;
      c.endedAt = at;
      if (reason === 'kicked') c.status = 'kicked';
      this.touchSession(last);
      this.touch(c);
    }
  }

  /**
   * A kick or release changed status (commands.ts announces every change). A kick the device
   * reports done ends the client's connection there: it is `kicked` until it is back or released.
   */
  async commandChanged(row: CommandRow): Promise<void> {
    if ((row.kind !== 'kick_client' && row.kind !== 'release_client') || row.tenant_id === null) return;
    let mac: unknown;
    try {
      mac = (JSON.parse(row.body) as { mac?: unknown }).mac;
    } catch {
      return;
    }
    if (typeof mac !== 'string') return;
    const c = (await this.load(row.tenant_id, [mac], false)).get(mac);
    if (!c) return;
    // A late announcement of an older command changes nothing.
    if (c.cmdId !== row.id && c.cmdAt !== null && row.issued_at < c.cmdAt) return;
    const already = c.cmdId === row.id && c.cmdStatus === row.status;
    c.cmdId = row.id;
    c.cmdKind = row.kind;
    c.cmdStatus = row.status;
    c.cmdCode = row.code;
    c.cmdAt = row.issued_at;
    this.touch(c);
    if (already || row.status !== 'succeeded') {
      if (!already) this.announce({ tenantId: c.tenantId, event: 'update', MAC: c.mac, SN: row.sn });
      return;
    }
    const now = this.clock();
    let event: ClientLiveData['event'] = 'update';
    if (row.kind === 'kick_client') {
      // Connected at another device meanwhile (a roam): the block is installed, the client stays.
      if (c.session && c.deviceId === row.device_id) this.close(c, now, 'kicked', 'kicked');
      else if (!c.session) c.status = 'kicked';
      if (c.status === 'kicked') event = 'kicked';
    } else if (c.status === 'kicked') {
      c.status = 'offline';
      event = 'released';
    }
    this.touch(c);
    this.announce({ tenantId: c.tenantId, event, MAC: c.mac, SN: row.sn });
  }

  // ---- the periodic pass ----

  /**
   * Connections end with their device: one that is no longer connected to the console, or no
   * longer the client's tenant's. Incomplete tables are dropped; idle entries leave memory; old
   * rows go (retention).
   */
  async sweep(now: number): Promise<void> {
    // A pass in slices can outlast the next tick of the timer: passes never overlap.
    while (this.sweeping) await this.sweeping;
    this.sweeping = this.sweepNow(now).finally(() => (this.sweeping = null));
    await this.sweeping;
  }

  private async sweepNow(now: number): Promise<void> {
    try {
      // In slices, a device at a time: a device's state is read right before its clients are.
      const slicer = new Slicer();
      for (const [sn, keys] of this.byDevice) {
        const pause = slicer.due();
        if (pause) await pause;
        if (keys.size === 0) {
          this.byDevice.delete(sn);
          continue;
        }
        const d = this.devices.peek(sn);
        const connected = this.devices.isConnected(sn);
        // A Set may lose entries while it is walked: no copy of 100,000 keys every pass.
        for (const key of keys) {
          const c = this.entries.get(key);
          if (!c?.session) {
            keys.delete(key);
            continue;
          }
          const owned = d !== undefined && d.registered && d.tenantId === c.tenantId;
          if (owned && connected) continue;
          // It was last seen then: the console cannot know more.
          this.close(c, Math.min(now, c.lastSeen), owned ? 'device_offline' : 'unregistered');
          this.announce({ tenantId: c.tenantId, event: 'leave', MAC: c.mac, SN: sn });
        }
      }
      for (const [sn, p] of this.pending) {
        if (now - p.startedAt > PROTOCOL_TIMING.snapshotAssemblyS * 1000) this.pending.delete(sn);
      }
      if (now - this.lastEviction >= EVICT_SCAN_EVERY_MS) {
        this.lastEviction = now;
        for (const [key, c] of this.entries) {
          const pause = slicer.due();
          if (pause) await pause;
          if (!c.session && !this.dirty.has(key) && now - c.touchedAt > EVICT_AFTER_MS)
            this.entries.delete(key);
        }
      }
      if (now - this.lastPrune >= RETENTION.everyMs) {
        this.lastPrune = now;
        await this.flush();
        const cut = await pruneClients(this.db, {
          logBefore: now - RETENTION.logDays * DAY_MS,
          flowBefore: now - RETENTION.flowDays * DAY_MS,
          clientBefore: now - RETENTION.clientDays * DAY_MS,
        });
        if (cut.sessions + cut.flow + cut.clients > 0) this.log.info(cut, 'client retention');
      }
    } catch (err) {
      this.log.error({ err }, 'client pass failed');
    }
  }

  /** Writes every change since the last flush, figures included, in one transaction. */
  flush(): Promise<void> {
    return this.write(true);
  }

  /** The timer's flush: figures alone wait until FIGURES_EVERY_MS after they changed. */
  flushDue(): Promise<void> {
    return this.write(false);
  }

  /** Writes the changes in one transaction, one flush at a time; `all` false: see flushDue. */
  private async write(all: boolean): Promise<void> {
    while (this.flushing) await this.flushing;
    let finished!: () => void;
    this.flushing = new Promise<void>((resolve) => (finished = resolve));
    try {
      await this.writeNow(all);
    } finally {
      this.flushing = null;
      finished();
    }
  }

  /**
   * One flush. Its rows are prepared in slices (platform/slices.ts): ~10,000 clients a second report
   * at 100,000 clients, and preparing them in one go held the event loop ~100 ms. Between slices
   * new changes only add to `dirty` (written by the next flush); `deferred` is this method's alone.
   */
  private async writeNow(all: boolean): Promise<void> {
    const now = this.clock();
    const due = (at: number) => all || at <= now;
    // Deferred in time order: the due ones are at the front.
    const pulled = new Set<string>();
    for (const [k, at] of this.deferred) {
      if (!due(at)) break;
      this.deferred.delete(k);
      this.dirty.add(k);
      pulled.add(k);
    }
    const pulledSessions = new Set<string>();
    for (const [id, d] of this.deferredSessions) {
      if (!due(d.due)) break;
      this.deferredSessions.delete(id);
      if (!this.dirtySessions.has(id)) this.dirtySessions.set(id, d.s);
      pulledSessions.add(id);
    }
    // Traffic in due order too (a report's clock may step back a little: the pass stops at the
    // first not due, and that one's neighbours go with a later flush).
    const flow: FlowDelta[] = [];
    for (const [k, f] of this.flow) {
      if (!due(f.due)) break;
      this.flow.delete(k);
      flow.push(f);
    }
    if (this.dirty.size === 0 && this.dirtySessions.size === 0 && flow.length === 0) return;
    const keys = [...this.dirty];
    const sessions = [...this.dirtySessions.values()];
    this.dirty.clear();
    this.dirtySessions.clear();
    // What each row becomes, and is once the transaction commits.
    const written: [ClientState, ClientColumns][] = [];
    const sessionsWritten: [SessionState, SessionColumns][] = [];
    const batch: ClientBatch = {
      inserts: [],
      updates: [],
      figures: [],
      sessionInserts: [],
      sessionUpdates: [],
      flow,
      recount: [],
    };
    // Devices a client came online at or left: their online counts are redone in the transaction.
    const recount = new Set<string>();
    const counted = (v: Pick<ClientColumns, 'status' | 'device_id'> | null) => {
      if (v?.status === 'online' && v.device_id !== null) recount.add(v.device_id);
    };
    const slicer = new Slicer();
    for (const k of keys) {
      const pause = slicer.due();
      if (pause) await pause;
      const c = this.entries.get(k);
      if (!c) continue;
      const values = stateOf(c);
      const change = c.isNew ? 'all' : changeOf(c.written, values);
      if (change === 'none') continue;
      if (change === 'figures' && !all && !pulled.has(k)) {
        if (!this.deferred.has(k)) this.deferred.set(k, now + FIGURES_EVERY_MS);
        continue;
      }
      this.deferred.delete(k);
      written.push([c, values]);
      if (c.isNew || c.written?.status !== values.status || c.written.device_id !== values.device_id) {
        counted(c.isNew ? null : c.written);
        counted(values);
      }
      if (c.isNew) {
        batch.inserts.push({
          id: c.id,
          tenant_id: c.tenantId,
          mac: c.mac,
          first_seen: c.firstSeen,
          ...values,
        });
      } else if (change === 'all') batch.updates.push({ id: c.id, tenantId: c.tenantId, values });
      else batch.figures.push({ id: c.id, tenantId: c.tenantId, values: figuresOf(values) });
    }
    for (const s of sessions) {
      const pause = slicer.due();
      if (pause) await pause;
      const values = sessionValues(s);
      if (s.isNew) batch.sessionInserts.push(sessionRow(s, values, now));
      else if (sameSession(s.written, values)) continue;
      else if (!all && !pulledSessions.has(s.id) && onlyBytes(s.written, values)) {
        if (!this.deferredSessions.has(s.id))
          this.deferredSessions.set(s.id, { s, due: now + FIGURES_EVERY_MS });
        continue;
      } else batch.sessionUpdates.push({ id: s.id, tenantId: s.tenantId, values });
      this.deferredSessions.delete(s.id);
      sessionsWritten.push([s, values]);
    }
    batch.recount = [...recount];
    if (written.length + sessionsWritten.length + batch.flow.length === 0) return;
    await this.db
      .transaction()
      .execute((trx) => writeBatch(trx, batch))
      .then(() => {
        for (const [c, values] of written) {
          c.isNew = false;
          c.written = values;
        }
        for (const [s, values] of sessionsWritten) {
          s.isNew = false;
          s.written = values;
        }
      })
      .catch((err: unknown) => {
        // Everything of this batch is written again with the next flush.
        for (const k of keys) this.dirty.add(k);
        for (const s of sessions) this.dirtySessions.set(s.id, s);
        for (const f of flow) {
          const key = `${f.clientId}|${f.hour}`;
          const later = this.flow.get(key);
          if (later) {
            later.tx += f.tx;
            later.rx += f.rx;
          } else this.flow.set(key, f);
        }
        this.log.error({ err }, 'writing client states failed; retrying');
      });
  }
}
