/**
 * The alarm engine (protocol §11.4): conditions read from the device stream as it arrives — the
 * gateway's handlers and the device domain's status changes — never by polling the store.
 *
 * Every device of a network has its conditions in memory, one per alarm code and subject (a port, a
 * WAN…). A condition that turns bad is raised once it has held for its window; an open alarm is
 * cleared once the condition has been gone for its window, so a flapping figure neither raises nor
 * clears on every report. Only conditions in transition are looked at by `tick` (every second and at
 * each sweep), and the store is written in one transaction per tick: the hot path (a `stats` every
 * 10 s from each of 10,000 devices) compares numbers in memory and writes nothing.
 *
 * One open alarm per device, code and subject: the `alarms` row's unique `open_key` holds while it
 * is open, and the open rows are read back at start, so a restart raises nothing twice.
 *
 * Root-cause suppression: when a device's offline alarm is due, the network's topology (the LLDP
 * tree) is asked for the devices above it; if one of them went offline within the same grace
 * period, this device raises nothing and is counted in that one's alarm (`behind`).
 */
import {
  AlarmType,
  alarmTypeLabels,
  customMetricInfo,
  EVENT_ALARM_TYPE,
  limitMetricInfo,
  type AlarmItem,
  type CustomMetric,
  type LimitMetric,
  type TopologyNode,
  type UpMessage,
} from '@netconsole/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Scope } from '../../platform/auth/guard.ts';
import type { EventBus } from '../../platform/events.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import type { LiveHub } from '../../platform/realtime/hub.ts';
import type { Db } from '../../platform/store/db.ts';
import type { LiveDevice } from '../device/live.ts';
import type { AlarmNotice } from './events.ts';
import type { NetworkRules, TypeRule } from './rules.ts';
import type { AlarmSettings } from './settings.ts';
import type { AlarmRow, AlarmTable } from './tables.ts';
import { alarmText, ruleText, type TextContext } from './texts.ts';
import type { Insertable, Updateable } from 'kysely';
import {
  insertAlarm,
  members,
  networkNames,
  openAlarmByKey,
  openAlarms,
  updateAlarm,
  type MemberRow,
} from './store.ts';

const SYSTEM: Scope = { tenantId: null, admin: true };
/** How often transitions are looked at (besides the gateway's sweep). */
export const TICK_MS = 1000;
/** The store's view of devices and networks is read again this often (renames, removals). */
export const RECONCILE_MS = 60_000;
/** A network's topology is asked again after this long (suppression looks at it in bursts). */
export const TREE_TTL_MS = 5000;

interface Member {
  id: string;
  sn: string;
  tenantId: string;
  networkId: string;
  name: string;
  type: number | null;
  online: boolean;
  /** Last figures, for limit alarms. */
  clients: number;
  rateKBs: number;
  lldp?: string;
  ports?: Map<number, { rx: number; tx: number; at: number }>;
  downPorts?: Set<number>;
}

interface Cond {
  key: string;
  code: number;
  subject: string;
  tenantId: string;
  networkId: string;
  deviceId: string | null;
  bad: boolean;
  /** Since when `bad` has its value. */
  since: number;
  /** Momentary alarms: the last occurrence. */
  lastEvent: number;
  value?: number | undefined;
  threshold?: number | undefined;
  /** The open alarm's row, as stored. */
  alarm: AlarmRow | null;
  /** Offline: the device whose alarm counts this one. */
  suppressedBy: string | null;
}

type Op = { raise: Insertable<AlarmTable>; cond: Cond } | { update: string; patch: Updateable<AlarmTable> };

export interface AlarmEngineOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  hub: LiveHub;
  events: EventBus;
  settings: AlarmSettings;
  /** The device domain's live state (rates it computed from the same stats). */
  peek: (sn: string) => LiveDevice | undefined;
  /** The network's topology now (null: no main device, or unknown). */
  tree: (networkId: string) => Promise<TopologyNode | null>;
}

const offlineKey = (deviceId: string) => `${deviceId}:${AlarmType.DeviceOffline}:`;

/** An alarm row as the API and the live socket show it. */
export function alarmItemOf(r: AlarmRow): AlarmItem {
  return {
    _id: r.id,
    Type: r.type,
    Name: { en: r.name_en, zh: r.name_zh },
    Level: r.level,
    Network: r.network_id,
    NetworkName: r.network_name,
    Device: r.device_id,
    SN: r.sn,
    DeviceName: r.device_name,
    Subject: r.subject,
    Text: { en: r.text_en, zh: r.text_zh },
    Status: r.open_key === null ? 'cleared' : 'open',
    Handle: Number(r.handle),
    HandledBy: r.handled_by,
    HandledByName: r.handled_by_name,
    HandleTime: r.handled_at === null ? null : Number(r.handled_at),
    RaisedAt: Number(r.raised_at),
    ClearedAt: r.cleared_at === null ? null : Number(r.cleared_at),
    Behind: Number(r.behind),
    Repeats: Number(r.repeats),
  };
}

