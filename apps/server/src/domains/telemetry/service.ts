/**
 * Device telemetry (docs/telemetry.md): takes stats, state and port tables from the gateway,
 * keeps 5-minute spans rolled up into hours and days with retention, and answers the device chart
 * calls of spec §7 over the buckets of spec §9.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  DEVICE_MODELS,
  DEVICE_MODEL_TYPES,
  DeviceStatus,
  type ApConfigReply,
  type BrokerUrlReply,
  type CpuChartReply,
  type DevModeListReply,
  type DevModeQuery,
  type DevModeReply,
  type FlowChartReply,
  type HourCountReply,
  type PortInfoItem,
  type PortInfoReply,
  type PowerChartReply,
  type RateChartReply,
  type SpeedReply,
  type TelemetryChartQuery,
  type TelemetryCountQuery,
  type TelemetryDeviceQuery,
  type TelemetryFleetQuery,
  type TelemetryRange,
  type TemperatureChartReply,
  type UpMessage,
  type UsageReply,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import type { DeviceBus } from '../../platform/bus/bus.ts';
import type { Clock } from '../../platform/ids.ts';
import type { Jobs } from '../../platform/jobs/jobs.ts';
import type { Db } from '../../platform/store/db.ts';
import type { LiveDevices } from '../device/live.ts';
import type { DeviceService } from '../device/service.ts';
import type { DeviceRow } from '../device/tables.ts';
import { FLUSH_EVERY_MS, TelemetryIngest, type Reporter } from './ingest.ts';
import {
  DAY_MS,
  FINE_MS,
  HOUR_MS,
  RETENTION_MS,
  addSums,
  emptySums,
  foldHours,
  foldRows,
  metricsOf,
  rangeBuckets,
  type Bucket,
  type SpanMetrics,
} from './series.ts';
import {
  apsPerHour,
  clientsPerHour,
  deleteBefore,
  deviceSeries,
  findLatest,
  firstBucketFrom,
  fleetPerHour,
  rollUp,
  rollupMark,
  type FleetMeasure,
  type LatestRow,
  type RollupRes,
  type SeriesTable,
} from './store.ts';

/** The recurring job of roll-ups and retention (platform/jobs): one node runs each slot for all. */
export const ROLLUP_JOB = 'telemetry.rollup';
/** Every 5 minutes (UTC): a finished hour is rolled up within minutes of its grace ending. */
export const ROLLUP_CRON = '*/5 * * * *';
/** A span is rolled up this long after it ended: its last 5-minute rows have been flushed by then. */
export const ROLLUP_GRACE_MS = FINE_MS + 2 * FLUSH_EVERY_MS;
/** Spans rolled up per transaction while catching up. */
const ROLLUP_STEP_UNITS = 6;

export interface TelemetryOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  devices: DeviceService;
  /** Flushed before a device is read, so its online state is the latest. */
  live: LiveDevices;
  bus: DeviceBus;
  /** The console's own URL, for the broker's WebSocket address. */
  publicUrl: string;
  /** How often the ingest writes (FLUSH_EVERY_MS): the most of its figures a kill -9 can lose. */
  flushEveryMs?: number;
  /** Runs the roll-ups and retention as the recurring job `telemetry.rollup`. */
  jobs: Jobs;
}

interface Chart {
  device: DeviceRow;
  range: TelemetryRange;
  buckets: Bucket[];
  metrics: SpanMetrics[];
}

function parseJson<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

type StoredPorts = { ports: UpMessage<'ports'>['ports']; poe: { budgetW: number; usedW: number } | null };
type StoredState = {
  ipMode: string;
  config: { id: string; revision: number } | null;
  radios: NonNullable<UpMessage<'state'>['radios']>;
  wan: NonNullable<UpMessage<'state'>['wan']>;
};
type StoredRadioStats = { band: string; clients: number; utilPct: number | null }[];

function portItem(p: StoredPorts['ports'][number]): PortInfoItem {
  return {
    Port: p.port,
    Name: p.name ?? null,
    Enabled: p.enabled,
    Up: p.up,
    Speed: p.up ? p.speedMbps : null,
    Duplex: p.up ? p.duplex : null,
    Media: p.media ?? null,
    Uplink: p.uplink ?? false,
    RxBytes: p.rxBytes,
    TxBytes: p.txBytes,
    Poe: p.poe
      ? { Enabled: p.poe.enabled, Status: p.poe.status, Power: p.poe.powerW, Class: p.poe.class ?? null }
      : null,
  };
}

