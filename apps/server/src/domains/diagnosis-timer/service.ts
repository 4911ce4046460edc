/**
 * Timers and the built-in timed tasks (docs/diagnosis.md "Timers"). A timer fires each day at its
 * hour:minute:second in its IANA time zone (the cron `s m h * * *`, slots by croner through
 * platform/jobs `nextSlot`), and a firing is one `diagnosis.dispatch` with the timer's request.
 *
 * Firings are durable one-off runs of the job `diagnosis-timer.fire` ({ timerId, slot }), one
 * pending per enabled timer, chained: a firing first adds the run of the next slot, then takes its
 * own slot with a compare-and-set on the timer's `next_run`, then dispatches. So any node runs any
 * firing (one job name every node defines, not a schedule per timer that only the node which
 * declared it would claim), a restart loses none (the run is a row), two nodes never fire one slot
 * twice (the lease, then the compare-and-set), and a changed, disabled or removed timer leaves a
 * pending run that finds its slot no longer the timer's next one and does nothing.
 */
import { ErrorCode } from '@netconsole/contract';
import type {
  AddTimerInput,
  DiagnoseDispatch,
  ListReply,
  OnTimeName,
  OnTimeTaskItem,
  TimerItem,
  TimerQuery,
  TimerRadius,
  UpdateOnTimeTaskBody,
} from '@netconsole/contract';
import {
  DEFAULT_PROBE_DOMAINS,
  DeviceType,
  DIAGNOSIS_LIMITS,
  ON_TIME_DEFAULT,
  ON_TIME_NAMES,
  TIMER_DEVICES_MAX,
  TIMERS_PER_TENANT_MAX,
} from '@netconsole/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import { nextSlot, type Jobs } from '../../platform/jobs/jobs.ts';
import type { Db } from '../../platform/store/db.ts';
import {
  builtinTimers,
  claimSlot,
  countUserTimers,
  deleteTimer,
  enabledTimers,
  findTimer,
  insertBuiltins,
  insertTimer,
  pageTimers,
  recordFiring,
  updateTimer,
  type DiagnosisTimerRow,
} from './store.ts';
import type { DiagnosisTimerTable } from './tables.ts';

export const JOB_FIRE = 'diagnosis-timer.fire';
export const JOB_REPAIR = 'diagnosis-timer.repair';
const SYSTEM: Scope = { tenantId: null, admin: true };

export interface FirePayload {
  timerId: string;
  slot: number;
}

/** Who started a run, as the diagnosis service takes it. */
export interface DispatchOrigin {
  by: { id: string; name: string } | null;
  timerId?: string | null;
  timerName?: string | null;
}

/** What the timers need of other domains: constructor arguments (docs/conventions.md). */
export interface TimerDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: Jobs;
  /** The zone of a timer saved without one, and of a tenant's built-in tasks (DEFAULT_TIME_ZONE). */
  defaultTimeZone: string;
  /** A device the caller may see, or an AppError (the device domain's `require`). */
  requireDevice: (scope: Scope, id: string) => Promise<unknown>;
  /** The _ids of the scope's online devices (of one type, or all), oldest first, at most `limit`. */
  onlineDevices: (scope: Scope, type: number | null, limit: number) => Promise<string[]>;
  /** The diagnosis service's dispatch (domains/diagnosis). */
  dispatch: (scope: Scope, req: DiagnoseDispatch, origin: DispatchOrigin) => Promise<{ _id: string }>;
}

const cronOf = (t: { hour: number; minute: number; second: number }) =>
  `${t.second} ${t.minute} ${t.hour} * * *`;

function parseList<T>(text: string): T[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? (v as T[]) : [];
  } catch {
    return [];
  }
}

/** The tenant a timer is written for; the administrator has none (28059). */
function tenantOf(scope: Scope): string {
  if (!scope.tenantId) throw new AppError(ErrorCode.TimerTenantRequired);
  return scope.tenantId;
}