export class AlarmEngine {
  private readonly members = new Map<string, Member>();
  private readonly byId = new Map<string, Member>();
  private readonly byNetwork = new Map<string, Set<Member>>();
  private readonly networks = new Map<string, { name: string; tenantId: string }>();
  private readonly conds = new Map<string, Cond>();
  private readonly pending = new Set<Cond>();
  /** Root cause → the devices whose offline alarm it counts. */
  private readonly behind = new Map<string, Set<string>>();
  /**
   * Root causes back whose own condition is gone (its alarm cleared after its clear window, shorter
   * than the grace period) while devices are still counted behind them: when each came back.
   */
  private readonly rootBack = new Map<string, number>();
  private readonly trees = new Map<string, { at: number; parents: Map<string, string | null> }>();
  private readonly treeReads = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private soonQueued = false;
  private reconciledAt = 0;
  private started = false;

  constructor(private readonly o: AlarmEngineOptions) {
    o.settings.onChange((networkId) => this.rulesChanged(networkId));
  }

  // ---- life cycle ----

  async start(): Promise<void> {
    const now = this.o.clock();
    await this.loadMembers(await members(this.o.db));
    for (const row of await openAlarms(this.o.db)) this.adopt(row, now);
    // Devices offline now (an embedded broker's restart marks every one so) that were ever heard:
    // their offline alarm is due after the grace period unless they come back.
    for (const m of this.members.values()) {
      if (!m.online && this.lastSeen.get(m.id) !== null) this.mark(m, AlarmType.DeviceOffline, '', true, now);
    }
    for (const id of this.byNetwork.keys()) this.networkStatus(id, now);
    this.lastSeen.clear();
    this.reconciledAt = now;
    this.started = true;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.started = false;
    while (this.ticking) await this.ticking;
  }

  private readonly lastSeen = new Map<string, number | null>();

  private async loadMembers(rows: MemberRow[], only?: readonly string[]): Promise<void> {
    const ids = [...new Set(rows.map((r) => r.parent!).concat(only ?? []))];
    for (const n of await networkNames(this.o.db, SYSTEM, ids)) {
      this.networks.set(n.id, { name: n.name, tenantId: n.tenant_id });
    }
    const seen = new Set<string>();
    for (const r of rows) {
      if (!r.tenant_id || !r.parent) continue;
      seen.add(r.id);
      let m = this.byId.get(r.id);
      if (m && (m.networkId !== r.parent || m.tenantId !== r.tenant_id)) {
        this.removeMember(m);
        m = undefined;
      }
      const live = this.o.peek(r.sn);
      if (!m) {
        m = {
          id: r.id,
          sn: r.sn,
          tenantId: r.tenant_id,
          networkId: r.parent,
          name: r.alias || r.sn,
          type: r.type,
          online: live ? live.online : r.online === 1,
          clients: 0,
          rateKBs: 0,
        };
        this.members.set(r.sn, m);
        this.byId.set(r.id, m);
        let set = this.byNetwork.get(r.parent);
        if (!set) this.byNetwork.set(r.parent, (set = new Set()));
        set.add(m);
        this.lastSeen.set(r.id, r.last_seen_at);
      } else {
        m.name = r.alias || r.sn;
        m.type = r.type;
      }
    }
    // Devices of these networks (or of all) that are no longer there.
    const scope = only ? new Set(only) : null;
    for (const m of [...this.byId.values()]) {
      if ((scope === null || scope.has(m.networkId)) && !seen.has(m.id)) this.removeMember(m);
    }
  }

  /** A device left its network or its tenant: its alarms close. */
  private removeMember(m: Member): void {
    this.members.delete(m.sn);
    this.byId.delete(m.id);
    this.byNetwork.get(m.networkId)?.delete(m);
    const now = this.o.clock();
    for (const c of this.conds.values()) {
      if (c.deviceId !== m.id) continue;
      c.bad = false;
      c.since = now - 1e12; // gone for good: no window to wait
      this.pending.add(c);
    }
    this.networkStatus(m.networkId, now);
    this.soon();
  }