export class TelemetryService {
  readonly ingest: TelemetryIngest;
  private timers: NodeJS.Timeout[] = [];
  private maintaining: Promise<void> | null = null;

  constructor(private readonly o: TelemetryOptions) {
    this.ingest = new TelemetryIngest(o.db, o.clock, o.log);
    // A durable job rather than a timer: with several nodes one of them rolls up each slot, and a
    // slot missed while the server was down runs at its start. A failed pass is retried by the job.
    o.jobs.define(ROLLUP_JOB, () => this.maintainOrThrow(), {
      attempts: 3,
      backoff: { baseMs: 30_000, maxMs: 120_000 },
    });
    o.jobs.every(ROLLUP_JOB, { cron: ROLLUP_CRON, timeZone: 'UTC' });
  }

  /** The open spans are this node's memory: their flush stays a timer of its own. */
  start(): void {
    const flush = setInterval(() => void this.ingest.flush(), this.o.flushEveryMs ?? FLUSH_EVERY_MS);
    flush.unref();
    this.timers = [flush];
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.maintaining?.catch(() => undefined);
    await this.ingest.flush(true);
  }

  // ---- from the gateway (never throws: a report it cannot use is skipped) ----

  private take(d: Reporter | undefined, what: string, fn: (d: Reporter) => void): void {
    if (!d) return;
    try {
      fn(d);
    } catch (err) {
      this.o.log.error({ err, device: d.id, what }, 'telemetry report skipped');
    }
  }

  stats(d: Reporter | undefined, m: UpMessage<'stats'>, now: number): void {
    this.take(d, 'stats', (r) => this.ingest.addStats(r, m, now));
  }

  state(d: Reporter | undefined, m: UpMessage<'state'>, now: number): void {
    this.take(d, 'state', (r) => this.ingest.addState(r, m, now));
  }

  ports(d: Reporter | undefined, m: UpMessage<'ports'>, now: number): void {
    this.take(d, 'ports', (r) => this.ingest.addPorts(r, m, now));
  }

  flush(): Promise<void> {
    return this.ingest.flush();
  }

  // ---- roll-ups and retention ----

  /** Rolls finished hours and days up and deletes what retention no longer keeps; one pass at a time. */
  async maintain(): Promise<void> {
    await this.maintainOrThrow().catch((err: unknown) =>
      this.o.log.error({ err }, 'telemetry roll-up failed'),
    );
  }

  /** The job's pass: a failure reaches the job, which records it and retries. */
  private async maintainOrThrow(): Promise<void> {
    while (this.maintaining) await this.maintaining.catch(() => undefined);
    this.maintaining = this.maintainOnce().finally(() => {
      this.maintaining = null;
    });
    await this.maintaining;
  }

  private async maintainOnce(): Promise<void> {
    const { db } = this.o;
    await this.ingest.flush();
    const now = this.o.clock();
    const hourTarget = Math.floor((now - ROLLUP_GRACE_MS) / HOUR_MS) * HOUR_MS;
    await this.rollUpTo('1h', 'telemetry_5m', 'telemetry_1h', HOUR_MS, hourTarget);
    // Days (UTC) from hours, once every hour of the day is rolled up.
    const hoursDone = await rollupMark(db, '1h');
    const dayTarget = Math.floor(Math.min(hoursDone, now - ROLLUP_GRACE_MS) / DAY_MS) * DAY_MS;
    await this.rollUpTo('1d', 'telemetry_1h', 'telemetry_1d', DAY_MS, dayTarget);
    // Fine rows go once rolled up and old enough; hours likewise.
    const daysDone = await rollupMark(db, '1d');
    const fineBefore = Math.min(now - RETENTION_MS.fine, await rollupMark(db, '1h'));
    await deleteBefore(db, 'telemetry_5m', fineBefore);
    await deleteBefore(db, 'telemetry_net_5m', fineBefore);
    const hoursBefore = Math.min(now - RETENTION_MS.hour, daysDone);
    await deleteBefore(db, 'telemetry_1h', hoursBefore);
    // The fleet's hours go with the devices' hours they were summed from.
    await deleteBefore(db, 'telemetry_fleet_1h', hoursBefore);
    await deleteBefore(db, 'telemetry_1d', now - RETENTION_MS.day);
  }

