/**
 * Telemetry as it arrives: each device's open 5-minute span is summed in memory (a few dozen
 * numbers per device), closed spans and the latest reports wait in memory and are written together,
 * one transaction per flush with multi-row inserts. Nothing here touches the store per message.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { UpMessage } from '@netconsole/contract';
import type { Db } from '../../platform/store/db.ts';
import {
  FINE_MS,
  HOUR_MS,
  addSample,
  emptySums,
  intervalOf,
  type CounterMark,
  type SpanSums,
} from './series.ts';
import {
  insertSeries,
  upsertLatest,
  type LatestPorts,
  type LatestState,
  type LatestStats,
  type SeriesRow,
} from './store.ts';

/** Who reported: the gateway's in-memory device (domains/device/live.ts), as far as telemetry needs it. */
export interface Reporter {
  id: string;
  tenantId: string | null;
  type: number | null;
  bootId: string | null;
}

export const FLUSH_EVERY_MS = 30_000;
/** Pending rows that trigger a flush before the timer. */
export const FLUSH_AT_ROWS = 5000;
/** Rows kept for a retry while the store fails; beyond, the oldest spans are dropped (and logged). */
const MAX_PENDING_ROWS = 200_000;
/** A device silent this long is forgotten (its next stats start a new interval anyway). */
const FORGET_AFTER_MS = HOUR_MS;

interface Entry {
  tenantId: string | null;
  type: number | null;
  /** Start of the open span; its samples are in `sums`. */
  bucket: number;
  sums: SpanSums;
  mark: CounterMark | null;
  lastAt: number;
}

export class TelemetryIngest {
  private readonly entries = new Map<string, Entry>();
  private closed: SeriesRow[] = [];
  private readonly stats = new Map<string, LatestStats>();
  private readonly states = new Map<string, LatestState>();
  private readonly ports = new Map<string, LatestPorts>();
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  private pendingRows(): number {
    return this.closed.length + this.stats.size + this.states.size + this.ports.size;
  }

  private closeSpan(deviceId: string, e: Entry): void {
    if (e.sums.n === 0) return;
    this.closed.push({
      device_id: deviceId,
      tenant_id: e.tenantId,
      type: e.type,
      bucket: e.bucket,
      ...e.sums,
    });
    e.sums = emptySums();
  }

  private later(): void {
    // One flush at a time: rows that arrive meanwhile wait for the next (not one waiter each).
    if (this.pendingRows() >= FLUSH_AT_ROWS && !this.flushing) void this.flush();
  }

  /** A stats message: one sample into the device's open span, and the latest gauges. */
  addStats(d: Reporter, m: UpMessage<'stats'>, now: number): void {
    const bucket = Math.floor(now / FINE_MS) * FINE_MS;
    let e = this.entries.get(d.id);
    if (!e) {
      e = { tenantId: d.tenantId, type: d.type, bucket, sums: emptySums(), mark: null, lastAt: now };
      this.entries.set(d.id, e);
    }
    // A new span, or the device changed hands: what was summed so far is written as it was.
    if (e.bucket !== bucket || e.tenantId !== d.tenantId || e.type !== d.type) {
      this.closeSpan(d.id, e);
      e.bucket = bucket;
      e.tenantId = d.tenantId;
      e.type = d.type;
    }
    const mark: CounterMark = { bootId: d.bootId, uptimeS: m.uptimeS, rx: m.rxBytes, tx: m.txBytes };
    const interval = intervalOf(e.mark, mark);
    e.mark = mark;
    e.lastAt = now;
    addSample(e.sums, {
      cpuPct: m.cpuPct,
      memPct: m.memPct,
      tempC: m.tempC,
      clients: m.clients,
      poe: m.poe,
      interval,
    });
    const radios = m.radios?.map((r) => ({ band: r.band, clients: r.clients, utilPct: r.utilPct ?? null }));
    this.stats.set(d.id, {
      device_id: d.id,
      tenant_id: d.tenantId,
      stats_at: now,
      cpu_pct: m.cpuPct ?? null,
      mem_pct: m.memPct ?? null,
      mem_total_kb: m.memTotalKB ?? null,
      temp_c: m.tempC ?? null,
      clients: m.clients,
      poe_budget_w: m.poe?.budgetW ?? null,
      poe_used_w: m.poe?.usedW ?? null,
      rx_rate: interval ? Math.round(interval.rx / interval.dt) : null,
      tx_rate: interval ? Math.round(interval.tx / interval.dt) : null,
      uptime_s: m.uptimeS,
      radio_stats: radios ? JSON.stringify(radios) : null,
    });
    this.later();
  }

