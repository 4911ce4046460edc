/**
 * Ingest metrics: how many device messages came in and what became of them, how many rows each
 * batched writer committed, and the ingest lag — the time from the gateway receiving a message to
 * the commit of the store transaction that holds its effect. Read by the administrator at
 * GET /system/metrics and by `npm run bench:ingest`, which diffs two readings over a window.
 *
 * Lag: the gateway calls `handled(sn, receivedAt)` once a message's handling is over. A writer that
 * flushes per device calls `flushStart(source, sns)` as it takes its batch: every handled message of
 * those devices is then in it (its handling marked the device to write). When the transaction
 * commits, `done(rows)` turns each into a lag sample. A message handled before a batch that does not
 * name its device changed nothing to write (a repeat, a late will) and is forgotten. Any other
 * batched writer (telemetry, logs…) feeds the same figures: `flushStart('telemetry')` for counts
 * and durations, plus `lag(ms)` for each message whose effect it committed, if it tracks that itself.
 */
import { monitorEventLoopDelay, performance, type IntervalHistogram } from 'node:perf_hooks';
import type { CounterSnapshot } from './counters.ts';

/** Lag histogram: bucket i holds samples up to GROWTH^i ms (about 10 % resolution), 1 ms to ~25 h. */
const GROWTH = 1.1;
const BUCKETS = 200;
const LOG_GROWTH = Math.log(GROWTH);

/** One event-loop monitor per process, started by the first reading (nobody reads: no cost). */
let loop: IntervalHistogram | null = null;

function bucketOf(ms: number): number {
  if (ms <= 1) return 0;
  return Math.min(BUCKETS - 1, Math.ceil(Math.log(ms) / LOG_GROWTH));
}

/** The upper bound of a bucket, in ms. */
export function bucketUpperMs(i: number): number {
  return Math.round(GROWTH ** i * 10) / 10;
}

export interface LagSnapshot {
  count: number;
  sumMs: number;
  maxMs: number;
  /** Cumulative since start: [upper bound ms, samples] for every non-empty bucket. */
  buckets: [number, number][];
}

export interface FlushSnapshot {
  batches: number;
  rows: number;
  failures: number;
  /** Time spent in transactions, ms. */
  busyMs: number;
  maxMs: number;
}

export interface MetricsSnapshot {
  /** Server time of the reading, Unix ms, and its monotonic twin (for rates between readings). */
  at: number;
  uptimeMs: number;
  gateway: CounterSnapshot;
  flush: Record<string, FlushSnapshot>;
  lag: LagSnapshot;
  /** Messages handled whose batch has not committed yet. */
  pending: number;
  process: {
    rssBytes: number;
    heapUsedBytes: number;
    cpuUserMs: number;
    cpuSystemMs: number;
    /** Event-loop delay since the previous reading, ms. */
    loopDelayP99Ms: number;
    loopDelayMaxMs: number;
  };
}

/** Percentile of a histogram given as [upper bound, count] pairs (ascending). */
export function quantileMs(buckets: readonly [number, number][], q: number): number {
  const total = buckets.reduce((s, [, n]) => s + n, 0);
  if (total === 0) return 0;
  const want = Math.max(1, Math.ceil(total * q));
  let seen = 0;
  for (const [upper, n] of buckets) {
    seen += n;
    if (seen >= want) return upper;
  }
  return buckets.at(-1)![0];
}

/** One batch of a writer between `flushStart` and its commit. */
export interface FlushTicket {
  /** The transaction committed, with this many rows. */
  done(rows: number): void;
  /** The transaction failed: its devices' messages wait for the retry. */
  failed(): void;
}

interface Batch {
  sns: ReadonlySet<string>;
  takenAt: number;
  /** Receive times of the messages the batch holds, and their devices. */
  stamps: number[];
  of: string[];
  committedAt: number | null;
}

export class IngestMetrics {
  private readonly startedAt = performance.now();
  private readonly hist = new Array<number>(BUCKETS).fill(0);
  private lagCount = 0;
  private lagSum = 0;
  private lagMax = 0;
  private readonly flushes = new Map<string, FlushSnapshot>();
  /** Handled messages per device, waiting for the next per-device batch to take them. */
  private waiting = new Map<string, number[]>();
  /** The latest per-device batch: a message handled just after it was taken may already be in it. */
  private latest: Batch | null = null;
  private inFlight = 0;

  constructor(private readonly counters: { snapshot(): CounterSnapshot }) {}

  /** The monotonic clock the stamps use. */
  now(): number {
    return performance.now();
  }