  private async rollUpTo(
    res: RollupRes,
    source: SeriesTable,
    target: SeriesTable,
    unit: number,
    until: number,
  ): Promise<void> {
    const { db } = this.o;
    let from = await rollupMark(db, res);
    while (from < until) {
      // Empty stretches (a first run, a quiet fleet) pass in one step; busy ones six spans at a time.
      const next = await firstBucketFrom(db, source, from);
      const busy = next === null || next >= until ? null : Math.floor(next / unit) * unit;
      const to =
        busy === null ? until : busy > from ? busy : Math.min(from + ROLLUP_STEP_UNITS * unit, until);
      if (!(await rollUp(db, res, source, target, unit, from, to))) return;
      from = to;
    }
  }

  // ---- reads ----

  /**
   * A device's spans of `from <= t < to`: hours where rolled up, 5-minute rows after, and the
   * span still open in this node's memory (the last minutes).
   */
  private async spans(
    scope: Scope,
    deviceId: string,
    from: number,
    to: number,
  ): Promise<(object & { bucket: number })[]> {
    const { db } = this.o;
    await this.ingest.flush();
    const mark = await rollupMark(db, '1h');
    const split = Math.min(Math.max(mark, from), to);
    const [hours, fine] = await Promise.all([
      deviceSeries(db, scope, 'telemetry_1h', deviceId, from, split),
      deviceSeries(db, scope, 'telemetry_5m', deviceId, split, to),
    ]);
    const open = this.ingest.openSpan(deviceId, scope.tenantId, scope.admin);
    return [...hours, ...fine, ...(open && open.bucket >= from && open.bucket < to ? [open] : [])];
  }

  /** The device of `_id` or `SN` if the caller may see it (12123, 12003), as of now. */
  private async device(scope: Scope, q: TelemetryDeviceQuery): Promise<DeviceRow> {
    await this.o.live.settled();
    return this.o.live.current(await this.o.devices.require(scope, q));
  }

  private async chart(scope: Scope, q: TelemetryChartQuery): Promise<Chart> {
    const device = await this.device(scope, q);
    const buckets = rangeBuckets(q.range, this.o.clock(), q.tz);
    const rows = await this.spans(scope, device.id, buckets[0]!.start, buckets.at(-1)!.end);
    return { device, range: q.range, buckets, metrics: foldRows(buckets, rows).map(metricsOf) };
  }

  private base(c: Chart) {
    return { _id: c.device.id, SN: c.device.sn, Range: c.range, Time: c.buckets.map((b) => b.start) };
  }

  /** Reply series from the buckets' metrics: reply field → metric. */
  private series<K extends string>(c: Chart, fields: Record<K, keyof SpanMetrics>) {
    const out = {} as Record<K, (number | null)[]>;
    for (const [field, metric] of Object.entries(fields) as [K, keyof SpanMetrics][]) {
      out[field] = c.metrics.map((m) => m[metric]);
    }
    return out;
  }

  async cpu(scope: Scope, q: TelemetryChartQuery): Promise<CpuChartReply> {
    const c = await this.chart(scope, q);
    return {
      ...this.base(c),
      ...this.series(c, { CPUUsed: 'cpuAvg', CPUMax: 'cpuMax', MemoryUsed: 'memAvg', MemoryMax: 'memMax' }),
    };
  }

  async rate(scope: Scope, q: TelemetryChartQuery): Promise<RateChartReply> {
    const c = await this.chart(scope, q);
    return {
      ...this.base(c),
      ...this.series(c, {
        RxRate: 'rxRate',
        TxRate: 'txRate',
        RxRateMax: 'rxRateMax',
        TxRateMax: 'txRateMax',
      }),
    };
  }

  async flow(scope: Scope, q: TelemetryChartQuery): Promise<FlowChartReply> {
    const c = await this.chart(scope, q);
    const s = this.series(c, { RxBytes: 'rxBytes', TxBytes: 'txBytes' });
    const total = (values: (number | null)[]) => {
      const known = values.filter((v): v is number => v !== null);
      return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
    };
    return { ...this.base(c), ...s, TotalRxBytes: total(s.RxBytes), TotalTxBytes: total(s.TxBytes) };
  }