  /** Open alarms written to the store by someone else (the demo's seed) are taken over. */
  async takeOver(): Promise<number> {
    const now = this.o.clock();
    let n = 0;
    for (const row of await openAlarms(this.o.db)) {
      if (this.conds.get(row.open_key!)?.alarm?.id === row.id) continue;
      this.adopt(row, now);
      n++;
    }
    return n;
  }

  /** Adopts an open alarm of the store (start, or another node raised it first). */
  private adopt(row: AlarmRow, now: number): Cond {
    const c: Cond = {
      key: row.open_key!,
      code: row.type,
      subject: row.subject,
      tenantId: row.tenant_id,
      networkId: row.network_id ?? '',
      deviceId: row.device_id,
      // Still bad until a report says otherwise.
      bad: true,
      since: now,
      lastEvent: Number(row.raised_at),
      alarm: row,
      suppressedBy: null,
    };
    this.conds.set(c.key, c);
    // Momentary alarms and those of devices gone meanwhile are looked at.
    if (row.device_id !== null && !this.byId.has(row.device_id)) {
      c.bad = false;
      c.since = now - 1e12;
      this.pending.add(c);
    } else if (row.network_id !== null && !this.networks.has(row.network_id)) {
      c.bad = false;
      c.since = now - 1e12;
      this.pending.add(c);
    } else if (row.type === AlarmType.TopologyChange || row.type === AlarmType.PortLinkDownUp) {
      c.bad = false;
      this.pending.add(c);
    }
    return c;
  }

  // ---- what the stream says ----

  private ruleOf(
    c: Pick<Cond, 'networkId' | 'code'>,
    rules = this.o.settings.rulesOf(c.networkId),
  ): TypeRule | undefined {
    if (c.code <= 21) return rules.types.get(c.code);
    return (
      rules.custom.find((r) => r.code === c.code)?.rule ?? rules.limits.find((r) => r.code === c.code)?.rule
    );
  }

  /** Sets a device's (or, with `net`, a network's) condition; a change is looked at by the next tick. */
  private mark(
    m: Member | { networkId: string; tenantId: string; id: null },
    code: number,
    subject: string,
    bad: boolean,
    now: number,
    figures?: { value?: number | undefined; threshold?: number | undefined },
  ): void {
    const key = m.id === null ? `net:${m.networkId}:${code}:${subject}` : `${m.id}:${code}:${subject}`;
    let c = this.conds.get(key);
    if (!c) {
      if (!bad) return;
      c = this.newCond(key, m, code, subject, now);
    }
    if (figures) {
      if (bad || !c.alarm) c.value = figures.value;
      c.threshold = figures.threshold;
    }
    if (c.bad === bad) return;
    c.bad = bad;
    c.since = now;
    if (bad && c.alarm) this.repeat(c);
    this.pending.add(c);
    if (bad ? (this.ruleOf(c)?.raiseMs ?? 1) === 0 : (this.ruleOf(c)?.clearMs ?? 1) === 0) this.soon();
  }

  /** An event that is an alarm in itself (a topology change, a port flap). */
  private occur(m: Member, code: number, subject: string, now: number): void {
    const key = `${m.id}:${code}:${subject}`;
    const c = this.conds.get(key) ?? this.newCond(key, m, code, subject, now);
    c.lastEvent = now;
    if (c.alarm) this.repeat(c);
    else c.bad = true;
    this.pending.add(c);
    this.soon();
  }

  /** A condition seen for the first time, not bad yet: the caller says what it now is. */
  private newCond(
    key: string,
    m: Pick<Member, 'tenantId' | 'networkId'> & { id: string | null },
    code: number,
    subject: string,
    now: number,
  ): Cond {
    const c: Cond = {
      key,
      code,
      subject,
      tenantId: m.tenantId,
      networkId: m.networkId,
      deviceId: m.id,
      bad: false,
      since: now,
      lastEvent: now,
      alarm: null,
      suppressedBy: null,
    };
    this.conds.set(key, c);
    return c;
  }

  private readonly repeats = new Map<string, AlarmRow>();
  private repeat(c: Cond): void {
    if (!c.alarm) return;
    c.alarm = { ...c.alarm, repeats: Number(c.alarm.repeats) + 1 };
    this.repeats.set(c.alarm.id, c.alarm);
  }