function itemOf(r: DiagnosisTimerRow): TimerItem {
  return {
    _id: r.id,
    Name: r.name,
    Descr: r.descr,
    Data: { Hour: r.hour, Minute: r.minute, Second: r.second },
    Status: r.status === 1 ? 1 : 0,
    TimeZone: r.time_zone,
    Kind: r.kind === 'portal' ? 'portal' : 'network',
    Type: r.type === 2 ? 2 : 1,
    Devices: parseList<string>(r.devices),
    Targets: parseList<string>(r.targets),
    Count: r.count,
    Size: r.size,
    PortalUrl: r.portal_url,
    Radius: parseList<TimerRadius>(r.radius),
    NextRun: r.status === 1 && r.next_run !== null ? Number(r.next_run) : null,
    LastRun: r.last_run === null ? null : Number(r.last_run),
    LastRunId: r.last_run_id,
    LastError: r.last_error,
    CreateTime: Number(r.created_at),
    Creator: r.creator_id,
    CreatorName: r.creator_name,
  };
}

function taskOf(r: DiagnosisTimerRow): OnTimeTaskItem {
  return {
    Name: r.builtin as OnTimeName,
    Data: { Hour: r.hour, Minute: r.minute, Second: r.second },
    Status: r.status === 1 ? 1 : 0,
    TimeZone: r.time_zone,
    NextRun: r.status === 1 && r.next_run !== null ? Number(r.next_run) : null,
    LastRun: r.last_run === null ? null : Number(r.last_run),
    LastRunId: r.last_run_id,
    LastError: r.last_error,
  };
}

export class TimerService {
  constructor(private readonly o: TimerDeps) {}

  // ---- the user's timers ----

  async list(scope: Scope, q: TimerQuery): Promise<ListReply<TimerItem>> {
    const { rows, count } = await pageTimers(
      this.o.db,
      scope,
      { search: q.search, status: q.Status, kind: q.Kind, id: q._id },
      (q.page - 1) * q.limit,
      q.limit,
    );
    return { list: rows.map(itemOf), count, limit: q.limit, page: q.page, sort: q.sort ?? null };
  }

  /** Creates a timer, or changes the one named by `_id`; the reply is the timer as stored. */
  async save(scope: Scope, by: { id: string; name: string }, body: AddTimerInput): Promise<TimerItem> {
    const tenantId = tenantOf(scope);
    const { db, clock } = this.o;
    const targets = [...new Set(body.Targets)];
    const radius = body.Radius ?? [];
    if (body.Kind === 'network' ? targets.length === 0 : !body.PortalUrl && radius.length === 0)
      throw new AppError(ErrorCode.TimerTargetsRequired);
    const devices = [...new Set(body.Devices)];
    for (const id of devices) {
      try {
        await this.o.requireDevice(scope, id);
      } catch (err) {
        if (err instanceof AppError) throw new AppError(ErrorCode.TimerDeviceNotExist);
        throw err;
      }
    }
    const existing = body._id === undefined ? undefined : await findTimer(db, scope, body._id);
    if (body._id !== undefined && (!existing || existing.builtin !== null))
      throw new AppError(ErrorCode.TimerNotFound);
    if (!existing && (await countUserTimers(db, scope)) >= TIMERS_PER_TENANT_MAX)
      throw new AppError(ErrorCode.TimerLimit, { max: TIMERS_PER_TENANT_MAX });
    const now = clock();
    const zone = body.TimeZone ?? existing?.time_zone ?? this.o.defaultTimeZone;
    const time = { hour: body.Data.Hour, minute: body.Data.Minute, second: body.Data.Second };
    const fields = {
      name: body.Name,
      descr: body.Descr,
      ...time,
      status: body.Status,
      time_zone: zone,
      kind: body.Kind,
      type: body.Type,
      devices: JSON.stringify(devices),
      targets: JSON.stringify(body.Kind === 'network' ? targets : []),
      count: body.Count,
      size: body.Size,
      portal_url: body.Kind === 'portal' ? (body.PortalUrl ?? null) : null,
      radius: JSON.stringify(body.Kind === 'portal' ? radius : []),
      next_run: body.Status === 1 ? nextSlot(cronOf(time), zone, now) : null,
      updated_at: now,
    };
    let id: string;
    if (existing) {
      id = existing.id;
      await updateTimer(db, scope, id, fields);
    } else {
      id = newId();
      await insertTimer(db, {
        id,
        tenant_id: tenantId,
        builtin: null,
        ...fields,
        last_run: null,
        last_run_id: null,
        last_error: null,
        creator_id: by.id,
        creator_name: by.name,
        created_at: now,
      });
    }
    if (fields.next_run !== null) await this.enqueueSlot(id, fields.next_run);
    return itemOf((await findTimer(db, scope, id))!);
  }

