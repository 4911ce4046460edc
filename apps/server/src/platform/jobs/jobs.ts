/**
 * Durable jobs (docs/conventions.md, "Durable jobs"): one-off runs at a time and recurring runs on a
 * cron in a time zone, kept as rows in the store, leased to one node while they run, retried with
 * exponential back-off, and kept a while as a visible history. Time comes from the injected clock:
 * `runDue()` runs what is due and resolves when it is done, so tests move the clock instead of
 * waiting; `start()` polls (and wakes at once on an enqueue), `stop()` waits for running handlers.
 */
import { hostname } from 'node:os';
import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import { newId, type Clock } from '../ids.ts';
import type { Db, Engine } from '../store/db.ts';
import {
  advanceSchedule,
  claimRuns,
  countByStatus,
  deleteFinished,
  dueSchedules,
  finishRun,
  insertRun,
  listRuns,
  renewLease,
  upsertSchedule,
  type HistoryFilter,
  type JobRunRow,
} from './store.ts';
import type { JobStatus } from './tables.ts';

export interface JobContext<P> {
  id: string;
  name: string;
  payload: P;
  /** 1 for the first attempt. */
  attempt: number;
  /** When the run was due (a recurring run: its slot, or the start that found it missed). */
  dueAt: number;
  /** Aborted when the run's time is up (`timeoutMs`), its lease was lost, or the node stops. */
  signal: AbortSignal;
}

export type JobHandler<P = unknown> = (ctx: JobContext<P>) => Promise<void>;

export interface JobPolicy {
  /** Attempts before the run is dead (3). */
  attempts?: number;
  /** Back-off before attempt n+1: `baseMs * 2^(n-1)`, at most `maxMs` (5 s doubling, up to 10 min). */
  backoff?: { baseMs: number; maxMs: number };
  /** How long a node holds a run without renewing (60 s); renewed every third of it while the handler runs. */
  leaseMs?: number;
  /** An attempt running longer fails with a timeout (its signal is aborted). */
  timeoutMs?: number;
}

export interface JobsOptions {
  db: Db;
  engine: Engine;
  clock: Clock;
  log: FastifyBaseLogger;
  /** This node's name in leases and the history (host and process id). */
  node?: string;
  /** Poll interval of `start()` (1 s). */
  pollMs?: number;
  /** Runs this node executes at once (4). */
  concurrency?: number;
  /** Finished runs kept in the history: done ones (7 days), dead ones (30 days). */
  keepDoneMs?: number;
  keepDeadMs?: number;
}

export interface Recurring<P> {
  cron: string;
  /** IANA time zone the cron is read in ('UTC', 'Asia/Shanghai'). */
  timeZone: string;
  payload?: P;
}

/** Figures for operations (GET /metrics, /readyz). Runs, failures and durations are this node's since its start. */
export interface JobFigures {
  started: boolean;
  /** Runs in the store by status (every node's). */
  byStatus: Record<JobStatus, number>;
  perName: Record<string, { runs: number; failures: number; dead: number; durationMs: number }>;
}

interface Definition {
  handler: JobHandler<never>;
  attempts: number;
  backoff: { baseMs: number; maxMs: number };
  leaseMs: number;
  timeoutMs: number | undefined;
}

/** Error texts kept in the history are cut to this length. */
export const ERROR_MAX = 2000;
export const HOUSEKEEPING = 'jobs.housekeeping';
const DAY_MS = 86_400_000;
/** A loop of `runDue` that keeps finding due runs (a handler enqueuing itself) stops after this many rounds. */
const MAX_ROUNDS = 100;

export function backoffMs(attempt: number, b: { baseMs: number; maxMs: number }): number {
  return Math.min(b.maxMs, b.baseMs * 2 ** Math.max(0, attempt - 1));
}

/** The next slot of a cron strictly after `after` (croner computes it; its timers are not used). */
export function nextSlot(cron: string, timeZone: string, after: number): number {
  const next = new Cron(cron, { timezone: timeZone }).nextRun(new Date(after));
  if (!next) throw new Error(`cron ${cron} has no next run`);
  return next.getTime();
}