  /**
   * A condition measured outside the device stream (a timer's diagnosis, docs/diagnosis.md
   * "Alarms"): the device's `code` alarm for `subject` is bad or good again as of `at`, under the
   * network's rule for the code (windows, level; a disabled rule raises nothing).
   */
  external(deviceId: string, code: number, subject: string, bad: boolean, at: number, value?: number): void {
    const m = this.byId.get(deviceId);
    if (!m) return;
    const rule = this.o.settings.rulesOf(m.networkId).types.get(code);
    this.mark(m, code, subject, bad && rule?.enable === true, at, { value, threshold: rule?.threshold });
  }

  /** The device domain's status change (online, offline). */
  status(d: LiveDevice): void {
    const m = this.members.get(d.sn);
    if (!m) return;
    // Unregistered or given to another tenant since: its alarms close.
    if (d.tenantId !== m.tenantId) {
      this.removeMember(m);
      return;
    }
    if (m.online === d.online) return;
    m.online = d.online;
    const now = d.online ? this.o.clock() : (d.offlineAt ?? this.o.clock());
    this.mark(m, AlarmType.DeviceOffline, '', !d.online, now);
    this.networkStatus(m.networkId, now);
    // The topology as it is while the devices above may still be heard, for the suppression.
    if (!d.online) void this.parentsOf(m.networkId, now);
  }

  /** Alarm 2: every device of the network offline. */
  private networkStatus(networkId: string, now: number): void {
    const set = this.byNetwork.get(networkId);
    const net = this.networks.get(networkId);
    if (!net) return;
    const all = set !== undefined && set.size > 0 && [...set].every((m) => !m.online);
    this.mark({ networkId, tenantId: net.tenantId, id: null }, AlarmType.AllDevicesOffline, '', all, now);
  }

  private measure(
    m: Member,
    rules: NetworkRules,
    code: number,
    subject: string,
    value: number,
    now: number,
  ): void {
    const rule = rules.types.get(code);
    if (!rule?.enable) {
      if (this.conds.has(`${m.id}:${code}:${subject}`)) this.mark(m, code, subject, false, now);
      return;
    }
    this.mark(m, code, subject, value > rule.threshold, now, { value, threshold: rule.threshold });
  }

  stats(sn: string, s: UpMessage<'stats'>, now: number): void {
    const m = this.members.get(sn);
    if (!m) return;
    const rules = this.o.settings.rulesOf(m.networkId);
    if (s.cpuPct !== undefined) this.measure(m, rules, AlarmType.Cpu, '', s.cpuPct, now);
    if (s.memPct !== undefined) this.measure(m, rules, AlarmType.Memory, '', s.memPct, now);
    const losses = (s.wan ?? []).map((w) => w.lossPct).filter((v): v is number => typeof v === 'number');
    if (losses.length) this.measure(m, rules, AlarmType.PacketLoss, '', Math.max(...losses), now);
    const live = this.o.peek(sn);
    const tx = live?.txRate ?? 0;
    const rx = live?.rxRate ?? 0;
    this.measure(m, rules, AlarmType.TxTraffic, '', (tx * 60) / 1024, now);
    this.measure(m, rules, AlarmType.RxTraffic, '', (rx * 60) / 1024, now);
    if (m.type === 4) {
      this.measure(m, rules, AlarmType.GatewayUpRate, '', tx / 1024, now);
      this.measure(m, rules, AlarmType.GatewayDownRate, '', rx / 1024, now);
    }
    m.clients = s.clients;
    m.rateKBs = (tx + rx) / 1024;
    for (const c of rules.custom) {
      if (c.deviceType !== 0 && c.deviceType !== m.type) continue;
      const value = customFigure(c.metric as CustomMetric, s, tx, rx);
      if (value === null) continue;
      if (!c.rule.enable) {
        if (this.conds.has(`${m.id}:${c.code}:`)) this.mark(m, c.code, '', false, now);
        continue;
      }
      const bad = c.compare === 'lt' ? value < c.threshold : value > c.threshold;
      this.mark(m, c.code, '', bad, now, { value, threshold: c.threshold });
    }
  }

  /** Alarms 8 and 9: each port's rates from its counters (up: received on the port, down: sent). */
  ports(sn: string, p: UpMessage<'ports'>, now: number): void {
    const m = this.members.get(sn);
    if (!m) return;
    const rules = this.o.settings.rulesOf(m.networkId);
    const prev = m.ports ?? new Map<number, { rx: number; tx: number; at: number }>();
    const next = new Map<number, { rx: number; tx: number; at: number }>();
    for (const port of p.ports) {
      next.set(port.port, { rx: port.rxBytes, tx: port.txBytes, at: p.ts });
      const before = prev.get(port.port);
      const subject = `port ${port.port}`;
      if (!port.up) {
        this.measure(m, rules, AlarmType.PortUpRate, subject, 0, now);
        this.measure(m, rules, AlarmType.PortDownRate, subject, 0, now);
        continue;
      }
      if (!before || p.ts <= before.at || port.rxBytes < before.rx || port.txBytes < before.tx) continue;
      const dt = (p.ts - before.at) / 1000;
      this.measure(m, rules, AlarmType.PortUpRate, subject, (port.rxBytes - before.rx) / dt / 1024, now);
      this.measure(m, rules, AlarmType.PortDownRate, subject, (port.txBytes - before.tx) / dt / 1024, now);
    }
    m.ports = next;
  }