  async remove(scope: Scope, id: string): Promise<{ _id: string }> {
    tenantOf(scope);
    // Its pending firing stays queued and does nothing when it comes (no timer).
    if (!(await deleteTimer(this.o.db, scope, id))) throw new AppError(ErrorCode.TimerNotFound);
    return { _id: id };
  }

  // ---- the built-in tasks ----

  /**
   * The tenant's two built-in tasks, made on first need (spec §4: 10:30:30, disabled, in
   * DEFAULT_TIME_ZONE): a tenant of any age has them when it first looks or changes one, and a
   * task nobody looked at is disabled anyway, so nothing is missed by not making them earlier.
   */
  private async builtins(tenantId: string): Promise<DiagnosisTimerRow[]> {
    const scope: Scope = { tenantId, admin: false };
    const have = await builtinTimers(this.o.db, scope);
    if (have.length >= ON_TIME_NAMES.length) return have;
    const now = this.o.clock();
    const missing = ON_TIME_NAMES.filter((n) => !have.some((r) => r.builtin === n));
    await insertBuiltins(
      this.o.db,
      missing.map((name): Insertable<DiagnosisTimerTable> => ({
        id: newId(),
        tenant_id: tenantId,
        builtin: name,
        name,
        descr: '',
        hour: ON_TIME_DEFAULT.Hour,
        minute: ON_TIME_DEFAULT.Minute,
        second: ON_TIME_DEFAULT.Second,
        status: 0,
        time_zone: this.o.defaultTimeZone,
        kind: name === 'OnTimerPortalCheck' ? 'portal' : 'network',
        type: 1,
        devices: '[]',
        targets: name === 'OnTimerPortalCheck' ? '[]' : JSON.stringify(DEFAULT_PROBE_DOMAINS),
        count: DIAGNOSIS_LIMITS.count.default,
        size: DIAGNOSIS_LIMITS.sizeBytes.default,
        portal_url: null,
        radius: '[]',
        next_run: null,
        last_run: null,
        last_run_id: null,
        last_error: null,
        creator_id: null,
        creator_name: null,
        created_at: now,
        updated_at: now,
      })),
    );
    return builtinTimers(this.o.db, scope);
  }

  /** The tenant's tasks in ON_TIME_NAMES order; the administrator, who has no tenant, none. */
  async onTimeAll(scope: Scope): Promise<OnTimeTaskItem[]> {
    if (!scope.tenantId) return [];
    const rows = await this.builtins(scope.tenantId);
    return ON_TIME_NAMES.flatMap((n) => rows.filter((r) => r.builtin === n).map(taskOf));
  }

  async updateOnTime(scope: Scope, body: UpdateOnTimeTaskBody): Promise<OnTimeTaskItem> {
    const tenantId = tenantOf(scope);
    const row = (await this.builtins(tenantId)).find((r) => r.builtin === body.Name);
    if (!row) throw new AppError(ErrorCode.OnTimeNameInvalid);
    const time = body.Data
      ? { hour: body.Data.Hour, minute: body.Data.Minute, second: body.Data.Second }
      : { hour: row.hour, minute: row.minute, second: row.second };
    const status = body.Status ?? (row.status === 1 ? 1 : 0);
    const zone = body.TimeZone ?? row.time_zone;
    const now = this.o.clock();
    const next = status === 1 ? nextSlot(cronOf(time), zone, now) : null;
    await updateTimer(this.o.db, scope, row.id, {
      ...time,
      status,
      time_zone: zone,
      next_run: next,
      updated_at: now,
    });
    if (next !== null) await this.enqueueSlot(row.id, next);
    return taskOf((await findTimer(this.o.db, scope, row.id))!);
  }