  async temperature(scope: Scope, q: TelemetryChartQuery): Promise<TemperatureChartReply> {
    const c = await this.chart(scope, q);
    return { ...this.base(c), ...this.series(c, { Temperature: 'tempAvg', TemperatureMax: 'tempMax' }) };
  }

  async power(scope: Scope, q: TelemetryChartQuery): Promise<PowerChartReply> {
    const c = await this.chart(scope, q);
    return {
      ...this.base(c),
      ...this.series(c, {
        PowerBudget: 'poeBudget',
        PowerDelivered: 'poeUsedAvg',
        PowerDeliveredMax: 'poeUsedMax',
      }),
    };
  }

  /** The last stats of a device, or null while it is offline (its figures are unknown then). */
  private async latest(scope: Scope, device: DeviceRow): Promise<LatestRow | null> {
    await this.ingest.flush();
    return (await findLatest(this.o.db, scope, device.id)) ?? null;
  }

  async speed(scope: Scope, q: TelemetryChartQuery): Promise<SpeedReply> {
    const device = await this.device(scope, q);
    const online = device.online === 1;
    const latest = await this.latest(scope, device);
    const buckets = rangeBuckets(q.range, this.o.clock(), q.tz);
    const from = buckets[0]!.start;
    const to = buckets.at(-1)!.end;
    const all = emptySums();
    for (const row of await this.spans(scope, device.id, from, to)) addSums(all, row);
    const m = metricsOf(all);
    return {
      _id: device.id,
      SN: device.sn,
      Range: q.range,
      Online: online,
      ReportTime: latest?.stats_at ?? null,
      RxRate: online ? (latest?.rx_rate ?? null) : null,
      TxRate: online ? (latest?.tx_rate ?? null) : null,
      RxRateAvg: m.rxRate,
      TxRateAvg: m.txRate,
      RxRateMax: m.rxRateMax,
      TxRateMax: m.txRateMax,
    };
  }

  async usage(scope: Scope, q: TelemetryDeviceQuery): Promise<UsageReply> {
    const device = await this.device(scope, q);
    const online = device.online === 1;
    const l = await this.latest(scope, device);
    const known = online && l !== null ? l : null;
    const memTotal = known?.mem_total_kb == null ? null : Number(known.mem_total_kb) * 1024;
    return {
      _id: device.id,
      SN: device.sn,
      Online: online,
      ReportTime: l?.stats_at ?? null,
      CPUUsed: known?.cpu_pct ?? null,
      MemoryUsed: known?.mem_pct ?? null,
      MemoryTotal: memTotal,
      MemoryUsedBytes:
        memTotal !== null && known?.mem_pct != null ? Math.round((memTotal * known.mem_pct) / 100) : null,
      Temperature: known?.temp_c ?? null,
      Clients: known?.clients ?? null,
      PowerBudget: known?.poe_budget_w ?? null,
      PowerDelivered: known?.poe_used_w ?? null,
      UpTime: known?.uptime_s == null ? null : Number(known.uptime_s),
    };
  }

  async portInfo(scope: Scope, q: TelemetryDeviceQuery): Promise<PortInfoReply> {
    const device = await this.device(scope, q);
    const l = await this.latest(scope, device);
    const table = parseJson<StoredPorts>(l?.ports ?? null);
    return {
      _id: device.id,
      SN: device.sn,
      Online: device.online === 1,
      ReportTime: l?.ports_at ?? null,
      PowerBudget: table?.poe?.budgetW ?? null,
      PowerDelivered: table?.poe?.usedW ?? null,
      list: (table?.ports ?? []).map(portItem),
    };
  }