  events(sn: string, e: UpMessage<'events'>, now: number): void {
    const m = this.members.get(sn);
    if (!m) return;
    for (const ev of e.events) {
      const code = CONDITION_EVENTS.get(ev.type);
      if (code !== undefined) {
        const subject = ev.port !== undefined ? `port ${ev.port}` : (ev.name ?? ev.ip ?? ev.mac ?? '');
        const figures = ev.value !== undefined ? { value: ev.value } : undefined;
        this.mark(m, code, subject, ev.active !== false, now, figures);
      } else if (ev.type === 'port_down' && ev.port !== undefined) {
        (m.downPorts ??= new Set()).add(ev.port);
      } else if (ev.type === 'port_up' && ev.port !== undefined && m.downPorts?.delete(ev.port)) {
        if (this.ruleOf({ networkId: m.networkId, code: AlarmType.PortLinkDownUp })?.enable) {
          this.occur(m, AlarmType.PortLinkDownUp, `port ${ev.port}`, now);
        }
      }
    }
  }

  /** Alarm 6: the device's neighbours differ from its previous report (its first is the baseline). */
  lldp(sn: string, l: UpMessage<'lldp'>, now: number): void {
    const m = this.members.get(sn);
    if (!m) return;
    const text = l.neighbors
      .map((n) => `${n.port}/${n.mac}`)
      .sort()
      .join(',');
    const before = m.lldp;
    m.lldp = text;
    if (before === undefined || before === text) return;
    if (this.ruleOf({ networkId: m.networkId, code: AlarmType.TopologyChange })?.enable) {
      this.occur(m, AlarmType.TopologyChange, '', now);
    }
  }

  // ---- periodic ----

  /** The gateway's sweep: limit alarms, the store's view of devices now and then, then a tick. */
  async sweep(now: number): Promise<void> {
    if (!this.started) return;
    if (now - this.reconciledAt >= RECONCILE_MS) {
      this.reconciledAt = now;
      try {
        await this.loadMembers(await members(this.o.db));
      } catch (err) {
        this.o.log.warn({ err }, 'alarm members not read again');
      }
    }
    this.limits(now);
    await this.tick(now);
  }

  /** Limit alarms: each network's figure against its maximum. */
  private limits(now: number): void {
    for (const [networkId, set] of this.byNetwork) {
      const rules = this.o.settings.rulesOf(networkId);
      if (rules.limits.length === 0) continue;
      const net = this.networks.get(networkId);
      if (!net) continue;
      for (const l of rules.limits) {
        const value = this.figureOf(set, l.metric as LimitMetric);
        const bad = l.rule.enable && value > l.max;
        this.mark({ networkId, tenantId: net.tenantId, id: null }, l.code, '', bad, now, {
          value,
          threshold: l.max,
        });
      }
    }
  }

  private figureOf(set: Set<Member>, metric: LimitMetric): number {
    let n = 0;
    for (const m of set) {
      if (metric === 'offline') n += m.online ? 0 : 1;
      else if (!m.online) continue;
      else if (metric === 'clients') n += m.clients;
      else if (m.type === 4) n += m.rateKBs;
    }
    return Math.round(n);
  }

  /** A limit alarm's figure now (the settings' list shows it). */
  limitFigure(networkId: string, metric: string): number | null {
    const set = this.byNetwork.get(networkId);
    if (!set || !(metric in limitMetricInfo)) return null;
    return this.figureOf(set, metric as LimitMetric);
  }

  private soon(): void {
    if (this.soonQueued || !this.started) return;
    this.soonQueued = true;
    setImmediate(() => {
      this.soonQueued = false;
      void this.tick();
    });
  }

  private rulesChanged(networkId: string): void {
    for (const c of this.conds.values()) if (c.networkId === networkId) this.pending.add(c);
    this.soon();
  }