  addState(d: Reporter, m: UpMessage<'state'>, now: number): void {
    const state = { ipMode: m.ipMode, config: m.config, radios: m.radios ?? [], wan: m.wan ?? [] };
    this.states.set(d.id, {
      device_id: d.id,
      tenant_id: d.tenantId,
      state_at: now,
      state: JSON.stringify(state),
    });
    this.later();
  }

  addPorts(d: Reporter, m: UpMessage<'ports'>, now: number): void {
    const table = { ports: m.ports, poe: m.poe ?? null };
    this.ports.set(d.id, {
      device_id: d.id,
      tenant_id: d.tenantId,
      ports_at: now,
      ports: JSON.stringify(table),
    });
    this.later();
  }

  /** Spans that ended by `now` are closed; devices long silent are forgotten. */
  closeDue(now: number): void {
    const current = Math.floor(now / FINE_MS) * FINE_MS;
    for (const [id, e] of this.entries) {
      if (e.bucket + FINE_MS <= now) {
        this.closeSpan(id, e);
        // The next sample sums into the span of its time; a closed span is not looked at again.
        e.bucket = current;
        if (now - e.lastAt > FORGET_AFTER_MS) this.entries.delete(id);
      }
    }
  }

  /**
   * Writes the closed spans and the latest reports in one transaction; one flush at a time.
   * `all` also writes the open spans as they are (at shutdown): a span may then have two rows,
   * which every reader and the roll-up add up.
   */
  async flush(all = false): Promise<void> {
    while (this.flushing) await this.flushing;
    const now = this.clock();
    this.closeDue(now);
    if (all) for (const [id, e] of this.entries) this.closeSpan(id, e);
    if (this.pendingRows() === 0) return;
    const rows = this.closed;
    const stats = [...this.stats.values()];
    const states = [...this.states.values()];
    const ports = [...this.ports.values()];
    this.closed = [];
    this.stats.clear();
    this.states.clear();
    this.ports.clear();
    this.flushing = this.db
      .transaction()
      .execute(async (trx) => {
        await insertSeries(trx, 'telemetry_5m', rows);
        if (stats.length > 0) await upsertLatest(trx, stats);
        if (states.length > 0) await upsertLatest(trx, states);
        if (ports.length > 0) await upsertLatest(trx, ports);
      })
      .catch((err: unknown) => this.restore(rows, stats, states, ports, err))
      .finally(() => {
        this.flushing = null;
      });
    await this.flushing;
  }

  /** A failed write: everything goes back for the next flush, newer reports winning. */
  private restore(
    rows: SeriesRow[],
    stats: LatestStats[],
    states: LatestState[],
    ports: LatestPorts[],
    err: unknown,
  ): void {
    this.log.error({ err }, 'writing telemetry failed; retrying');
    this.closed = [...rows, ...this.closed];
    const overflow = this.closed.length - MAX_PENDING_ROWS;
    if (overflow > 0) {
      this.closed.splice(0, overflow);
      this.log.warn({ dropped: overflow }, 'telemetry spans dropped: the store has been failing');
    }
    const back = <T extends { device_id: string }>(into: Map<string, T>, list: T[]) => {
      for (const r of list) if (!into.has(r.device_id)) into.set(r.device_id, r);
    };
    back(this.stats, stats);
    back(this.states, states);
    back(this.ports, ports);
  }

  /**
   * The device's open span as a row (not written yet), so charts show the last minutes too; only
   * for its tenant (the administrator: any).
   */
  openSpan(deviceId: string, tenantId: string | null, admin: boolean): SeriesRow | null {
    const e = this.entries.get(deviceId);
    if (!e || e.sums.n === 0 || (!admin && e.tenantId !== tenantId)) return null;
    return { device_id: deviceId, tenant_id: e.tenantId, type: e.type, bucket: e.bucket, ...e.sums };
  }

  /** Devices with an open span (memory in use, for tests and the benchmark). */
  get tracked(): number {
    return this.entries.size;
  }
}
