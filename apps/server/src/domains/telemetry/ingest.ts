/**
 * Telemetry as it arrives: each device's open 5-minute span is summed in memory (a few dozen
 * numbers per device), closed spans and the latest reports wait in memory and are written together,
 * one transaction per flush with multi-row inserts. Nothing here touches the store per message.
 * Every flush also writes each changed device's open span so far and counter mark (its carry), so
 * a kill -9 loses at most one flush interval of figures and, through the mark, no bytes of traffic.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { UpMessage } from '@netconsole/contract';
import type { Db } from '../../platform/store/db.ts';
import {
  FINE_MS,
  HOUR_MS,
  MAX_INTERVAL_S,
  addSample,
  emptySums,
  intervalOf,
  type CounterMark,
  type SpanSums,
} from './series.ts';
import {
  findCarries,
  insertFineSpans,
  upsertCarries,
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

/** Device ids whose carry is read per query when they first report after a start. */
const CARRY_READ_CHUNK = 500;

interface Entry {
  tenantId: string | null;
  type: number | null;
  /** Start of the open span; its samples are in `sums`. */
  bucket: number;
  sums: SpanSums;
  mark: CounterMark | null;
  /** Server time of `mark`. */
  markAt: number;
  /** `mark` was read back from the store (written by an earlier process or another node). */
  restored: boolean;
  lastAt: number;
}

/** An entry as telemetry_latest.carry keeps it (JSON). */
export interface Carry {
  bucket: number;
  tenantId: string | null;
  type: number | null;
  sums: SpanSums;
  mark: CounterMark | null;
  markAt: number;
}

export class TelemetryIngest {
  private readonly entries = new Map<string, Entry>();
  private closed: SeriesRow[] = [];
  private readonly stats = new Map<string, LatestStats>();
  private readonly states = new Map<string, LatestState>();
  private readonly ports = new Map<string, LatestPorts>();
  /** Devices whose entry changed since the last flush: their carry is written with it. */
  private readonly dirty = new Set<string>();
  /** First reports of devices without an entry, waiting for their carry to be read. */
  private readonly waiting = new Map<string, (() => void)[]>();
  private loading: Promise<void> | null = null;
  private flushing: Promise<void> | null = null;
  /** Marks older than this were written before this process started (docs/telemetry.md, "Kill -9"). */
  private readonly startedAt: number;