  /** Devices of a network left or joined; a removed network's alarms close. */
  async networkChanged(networkIds: readonly string[]): Promise<void> {
    await this.loadMembers(await members(this.o.db, networkIds), networkIds);
    const now = this.o.clock();
    for (const id of networkIds) {
      this.trees.delete(id);
      this.networkStatus(id, now);
    }
    this.soon();
  }

  networkRemoved(networkId: string): void {
    for (const m of [...(this.byNetwork.get(networkId) ?? [])]) this.removeMember(m);
    this.byNetwork.delete(networkId);
    this.networks.delete(networkId);
    const now = this.o.clock();
    for (const c of this.conds.values()) {
      if (c.networkId !== networkId) continue;
      c.bad = false;
      c.since = now - 1e12;
      this.pending.add(c);
    }
    this.soon();
  }

  // ---- transitions ----

  /** Looks at the conditions in transition; resolves when their alarms are written and told. */
  async tick(now = this.o.clock()): Promise<void> {
    while (this.ticking) await this.ticking;
    this.ticking = this.pass(now).finally(() => {
      this.ticking = null;
    });
    await this.ticking;
  }

  private async pass(now: number): Promise<void> {
    const ops: Op[] = [];
    const cleared: Cond[] = [];
    const raised: Cond[] = [];
    const changed = new Map<string, AlarmRow>(this.repeats);
    this.repeats.clear();
    for (const c of [...this.pending]) {
      const rule = this.ruleOf(c);
      if (!rule || !rule.enable) {
        if (c.alarm) cleared.push(c);
        this.forget(c);
        continue;
      }
      if (rule.momentary) {
        if (c.bad && !c.alarm) raised.push(c);
        c.bad = false;
        if (c.alarm && now - c.lastEvent >= rule.clearMs) cleared.push(c);
        else if (!c.alarm && !raised.includes(c)) this.forget(c);
        continue;
      }
      if (c.bad && !c.alarm) {
        if (c.suppressedBy !== null && this.stillSuppressed(c, now, rule)) continue;
        if (c.suppressedBy !== null) this.unsuppress(c);
        if (now - c.since < rule.raiseMs) continue;
        if (c.code === AlarmType.DeviceOffline) {
          const root = await this.rootCause(c, rule, now);
          if (root !== null) {
            this.suppress(c, root, changed);
            continue;
          }
        }
        raised.push(c);
        this.pending.delete(c);
      } else if (!c.bad && c.alarm) {
        if (now - c.since >= rule.clearMs) cleared.push(c);
      } else if (!c.bad) {
        this.forget(c);
      } else {
        this.pending.delete(c);
      }
    }
    for (const c of raised) ops.push({ raise: this.rowOf(c, now), cond: c });
    for (const c of cleared) {
      const row: AlarmRow = { ...c.alarm!, open_key: null, cleared_at: now };
      ops.push({
        update: row.id,
        patch: { open_key: null, cleared_at: now, repeats: row.repeats, behind: row.behind },
      });
      changed.delete(row.id);
      c.alarm = row;
    }
    for (const [id, row] of changed)
      ops.push({ update: id, patch: { repeats: row.repeats, behind: row.behind } });
    if (ops.length === 0) return;

    const lost: Cond[] = [];
    try {
      await this.o.db.transaction().execute(async (trx) => {
        for (const op of ops) {
          if ('raise' in op) {
            if (!(await insertAlarm(trx, op.raise))) lost.push(op.cond);
          } else await updateAlarm(trx, op.update, op.patch);
        }
      });
    } catch (err) {
      // Looked at again by the next tick.
      this.o.log.error({ err }, 'alarms not written');
      for (const c of raised) this.pending.add(c);
      for (const c of cleared) {
        c.alarm = { ...c.alarm!, open_key: c.key, cleared_at: null };
        this.pending.add(c);
      }
      for (const [id, row] of changed) this.repeats.set(id, row);
      return;
    }
    for (const c of cleared) {
      const row = c.alarm!;
      this.forget(c);
      await this.tell('alarm.cleared', row);
    }
    for (const op of ops) {
      if (!('raise' in op)) continue;
      const c = op.cond;
      if (lost.includes(c)) {
        // Already open (another node): take that one over instead.
        const row = await openAlarmByKey(this.o.db, c.key);
        if (row) c.alarm = row;
        continue;
      }
      c.alarm = op.raise as AlarmRow;
      await this.tell('alarm.raised', c.alarm);
    }
    for (const row of changed.values()) this.publish(row);
  }