  // ---- firing ----

  /** The pending firing of a timer's slot; nothing new while one for that slot is pending. */
  private async enqueueSlot(timerId: string, slot: number): Promise<void> {
    const payload: FirePayload = { timerId, slot };
    await this.o.jobs.enqueue(JOB_FIRE, payload, { at: slot, key: `${timerId}:${slot}` });
  }

  /** One firing (job `diagnosis-timer.fire`); safe to run again. */
  async fire({ timerId, slot }: FirePayload): Promise<void> {
    const { db, clock, log } = this.o;
    const t = await findTimer(db, SYSTEM, timerId);
    if (!t || t.status !== 1 || t.next_run === null || Number(t.next_run) !== slot) return;
    const now = clock();
    const next = nextSlot(cronOf(t), t.time_zone, Math.max(now, slot));
    // The next slot's run first: a node dying after this leaves the chain whole.
    await this.enqueueSlot(t.id, next);
    if (!(await claimSlot(db, SYSTEM, t.id, slot, next, now))) return;
    const scope: Scope = { tenantId: t.tenant_id, admin: false };
    try {
      const req = await this.requestOf(scope, t);
      const { _id } = await this.o.dispatch(scope, req, { by: null, timerId: t.id, timerName: t.name });
      await recordFiring(db, SYSTEM, t.id, { runId: _id, error: null });
    } catch (err) {
      // The slot is taken: a refusal is recorded on the timer, not retried (a retry would find the
      // slot gone and do nothing anyway).
      const code = err instanceof AppError ? err.code : ErrorCode.Internal;
      if (!(err instanceof AppError)) log.error({ err, timerId }, 'timer firing failed');
      await recordFiring(db, SYSTEM, t.id, { runId: null, error: code });
    }
  }

  /** What a firing asks of the diagnosis service. */
  private async requestOf(scope: Scope, t: DiagnosisTimerRow): Promise<DiagnoseDispatch> {
    const base = { Type: t.type === 2 ? 2 : 1, Count: t.count, Size: t.size } as const;
    if (t.builtin === null) {
      return {
        ...base,
        Kind: t.kind === 'portal' ? 'portal' : 'network',
        Devices: parseList<string>(t.devices),
        Targets: parseList<string>(t.targets),
        PortalUrl: t.portal_url,
        Radius: parseList<TimerRadius>(t.radius),
      };
    }
    // Built-ins run from the devices online at the time: the network check from any (at most
    // TIMER_DEVICES_MAX, oldest first), the portal check from the access points guests join.
    const portal = t.builtin === 'OnTimerPortalCheck';
    const devices = await this.o.onlineDevices(scope, portal ? DeviceType.AP : null, TIMER_DEVICES_MAX);
    if (devices.length === 0) throw new AppError(ErrorCode.TimerNoOnlineDevices);
    return portal
      ? // No portal page named: the diagnosis checks the console's own guest portal (portal.ts).
        { ...base, Kind: 'portal', Devices: devices, Targets: [], PortalUrl: null, Radius: [] }
      : {
          ...base,
          Kind: 'network',
          Devices: devices,
          Targets: parseList<string>(t.targets),
          PortalUrl: null,
          Radius: [],
        };
  }

  /**
   * Adds the pending firing of every enabled timer that lost it (a node that died between saving a
   * timer and adding its run). Job `diagnosis-timer.repair`: hourly, and once when a node starts.
   */
  async repair(): Promise<void> {
    for (const t of await enabledTimers(this.o.db, SYSTEM))
      if (t.next_run !== null) await this.enqueueSlot(t.id, Number(t.next_run));
  }
}