/** A run waiting for its time, as it is first stored. */
function queuedRun(
  id: string,
  name: string,
  key: string | null,
  payload: string,
  runAt: number,
  now: number,
): JobRunRow {
  return {
    id,
    name,
    key,
    payload,
    status: 'queued',
    run_at: runAt,
    attempt: 0,
    node: null,
    lease_until: null,
    started_at: null,
    finished_at: null,
    duration_ms: null,
    last_error: null,
    created_at: now,
  };
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX - 1)}…` : text;
}

export class Jobs {
  readonly node: string;
  private readonly defs = new Map<string, Definition>();
  private readonly schedules = new Map<string, Recurring<unknown>>();
  /** Schedules declared since the store last heard of them. */
  private unsynced = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private readonly perName = new Map<string, JobFigures['perName'][string]>();
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private polling: Promise<void> | null = null;
  private again = false;

  constructor(private readonly o: JobsOptions) {
    this.node = o.node ?? `${hostname()}:${process.pid}`;
    // History stays bounded: finished runs older than the keep windows go once a day.
    this.define(HOUSEKEEPING, async () => {
      const now = this.o.clock();
      const n = await deleteFinished(
        this.o.db,
        now - (this.o.keepDoneMs ?? 7 * DAY_MS),
        now - (this.o.keepDeadMs ?? 30 * DAY_MS),
      );
      if (n > 0) this.o.log.info({ deleted: n }, 'job history trimmed');
    });
    this.every(HOUSEKEEPING, { cron: '23 3 * * *', timeZone: 'UTC' });
  }

  /** The handler of a job and its retry policy; each name once. */
  define<P>(name: string, handler: JobHandler<P>, policy: JobPolicy = {}): void {
    if (this.defs.has(name)) throw new Error(`job ${name} is defined twice`);
    const attempts = policy.attempts ?? 3;
    if (!Number.isInteger(attempts) || attempts < 1) throw new Error(`job ${name}: attempts must be ≥ 1`);
    this.defs.set(name, {
      handler: handler as JobHandler<never>,
      attempts,
      backoff: policy.backoff ?? { baseMs: 5_000, maxMs: 600_000 },
      leaseMs: policy.leaseMs ?? 60_000,
      timeoutMs: policy.timeoutMs,
    });
  }

  /**
   * A recurring job, declared in code at start (the store keeps its next slot, by name). The cron
   * and time zone are checked here, so a bad one stops the start rather than a poll.
   */
  every<P>(name: string, r: Recurring<P>): void {
    nextSlot(r.cron, r.timeZone, this.o.clock());
    this.schedules.set(name, r);
    this.unsynced.add(name);
  }

  /**
   * Adds a one-off run, due at `at` (now by default). With a `key`, nothing is added while a run of
   * this name and key is pending. Resolves to the run's id, or null when the key held it back.
   */
  async enqueue<P>(
    name: string,
    payload: P,
    opts: { at?: number; key?: string } = {},
  ): Promise<string | null> {
    const now = this.o.clock();
    const id = newId();
    const added = await insertRun(
      this.o.db,
      queuedRun(id, name, opts.key ?? null, JSON.stringify(payload ?? null), opts.at ?? now, now),
    );
    if (added && this.started && (opts.at ?? now) <= now) this.wake();
    return added ? id : null;
  }

  /** Polls every `pollMs` until `stop()`; the first poll at once (what came due while down runs now). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.timer = setInterval(() => this.wake(), this.o.pollMs ?? 1000);
    this.timer.unref();
    this.wake();
  }

  get isStarted(): boolean {
    return this.started;
  }

  /** Stops polling and waits for the running handlers (their signals are not aborted: they finish). */
  async stop(): Promise<void> {
    this.started = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.polling;
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /**
   * Runs every run due at `now` (the clock by default), recurring slots included, and resolves
   * when they and whatever they made due meanwhile have finished.
   */
  async runDue(now?: number): Promise<void> {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const at = now ?? this.o.clock();
      await this.materialize(at);
      const claimed = await this.claim(at, Number.MAX_SAFE_INTEGER);
      if (claimed.length === 0) break;
      await Promise.allSettled(claimed.map((run) => this.track(this.execute(run, now))));
    }
    // The poller may have claimed a due run just before this call did: its claim may still be on the
    // way back from the store (not yet tracked), so wait for the poll as well as the runs.
    while (this.polling || this.running.size > 0) {
      await this.polling;
      await Promise.allSettled([...this.running]);
    }
  }

  async figures(): Promise<JobFigures> {
    return {
      started: this.started,
      byStatus: await countByStatus(this.o.db),
      perName: Object.fromEntries([...this.perName].map(([k, v]) => [k, { ...v }])),
    };
  }

  /** The runs, newest first (GET /system/jobs). */
  history(f: HistoryFilter): Promise<{ rows: JobRunRow[]; count: number }> {
    return listRuns(this.o.db, f);
  }

  // ---- polling ----

  private wake(): void {
    if (!this.started) return;
    if (this.polling) {
      this.again = true;
      return;
    }
    this.polling = this.poll().finally(() => {
      this.polling = null;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** One poll: never throws (a store that does not answer is logged and tried again next poll). */
  private async poll(): Promise<void> {
    try {
      const now = this.o.clock();
      await this.materialize(now);
      const free = (this.o.concurrency ?? 4) - this.running.size;
      for (const run of await this.claim(now, free)) {
        // A finished run frees a place: look again at once rather than a poll later.
        void this.track(this.execute(run)).then(() => this.wake());
      }
    } catch (err) {
      this.o.log.error({ err }, 'job poll failed');
    }
  }

  private track(p: Promise<void>): Promise<void> {
    this.running.add(p);
    return p.finally(() => this.running.delete(p));
  }

  // ---- recurring ----

  /** Turns each recurring job whose slot has come into one run, and moves its slot past now. */
  private async materialize(now: number): Promise<void> {
    const { db } = this.o;
    for (const name of [...this.unsynced]) {
      const r = this.schedules.get(name)!;
      await upsertSchedule(db, {
        name,
        cron: r.cron,
        time_zone: r.timeZone,
        payload: JSON.stringify(r.payload ?? null),
        next_at: nextSlot(r.cron, r.timeZone, now),
        updated_at: now,
      });
      this.unsynced.delete(name);
    }
    for (const s of await dueSchedules(db, [...this.schedules.keys()], now)) {
      // Slots missed while every node was down make one run, not one per slot: the next slot is
      // the first after now. The compare-and-set makes one node the one that adds it.
      await db.transaction().execute(async (tx) => {
        if (!(await advanceSchedule(tx, s.name, s.next_at, nextSlot(s.cron, s.time_zone, now)))) return;
        // The key holds the slot back while the previous run is still pending (running long, retrying).
        await insertRun(tx, queuedRun(newId(), s.name, 'every', s.payload, s.next_at, now));
      });
    }
  }

  // ---- running ----

  private claim(now: number, limit: number): Promise<JobRunRow[]> {
    const leases = new Map([...this.defs].map(([name, d]) => [name, d.leaseMs]));
    return claimRuns(this.o.db, { engine: this.o.engine, node: this.node, now, leases, limit });
  }

  private figure(name: string) {
    let f = this.perName.get(name);
    if (!f) this.perName.set(name, (f = { runs: 0, failures: 0, dead: 0, durationMs: 0 }));
    return f;
  }

  /** One attempt of a leased run; never throws. `now`: the time of a `runDue(now)` pass. */
  private async execute(run: JobRunRow, now?: number): Promise<void> {
    const def = this.defs.get(run.name)!;
    const time = () => Math.max(now ?? 0, this.o.clock());
    const startedAt = time();
    const { db, log } = this.o;
    try {
      if (run.attempt > def.attempts) {
        // Its last attempt's node died holding it (or it keeps killing nodes): no more tries.
        await finishRun(db, run, this.node, {
          status: 'dead',
          at: startedAt,
          durationMs: 0,
          error: run.last_error ?? 'lease expired on the last attempt (the node running it stopped)',
        });
        this.figure(run.name).dead++;
        return;
      }
      const abort = new AbortController();
      const renew = setInterval(
        () =>
          void renewLease(db, run, this.node, time() + def.leaseMs).then(
            (held) => {
              if (!held) abort.abort(new Error('lease lost'));
            },
            (err: unknown) => log.warn({ err, job: run.name, id: run.id }, 'job lease renewal failed'),
          ),
        Math.max(50, Math.floor(def.leaseMs / 3)),
      );
      renew.unref();
      let timeout: NodeJS.Timeout | undefined;
      let error: unknown = null;
      try {
        const work = def.handler({
          id: run.id,
          name: run.name,
          payload: JSON.parse(run.payload) as never,
          attempt: run.attempt,
          dueAt: run.run_at,
          signal: abort.signal,
        });
        const timedOut = def.timeoutMs
          ? new Promise<never>((_, reject) => {
              timeout = setTimeout(() => {
                const e = new Error(`timed out after ${def.timeoutMs} ms`);
                // Rejected first: a handler that gives up on the abort must not win the race.
                reject(e);
                abort.abort(e);
              }, def.timeoutMs);
            })
          : null;
        await (timedOut ? Promise.race([work, timedOut]) : work);
      } catch (err) {
        error = err ?? new Error('failed');
      } finally {
        clearInterval(renew);
        clearTimeout(timeout);
      }
      const at = time();
      const durationMs = Math.max(0, at - startedAt);
      const f = this.figure(run.name);
      f.runs++;
      f.durationMs += durationMs;
      if (error === null) {
        await finishRun(db, run, this.node, { status: 'done', at, durationMs });
        return;
      }
      f.failures++;
      const text = errorText(error);
      const last = run.attempt >= def.attempts;
      if (last) f.dead++;
      log.warn(
        { err: error, job: run.name, id: run.id, attempt: run.attempt, dead: last },
        last ? 'job failed for the last time' : 'job failed, will retry',
      );
      await finishRun(db, run, this.node, {
        status: last ? 'dead' : 'failed',
        at,
        durationMs,
        error: text,
        ...(last ? {} : { runAt: at + backoffMs(run.attempt, def.backoff) }),
      });
    } catch (err) {
      // The store failed to record the end: the lease runs out and another poll takes the run again.
      log.error({ err, job: run.name, id: run.id }, 'job end not recorded');
    }
  }
}