  /** A condition gone: out of memory (a device offline for its root cause stays counted there). */
  private forget(c: Cond): void {
    this.pending.delete(c);
    if (this.conds.get(c.key) === c) {
      this.conds.delete(c.key);
      if (c.deviceId !== null && !c.bad && this.behind.has(c.deviceId) && c.key === offlineKey(c.deviceId))
        this.rootBack.set(c.deviceId, c.since);
    }
    if (c.suppressedBy !== null) this.unsuppress(c);
  }

  private rowOf(c: Cond, now: number): Insertable<AlarmTable> & AlarmRow {
    const m = c.deviceId !== null ? this.byId.get(c.deviceId) : undefined;
    const net = this.networks.get(c.networkId);
    const rules = this.o.settings.rulesOf(c.networkId);
    const rule = this.ruleOf(c, rules)!;
    const ctx: TextContext = {
      device: m?.name ?? net?.name ?? '',
      network: net?.name ?? '',
      subject: c.subject,
      value: c.value,
      threshold: c.threshold,
    };
    let name = { en: '', zh: '' };
    let text = { en: '', zh: '' };
    if (c.code <= 21) {
      name = { ...alarmTypeLabels[c.code as AlarmType] };
      text = alarmText(c.code as AlarmType, ctx);
    } else {
      const custom = rules.custom.find((r) => r.code === c.code);
      const limit = rules.limits.find((r) => r.code === c.code);
      const own = custom?.name ?? limit?.name ?? String(c.code);
      name = { en: own, zh: own };
      const unit = custom
        ? customMetricInfo[custom.metric as CustomMetric]?.unit
        : limitMetricInfo[limit?.metric as LimitMetric]?.unit;
      text = ruleText({ ...ctx, name: own, unit, compare: custom?.compare });
    }
    return {
      id: newId(),
      tenant_id: c.tenantId,
      network_id: c.networkId || null,
      network_name: net?.name ?? null,
      device_id: c.deviceId,
      sn: m?.sn ?? null,
      device_name: m?.name ?? null,
      type: c.code,
      name_en: name.en.slice(0, 100),
      name_zh: name.zh.slice(0, 100),
      subject: c.subject.slice(0, 100),
      level: rule.level,
      text_en: text.en.slice(0, 500),
      text_zh: text.zh.slice(0, 500),
      open_key: c.key,
      raised_at: now,
      cleared_at: null,
      handle: 0,
      handled_by: null,
      handled_by_name: null,
      handled_at: null,
      behind: c.deviceId !== null ? (this.behind.get(c.deviceId)?.size ?? 0) : 0,
      repeats: 0,
    };
  }

  private async tell(event: 'alarm.raised' | 'alarm.cleared', row: AlarmRow): Promise<void> {
    this.publish(row);
    const notice: AlarmNotice = {
      scope: { tenantId: row.tenant_id, admin: false },
      alarmId: row.id,
      tenantId: row.tenant_id,
      networkId: row.network_id,
      networkName: row.network_name,
      deviceId: row.device_id,
      sn: row.sn,
      deviceName: row.device_name,
      type: row.type,
      level: row.level as 1 | 2 | 3,
      text: { en: row.text_en, zh: row.text_zh },
      behind: Number(row.behind),
      at: Number(event === 'alarm.raised' ? row.raised_at : row.cleared_at),
    };
    await this.o.events.emit(event, notice);
  }

  /** The live socket's `alarm` topic. */
  publish(row: AlarmRow): void {
    if (!this.o.hub.watched(row.tenant_id)) return;
    this.o.hub.publish(row.tenant_id, { topic: 'alarm', data: alarmItemOf(row) });
  }

  /** After a treat: the open alarm in memory takes the new handling. */
  handled(rows: readonly AlarmRow[]): void {
    for (const row of rows) {
      const c = row.open_key !== null ? this.conds.get(row.open_key) : undefined;
      if (c?.alarm?.id === row.id)
        c.alarm = { ...c.alarm, ...row, behind: c.alarm.behind, repeats: c.alarm.repeats };
      this.publish(c?.alarm ?? row);
    }
  }

  // ---- root-cause suppression ----

  /**
   * Who hangs below whom in a network, as the topology last drew it. Learned parents are kept when
   * a later drawing lacks the device: a switch offline for a while drops out of the topology with
   * the devices it saw, which is exactly when they are asked for.
   */
  private async parentsOf(networkId: string, now: number): Promise<Map<string, string | null>> {
    const running = this.treeReads.get(networkId);
    if (running) await running;
    let known = this.trees.get(networkId);
    if (known && now - known.at < TREE_TTL_MS) return known.parents;
    if (!known) this.trees.set(networkId, (known = { at: now, parents: new Map() }));
    const parents = known.parents;
    known.at = now;
    const read = (async () => {
      try {
        const tree = await this.o.tree(networkId);
        const walk = (n: TopologyNode, parent: string | null) => {
          if (n._id !== null) parents.set(n._id, parent);
          for (const child of n.children) walk(child, n._id ?? parent);
        };
        if (tree) walk(tree, null);
      } catch (err) {
        this.o.log.warn({ err, networkId }, 'topology not read for alarm suppression');
      }
    })().finally(() => this.treeReads.delete(networkId));
    this.treeReads.set(networkId, read);
    await read;
    return parents;
  }