  constructor(
    private readonly db: Db,
    private readonly clock: () => number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.startedAt = clock();
  }

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
    this.dirty.add(deviceId);
  }

  private later(): void {
    // One flush at a time: rows that arrive meanwhile wait for the next (not one waiter each).
    // While carries are read, a flush would only wait: the read's end looks again.
    if (this.pendingRows() >= FLUSH_AT_ROWS && !this.flushing && !this.loading) void this.flush();
  }

  /**
   * A stats message: one sample into the device's open span, and the latest gauges. A device
   * without an entry (first report since this process started, or since it was forgotten) first
   * gets its carry back from the store; its reports wait for that in order.
   */
  addStats(d: Reporter, m: UpMessage<'stats'>, now: number): void {
    if (this.entries.has(d.id)) return this.takeStats(d, m, now);
    const queue = this.waiting.get(d.id);
    const take = () => this.takeStats(d, m, now);
    if (queue) queue.push(take);
    else this.waiting.set(d.id, [take]);
    this.readCarries();
  }

  /** Reads the carries of the waiting devices, a chunk per query; one reader at a time. */
  private readCarries(): void {
    if (this.loading) return;
    this.loading = (async () => {
      // A reconnecting fleet's first reports arrive together: let them gather into one query.
      await new Promise((r) => setImmediate(r));
      while (this.waiting.size > 0) {
        const ids = [...this.waiting.keys()].slice(0, CARRY_READ_CHUNK);
        let carries = new Map<string, string>();
        try {
          carries = await findCarries(this.db, ids);
        } catch (err) {
          this.log.error({ err }, 'reading telemetry carries failed; those devices start afresh');
        }
        for (const id of ids) {
          const queue = this.waiting.get(id) ?? [];
          this.waiting.delete(id);
          this.entries.set(id, this.entryOf(carries.get(id)));
          for (const take of queue) take();
        }
      }
    })().finally(() => {
      this.loading = null;
      // Reports that came between the last read and now.
      if (this.waiting.size > 0) this.readCarries();
      else this.later();
    });
  }

  /** A device's entry from its stored carry: the open span continues, the mark measures on. */
  private entryOf(json: string | undefined): Entry {
    const e: Entry = {
      tenantId: null,
      type: null,
      bucket: 0,
      sums: emptySums(),
      mark: null,
      markAt: 0,
      restored: false,
      lastAt: this.clock(),
    };
    if (!json) return e;
    try {
      const c = JSON.parse(json) as Carry;
      Object.assign(e, { tenantId: c.tenantId, type: c.type, bucket: c.bucket, sums: c.sums });
      Object.assign(e, { mark: c.mark, markAt: c.markAt, restored: c.mark !== null });
    } catch (err) {
      this.log.warn({ err }, 'unreadable telemetry carry ignored');
    }
    return e;
  }

  /**
   * How long two stats may be apart and still measure traffic. After a restart the server's own
   * outage is not the device's absence: a mark written before this process started measures on
   * whatever the gap, if the device reported within MAX_INTERVAL_S of the start.
   */
  private maxGapS(e: Entry, now: number): number {
    const acrossRestart = e.restored && e.markAt < this.startedAt;
    return acrossRestart && now - this.startedAt <= MAX_INTERVAL_S * 1000 ? Infinity : MAX_INTERVAL_S;
  }

  private takeStats(d: Reporter, m: UpMessage<'stats'>, now: number): void {
    const bucket = Math.floor(now / FINE_MS) * FINE_MS;
    const e = this.entries.get(d.id)!;
    // A new span, or the device changed hands: what was summed so far is written as it was.
    if (e.bucket !== bucket || e.tenantId !== d.tenantId || e.type !== d.type) {
      this.closeSpan(d.id, e);
      e.bucket = bucket;
      e.tenantId = d.tenantId;
      e.type = d.type;
    }
    const mark: CounterMark = { bootId: d.bootId, uptimeS: m.uptimeS, rx: m.rxBytes, tx: m.txBytes };
    const interval = intervalOf(e.mark, mark, this.maxGapS(e, now));
    e.mark = mark;
    e.markAt = now;
    e.restored = false;
    e.lastAt = now;
    this.dirty.add(d.id);
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

  /** Spans that ended by `now` are closed. */
  closeDue(now: number): void {
    const current = Math.floor(now / FINE_MS) * FINE_MS;
    for (const [id, e] of this.entries) {
      if (e.bucket + FINE_MS <= now) {
        this.closeSpan(id, e);
        // The next sample sums into the span of its time; a closed span is not looked at again.
        e.bucket = current;
      }
    }
  }

  /** Devices long silent are forgotten (their carry, written already, brings them back). */
  private forget(now: number): void {
    for (const [id, e] of this.entries) {
      if (now - e.lastAt > FORGET_AFTER_MS && !this.dirty.has(id)) this.entries.delete(id);
    }
  }

  private carryOf(e: Entry): string {
    const c: Carry = {
      bucket: e.bucket,
      tenantId: e.tenantId,
      type: e.type,
      sums: e.sums,
      mark: e.mark,
      markAt: e.markAt,
    };
    return JSON.stringify(c);
  }

  /**
   * Writes the closed spans, the latest reports and the changed devices' carries (open span so
   * far, counter mark) in one transaction; one flush at a time. The carry is what a restart reads
   * back, so it always matches the spans written with it. `all` also writes the open spans as
   * they are (at shutdown): a span may then have two rows, which every reader and the roll-up add up.
   */
  async flush(all = false): Promise<void> {
    // No await unless there is something to wait for: a flush starts at once.
    while (this.loading || this.flushing) await (this.loading ?? this.flushing);
    const now = this.clock();
    this.closeDue(now);
    if (all) for (const [id, e] of this.entries) this.closeSpan(id, e);
    if (this.pendingRows() === 0 && this.dirty.size === 0) return this.forget(now);
    const rows = this.closed;
    const carried = [...this.dirty];
    // A device's carry rides on its stats row; devices without one (a span closed while they were
    // silent) get a row of their carry alone.
    const stats = [...this.stats.values()];
    const carries: { device_id: string; carry: string }[] = [];
    for (const id of carried) {
      const e = this.entries.get(id);
      if (!e) continue;
      const row = this.stats.get(id);
      if (row) row.carry = this.carryOf(e);
      else carries.push({ device_id: id, carry: this.carryOf(e) });
    }
    const states = [...this.states.values()];
    const ports = [...this.ports.values()];
    this.closed = [];
    // Not the devices carried now: should this write fail, their entries make the carry again.
    this.forget(now);
    this.dirty.clear();
    this.stats.clear();
    this.states.clear();
    this.ports.clear();
    this.flushing = this.db
      .transaction()
      .execute(async (trx) => {
        await insertFineSpans(trx, rows);
        if (stats.length > 0) await upsertLatest(trx, stats);
        if (carries.length > 0) await upsertCarries(trx, carries);
        if (states.length > 0) await upsertLatest(trx, states);
        if (ports.length > 0) await upsertLatest(trx, ports);
      })
      .catch((err: unknown) => this.restore(rows, stats, states, ports, carried, err))
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
    carried: string[],
    err: unknown,
  ): void {
    this.log.error({ err }, 'writing telemetry failed; retrying');
    // Their carries are made afresh from the entries at the next flush.
    for (const id of carried) this.dirty.add(id);
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