  /** A message of `sn`, received at `receivedAt` (from `now()`), has been handled. */
  handled(sn: string, receivedAt: number): void {
    const b = this.latest;
    // Taken while this message was being handled, and naming its device: it holds the effect.
    if (b && b.takenAt >= receivedAt && b.sns.has(sn)) {
      if (b.committedAt === null) {
        b.stamps.push(receivedAt);
        b.of.push(sn);
        this.inFlight++;
      } else this.lag(b.committedAt - receivedAt);
      return;
    }
    const list = this.waiting.get(sn);
    if (list) list.push(receivedAt);
    else this.waiting.set(sn, [receivedAt]);
  }

  /** Adds one lag sample, ms. */
  lag(ms: number): void {
    const v = Math.max(0, ms);
    this.hist[bucketOf(v)]!++;
    this.lagCount++;
    this.lagSum += v;
    if (v > this.lagMax) this.lagMax = v;
  }

  /**
   * A writer takes a batch. `sns`: the devices a per-device writer is about to write (it then holds
   * every message of theirs handled so far); omitted by writers that only want counts and durations.
   */
  flushStart(source: string, sns?: readonly string[]): FlushTicket {
    const started = performance.now();
    let batch: Batch | null = null;
    if (sns) {
      const stamps: number[] = [];
      const of: string[] = [];
      const set = new Set(sns);
      for (const sn of set) {
        const list = this.waiting.get(sn);
        if (!list) continue;
        for (const t of list) {
          stamps.push(t);
          of.push(sn);
        }
      }
      // The rest changed nothing still to write.
      this.waiting = new Map();
      batch = { sns: set, takenAt: started, stamps, of, committedAt: null };
      this.latest = batch;
      this.inFlight += stamps.length;
    }
    const stats = this.flushOf(source);
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      const ms = performance.now() - started;
      stats.batches++;
      stats.busyMs += ms;
      if (ms > stats.maxMs) stats.maxMs = ms;
      return true;
    };
    return {
      done: (rows) => {
        if (!settle()) return;
        stats.rows += rows;
        if (!batch) return;
        const at = performance.now();
        batch.committedAt = at;
        this.inFlight -= batch.stamps.length;
        for (const t of batch.stamps) this.lag(at - t);
        batch.stamps = [];
        batch.of = [];
      },
      failed: () => {
        if (!settle()) return;
        stats.failures++;
        if (!batch) return;
        // The writer retries these devices: their messages wait for that batch.
        this.inFlight -= batch.stamps.length;
        if (this.latest === batch) this.latest = null;
        batch.stamps.forEach((t, i) => this.handled(batch.of[i]!, t));
        batch.stamps = [];
        batch.of = [];
      },
    };
  }

  private flushOf(source: string): FlushSnapshot {
    let s = this.flushes.get(source);
    if (!s) {
      s = { batches: 0, rows: 0, failures: 0, busyMs: 0, maxMs: 0 };
      this.flushes.set(source, s);
    }
    return s;
  }

  /**
   * The ingest figures alone, without side effects (the Prometheus scrape, domains/ops, reads
   * these: unlike `snapshot()` it leaves the event-loop window of the administrator's reading alone).
   */
  figures(): Pick<MetricsSnapshot, 'gateway' | 'flush' | 'lag' | 'pending'> {
    const buckets: [number, number][] = [];
    this.hist.forEach((n, i) => {
      if (n > 0) buckets.push([bucketUpperMs(i), n]);
    });
    let waiting = 0;
    for (const list of this.waiting.values()) waiting += list.length;
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      gateway: this.counters.snapshot(),
      flush: Object.fromEntries(
        [...this.flushes].map(([k, v]) => [k, { ...v, busyMs: round(v.busyMs), maxMs: round(v.maxMs) }]),
      ),
      lag: { count: this.lagCount, sumMs: round(this.lagSum), maxMs: round(this.lagMax), buckets },
      pending: waiting + this.inFlight,
    };
  }

  snapshot(): MetricsSnapshot {
    const figures = this.figures();
    const mem = process.memoryUsage();
    const cpu = process.cpuUsage();
    if (!loop) {
      loop = monitorEventLoopDelay({ resolution: 20 });
      loop.enable();
    }
    const loopP99 = loop.percentile(99) / 1e6;
    const loopMax = loop.max / 1e6;
    loop.reset();
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      at: Date.now(),
      uptimeMs: Math.round(performance.now() - this.startedAt),
      ...figures,
      process: {
        rssBytes: mem.rss,
        heapUsedBytes: mem.heapUsed,
        cpuUserMs: Math.round(cpu.user / 1000),
        cpuSystemMs: Math.round(cpu.system / 1000),
        loopDelayP99Ms: round(Number.isFinite(loopP99) ? loopP99 : 0),
        loopDelayMaxMs: round(Number.isFinite(loopMax) ? loopMax : 0),
      },
    };
  }
}