  /** The topmost device above `c`'s that went offline within the same grace period, or null. */
  private async rootCause(c: Cond, rule: TypeRule, now: number): Promise<string | null> {
    if (c.deviceId === null) return null;
    const parents = await this.parentsOf(c.networkId, now);
    let root: string | null = null;
    const seen = new Set<string>();
    for (let p = parents.get(c.deviceId) ?? null; p !== null && !seen.has(p); p = parents.get(p) ?? null) {
      seen.add(p);
      const pc = this.conds.get(offlineKey(p));
      if (pc?.bad && Math.abs(pc.since - c.since) <= Math.max(rule.raiseMs, 1000)) root = p;
    }
    return root;
  }

  private suppress(c: Cond, root: string, changed: Map<string, AlarmRow>): void {
    c.suppressedBy = root;
    let set = this.behind.get(root);
    if (!set) this.behind.set(root, (set = new Set()));
    set.add(c.deviceId!);
    const rc = this.conds.get(offlineKey(root));
    if (rc?.alarm) {
      rc.alarm = { ...rc.alarm, behind: set.size };
      changed.set(rc.alarm.id, rc.alarm);
    }
  }

  /** Held back while its root cause is offline, or back for less than the grace period. */
  private stillSuppressed(c: Cond, now: number, rule: TypeRule): boolean {
    const rc = this.conds.get(offlineKey(c.suppressedBy!));
    if (!rc) {
      const back = this.rootBack.get(c.suppressedBy!);
      return back !== undefined && now - back < rule.raiseMs;
    }
    return rc.bad || now - rc.since < rule.raiseMs;
  }

  private unsuppress(c: Cond): void {
    const root = c.suppressedBy!;
    c.suppressedBy = null;
    const set = this.behind.get(root);
    set?.delete(c.deviceId!);
    if (!set || set.size === 0) {
      this.behind.delete(root);
      this.rootBack.delete(root);
    }
  }

  /** For tests and the figures: open alarms and conditions held in memory. */
  figures(): { members: number; conditions: number; pending: number; open: number } {
    let open = 0;
    for (const c of this.conds.values()) if (c.alarm && c.alarm.open_key !== null) open++;
    return { members: this.members.size, conditions: this.conds.size, pending: this.pending.size, open };
  }
}

/**
 * Condition events (protocol §6.6) and their alarm: the contract's events that raise one, but the
 * port flap's halves (port_down, port_up), which `events` pairs up itself.
 */
const CONDITION_EVENTS: ReadonlyMap<string, AlarmType> = new Map(
  Object.entries(EVENT_ALARM_TYPE).filter(
    (e): e is [string, AlarmType] => e[1] !== undefined && e[1] !== AlarmType.PortLinkDownUp,
  ),
);

/** A custom alarm's figure from a stats report (null: the device does not report it). */
function customFigure(metric: CustomMetric, s: UpMessage<'stats'>, tx: number, rx: number): number | null {
  switch (metric) {
    case 'cpu':
      return s.cpuPct ?? null;
    case 'memory':
      return s.memPct ?? null;
    case 'temperature':
      return s.tempC ?? null;
    case 'clients':
      return s.clients;
    case 'uplinkTx':
      return tx / 1024;
    case 'uplinkRx':
      return rx / 1024;
    case 'latency': {
      const v = (s.wan ?? []).map((w) => w.latencyMs).filter((x): x is number => typeof x === 'number');
      return v.length ? Math.max(...v) : null;
    }
    case 'loss': {
      const v = (s.wan ?? []).map((w) => w.lossPct).filter((x): x is number => typeof x === 'number');
      return v.length ? Math.max(...v) : null;
    }
    case 'poe':
      return s.poe && s.poe.budgetW > 0 ? (s.poe.usedW / s.poe.budgetW) * 100 : null;
    case 'dhcp':
      return s.dhcp && s.dhcp.poolSize > 0 ? (s.dhcp.leases / s.dhcp.poolSize) * 100 : null;
  }
}