  async apConfig(scope: Scope, q: TelemetryDeviceQuery): Promise<ApConfigReply> {
    const device = await this.device(scope, q);
    const l = await this.latest(scope, device);
    const state = parseJson<StoredState>(l?.state ?? null);
    const radioStats = parseJson<StoredRadioStats>(l?.radio_stats ?? null) ?? [];
    return {
      _id: device.id,
      SN: device.sn,
      Online: device.online === 1,
      ReportTime: l?.state_at ?? null,
      IPMode: state?.ipMode ?? null,
      ConfigData: state?.config ? { Id: state.config.id, Revision: state.config.revision } : null,
      Radios: (state?.radios ?? []).map((r) => {
        const s = radioStats.find((x) => x.band === r.band);
        return {
          Band: r.band,
          Enabled: r.enabled,
          Channel: r.channel,
          Width: r.widthMhz,
          TxPower: r.txPowerDbm,
          CAType: r.channelMode,
          BaseRssi: r.noiseFloorDbm ?? null,
          Clients: s?.clients ?? null,
          Utilization: s?.utilPct ?? null,
          Bssids: r.bssids ?? [],
        };
      }),
      Wan: (state?.wan ?? []).map((w) => ({
        Name: w.name,
        Up: w.up,
        Proto: w.proto,
        IP: w.ip,
        GateWay: w.gateway,
      })),
    };
  }

  /** reapcount: access points online (reporting) in each hour; a day shows its busiest hour. */
  async apCount(scope: Scope, q: TelemetryFleetQuery): Promise<HourCountReply> {
    const buckets = rangeBuckets(q.range, this.o.clock(), q.tz);
    const hours = await this.fleetHours(scope, buckets, 'aps');
    return {
      _id: null,
      SN: null,
      Range: q.range,
      Time: buckets.map((b) => b.start),
      HourNumber: foldHours(buckets, hours, 'max'),
    };
  }

  /** reclcount: clients connected per hour (average over the hour); a day shows the average of its hours. */
  async clientCount(scope: Scope, q: TelemetryCountQuery): Promise<HourCountReply> {
    if (q._id || q.SN?.trim()) {
      const c = await this.chart(scope, q);
      return { ...this.base(c), ...this.series(c, { HourNumber: 'clientsAvg' }) };
    }
    const buckets = rangeBuckets(q.range, this.o.clock(), q.tz);
    const hours = await this.fleetHours(scope, buckets, 'clients');
    return {
      _id: null,
      SN: null,
      Range: q.range,
      Time: buckets.map((b) => b.start),
      HourNumber: foldHours(buckets, hours, 'avg'),
    };
  }

  /**
   * The fleet's hourly figures over the buckets: rolled-up hours from the fleet table (a row per
   * tenant and hour), later ones counted per device from the 5-minute rows.
   */
  private async fleetHours(
    scope: Scope,
    buckets: Bucket[],
    measure: FleetMeasure,
  ): Promise<{ hour: number; value: number }[]> {
    const { db } = this.o;
    await this.ingest.flush();
    const from = buckets[0]!.start;
    const to = buckets.at(-1)!.end;
    const split = Math.min(Math.max(await rollupMark(db, '1h'), from), to);
    const perHour = measure === 'clients' ? clientsPerHour : apsPerHour;
    const [hours, fine] = await Promise.all([
      fleetPerHour(db, scope, measure, from, split),
      perHour(db, scope, 'telemetry_5m', split, to),
    ]);
    return [...hours, ...fine];
  }

  /** getDevMode: the models in use among the caller's devices, with how many are online. */
  async models(scope: Scope, q: DevModeQuery): Promise<DevModeReply> {
    const { list } = await this.o.devices.all(scope, { Type: q.Type });
    const tally = new Map<string, DevModeReply['list'][number]>();
    for (const d of list) {
      if (!d.Model) continue;
      const t = tally.get(d.Model) ?? { Model: d.Model, Type: d.Type, Total: 0, Online: 0 };
      t.Total += 1;
      if (d.Status === DeviceStatus.Online) t.Online += 1;
      tally.set(d.Model, t);
    }
    return { list: [...tally.values()].sort((a, b) => a.Model.localeCompare(b.Model)) };
  }

  /** getDevModeList: the catalogue of spec §9. */
  modelList(q: DevModeQuery): DevModeListReply {
    const list = DEVICE_MODELS.map((Model) => ({ Model, Type: DEVICE_MODEL_TYPES[Model] }));
    return { list: q.Type === undefined ? list : list.filter((m) => m.Type === q.Type) };
  }

  /** getBroURL: the broker's addresses (the embedded broker's TCP and WebSocket, or the external one without credentials). */
  brokerUrls(): BrokerUrlReply {
    const { bus, publicUrl } = this.o;
    return { External: bus.kind === 'external', list: bus.endpoints(publicUrl) };
  }
}
