/**
 * Diagnoses (docs/diagnosis.md): a run stores what was asked of which devices, then the delivery
 * engine sends each device a `run_diagnosis` command (protocol §7.11). Each device's row follows
 * its command from the `device.command` event: the progress percent, each target's result as it
 * comes (`progress` stage `result`, with MTR hops), the summary of `succeeded`, or the command's
 * failure. Every change goes to the tenant's browsers on the live socket (topic `diagnosis`).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import {
  DIAG_HISTORY_DEFAULT_MS,
  DIAG_HISTORY_POINTS_MAX,
  DIAG_LIVE_TOPIC,
  ErrorCode,
  type DiagnoseDispatch,
  type DiagnosisDevDataQuery,
  type DiagnosisDeviceItem,
  type DiagnosisHistoryQuery,
  type DiagnosisHistoryReply,
  type DiagnosisLiveData,
  type DiagnosisRunDevicesQuery,
  type DiagnosisRunItem,
  type DiagnosisRunsQuery,
  type HistoryPoint,
  type ListReply,
  type ServiceCheckResultItem,
  type TargetResultItem,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import type { EventBus } from '../../platform/events.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import type { LiveHub } from '../../platform/realtime/hub.ts';
import type { Db } from '../../platform/store/db.ts';
import type { CommandRow, DeviceRow } from '../device/tables.ts';
import { qualityNotices } from './alarm-hook.ts';
import { itemOfCheck, itemOfTarget, outcomeOf, type ProtocolCheck, type ProtocolTarget } from './results.ts';
import {
  deleteRun,
  findResult,
  findRun,
  insertPoints,
  insertRun,
  openResultsOfCommand,
  pageResults,
  pageRuns,
  resultDevices,
  runById,
  runningResults,
  seriesPoints,
  tallyRun,
  updateResult,
  updateRun,
  type DiagnosisResultRow,
  type DiagnosisRunRow,
} from './store.ts';
import type { DiagnosisResultTable, DiagnosisRunTable } from './tables.ts';

const ADMIN: Scope = { tenantId: null, admin: true };
/** A running device row untouched this long is looked at again by the sweep (its command re-read). */
export const SWEEP_STALE_MS = 60_000;

/** Who started a run: an account, or a timer (D2's timers call `dispatch` with `by: null`). */
export interface DiagnosisOrigin {
  by: { id: string; name: string } | null;
  timerId?: string | null;
  timerName?: string | null;
}

/** What the service needs of other domains: constructor arguments (docs/conventions.md). */
export interface DiagnosisDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  hub: LiveHub;
  events: EventBus;
  /** A device the caller may see, or 12003 (device domain's `require`). */
  requireDevice: (scope: Scope, id: string) => Promise<DeviceRow>;
  /** A network's name (null: none or not visible). */
  networkName: (scope: Scope, id: string) => Promise<string | null>;
  /** The delivery engine's start of a `run_diagnosis` campaign; answers the campaign's id. */
  startCampaign: (
    scope: Scope,
    userId: string | null,
    runId: string,
    deviceIds: readonly string[],
    body: Record<string, unknown>,
  ) => Promise<string>;
  /** A campaign's command id per device (the sweep's way back to the commands). */
  commandsOfCampaign: (campaignId: string) => Promise<Map<string, string | null>>;
  /** Command rows by id. */
  commands: (ids: readonly string[]) => Promise<CommandRow[]>;
  /**
   * A portal diagnosis's ping targets and service checks (domains/diagnosis/portal.ts, D2); null
   * until it exists: portal runs are refused with 28009.
   */
  portal: ((req: DiagnoseDispatch) => { targets: string[]; checks: Record<string, unknown>[] }) | null;
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function runItemOf(r: DiagnosisRunRow): DiagnosisRunItem {
  return {
    _id: r.id,
    Kind: r.kind === 'portal' ? 'portal' : 'network',
    Type: Number(r.type),
    Targets: parseJson<string[]>(r.targets, []),
    Count: Number(r.count),
    Size: Number(r.size),
    PortalUrl: r.portal_url,
    Radius: parseJson(r.radius, []),
    Status: r.status === 'ended' ? 'ended' : 'running',
    Creator: r.creator_id,
    CreatorName: r.creator_name,
    TimerId: r.timer_id,
    TimerName: r.timer_name,
    CreateTime: Number(r.created_at),
    EndTime: r.ended_at === null ? null : Number(r.ended_at),
    Devices: Number(r.devices),
    Passed: Number(r.passed),
    Failed: Number(r.failed),
    NoResult: Number(r.no_result),
  };
}

export function deviceItemOf(r: DiagnosisResultRow): DiagnosisDeviceItem {
  return {
    _id: r.id,
    RunId: r.run_id,
    DeviceId: r.device_id,
    SN: r.sn,
    DeviceName: r.device_name,
    NetworkId: r.network_id,
    NetworkName: r.network_name,
    Status: r.status === 'ended' ? 'ended' : 'running',
    Percent: Number(r.percent),
    Result: r.result === null ? null : (Number(r.result) as 0 | 1 | 2),
    Quality: r.quality === null ? null : (Number(r.quality) as 0 | 1 | 2 | 3),
    Results: parseJson<TargetResultItem[]>(r.results, []),
    Checks: parseJson<ServiceCheckResultItem[]>(r.checks, []),
    Error: r.error,
    CreateTime: Number(r.created_at),
    UpdateTime: Number(r.updated_at),
  };
}

export class DiagnosisService {
  /** Reports of one device are followed one after the other (a row's JSON is read, then written). */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(private readonly o: DiagnosisDeps) {}

  /** Validated request → stored run → delivery campaign. The timers (D2) call exactly this. */
  async dispatch(scope: Scope, req: DiagnoseDispatch, origin: DiagnosisOrigin): Promise<{ _id: string }> {
    const { db, clock } = this.o;
    let targets = req.Targets;
    let checks: Record<string, unknown>[] = [];
    if (req.Kind === 'portal') {
      if (!this.o.portal) throw new AppError(ErrorCode.DiagnosisKindInvalid);
      ({ targets, checks } = this.o.portal(req));
    }
    if (req.Devices.length === 0) throw new AppError(ErrorCode.DiagnosisDevicesRequired);
    if (targets.length === 0 && checks.length === 0) throw new AppError(ErrorCode.DiagnosisTargetsRequired);
    // Each device the caller's (12003 names a missing or another tenant's one, like the engine).
    const devices: DeviceRow[] = [];
    for (const id of req.Devices) devices.push(await this.o.requireDevice(scope, id));
    const networks = new Map<string, string | null>();
    for (const d of devices) {
      if (d.parent !== null && !networks.has(d.parent))
        networks.set(d.parent, await this.o.networkName(scope, d.parent));
    }
    const body: Record<string, unknown> = { type: req.Type, targets, count: req.Count, sizeBytes: req.Size };
    if (checks.length > 0) body.checks = checks;
    const bodyText = JSON.stringify(body);
    const now = clock();
    const runId = newId();
    const tenantId = scope.admin ? null : scope.tenantId;
    const run: Insertable<DiagnosisRunTable> = {
      id: runId,
      tenant_id: tenantId,
      kind: req.Kind,
      type: req.Type,
      targets: JSON.stringify(targets),
      count: req.Count,
      size: req.Size,
      portal_url: req.PortalUrl,
      radius: JSON.stringify(req.Radius),
      body: bodyText,
      status: 'running',
      creator_id: origin.by?.id ?? null,
      creator_name: origin.by?.name ?? null,
      timer_id: origin.timerId ?? null,
      timer_name: origin.timerName ?? null,
      campaign_id: null,
      created_at: now,
      ended_at: null,
      devices: devices.length,
      passed: 0,
      failed: 0,
      no_result: 0,
    };
    const rows: Insertable<DiagnosisResultTable>[] = devices.map((d) => ({
      id: newId(),
      run_id: runId,
      tenant_id: tenantId,
      device_id: d.id,
      sn: d.sn,
      device_name: d.alias || d.sn,
      network_id: d.parent,
      network_name: d.parent === null ? null : (networks.get(d.parent) ?? null),
      command_id: null,
      status: 'running',
      percent: 0,
      result: null,
      quality: null,
      results: '[]',
      checks: '[]',
      error: null,
      created_at: now,
      updated_at: now,
    }));
    // Stored before the campaign, so the first reports find their rows.
    await insertRun(db, run, rows);
    let campaignId: string;
    try {
      campaignId = await this.o.startCampaign(
        scope,
        origin.by?.id ?? null,
        runId,
        devices.map((d) => d.id),
        body,
      );
    } catch (err) {
      await deleteRun(db, runId);
      throw err;
    }
    await updateRun(db, runId, { campaign_id: campaignId });
    const stored = await runById(db, runId);
    if (stored) this.publish(stored.tenant_id, { Event: 'run', Run: runItemOf(stored) });
    return { _id: runId };
  }

  // ---- following the commands ----

  /** The `device.command` event: a run_diagnosis command changed; its device rows follow. */
  onCommand(row: CommandRow): Promise<void> {
    if (row.kind !== 'run_diagnosis') return Promise.resolve();
    const prev = this.queues.get(row.device_id) ?? Promise.resolve();
    const next = prev
      .then(() => this.follow(row))
      .catch((err: unknown) => this.o.log.error({ err, command: row.id }, 'following a diagnosis failed'));
    this.queues.set(row.device_id, next);
    void next.then(() => {
      if (this.queues.get(row.device_id) === next) this.queues.delete(row.device_id);
    });
    return next;
  }

  /** Resolves when the reports heard so far are stored (tests). */
  async settled(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  private async follow(row: CommandRow): Promise<void> {
    const { db } = this.o;
    const results = await openResultsOfCommand(db, row.device_id, row.body);
    if (results.length === 0) return;
    const now = this.o.clock();
    const terminal = row.finished_at !== null;
    // `interrupted` (protocol §7.4): the engine issues the command again; the row waits for it.
    const retried = terminal && row.status === 'failed' && row.code === 'interrupted';
    const ended: string[] = [];
    for (const r of results) {
      const items = parseJson<TargetResultItem[]>(r.results, []);
      const patch: Partial<Insertable<DiagnosisResultTable>> = { command_id: row.id, updated_at: now };
      if (row.status === 'progress' && row.stage === 'result' && row.result) {
        const one = itemOfTarget(parseJson<ProtocolTarget | null>(row.result, null));
        if (one) patch.results = JSON.stringify(mergeTargets(items, [one]));
      }
      if (row.percent !== null && !terminal)
        patch.percent = Math.max(Number(r.percent), Math.round(row.percent));
      if (terminal && !retried) {
        const sentChecks = parseJson<{ checks?: Record<string, unknown>[] }>(r.run_body, {}).checks ?? [];
        let finalTargets = items;
        let finalChecks: ServiceCheckResultItem[] = [];
        let error: string | null = null;
        if (row.status === 'succeeded') {
          const res = parseJson<{ results?: ProtocolTarget[]; checks?: ProtocolCheck[] }>(row.result, {});
          const summaries = (res.results ?? [])
            .map(itemOfTarget)
            .filter((x): x is TargetResultItem => x !== null);
          finalTargets = mergeTargets(items, summaries);
          finalChecks = (res.checks ?? [])
            .map(itemOfCheck)
            .filter((x): x is ServiceCheckResultItem => x !== null);
          // A device that does not know checks ignores them (protocol §7.11): no result, unsupported.
          for (const sent of sentChecks) {
            if (!finalChecks.some((c) => sameCheck(sent, c))) finalChecks.push(unsupportedCheck(sent));
          }
        } else {
          error = row.code ?? row.status;
        }
        const { result, quality } = outcomeOf(finalTargets, finalChecks);
        Object.assign(patch, {
          status: 'ended',
          percent: 100,
          results: JSON.stringify(finalTargets),
          checks: JSON.stringify(finalChecks),
          result,
          quality,
          error,
        });
      }
      const n = await updateResult(db, r.id, patch);
      if (n === 0) continue;
      const updated = { ...r, ...patch } as DiagnosisResultRow;
      this.publish(r.tenant_id, { Event: 'device', Device: deviceItemOf(updated) });
      if (patch.status === 'ended') {
        ended.push(r.run_id);
        await this.recordEnded(updated);
      }
    }
    for (const runId of new Set(ended)) await this.recount(runId);
  }

  /** The points of the chart, and the quality notices of a timer's run (alarm-hook.ts). */
  private async recordEnded(r: DiagnosisResultRow): Promise<void> {
    const run = await runById(this.o.db, r.run_id);
    const targets = parseJson<TargetResultItem[]>(r.results, []);
    await insertPoints(
      this.o.db,
      targets.map((t) => ({
        result_id: r.id,
        target: t.Target,
        run_id: r.run_id,
        tenant_id: r.tenant_id,
        device_id: r.device_id,
        timer_id: run?.timer_id ?? null,
        at: Number(r.updated_at),
        code: t.Code,
        quality: t.Quality,
        loss: t.Loss,
        min: t.Min,
        avg: t.Avg,
        max: t.Max,
      })),
    );
    if (run?.timer_id) {
      for (const notice of qualityNotices(run, r, targets))
        await this.o.events.emit('diagnosis.quality', notice);
    }
  }

  private async recount(runId: string): Promise<void> {
    const t = await tallyRun(this.o.db, runId);
    const done = t.running === 0;
    await updateRun(this.o.db, runId, {
      passed: t.passed,
      failed: t.failed,
      no_result: t.noResult,
      ...(done ? { status: 'ended', ended_at: this.o.clock() } : {}),
    });
    const run = await runById(this.o.db, runId);
    if (run) this.publish(run.tenant_id, { Event: 'run', Run: runItemOf(run) });
  }

  /**
   * Device rows left running while their command moved on unheard (a restart, another node's
   * report lost): each takes its command's state again, found through the campaign's targets.
   */
  async sweep(): Promise<void> {
    const stale = await runningResults(this.o.db, this.o.clock() - SWEEP_STALE_MS);
    const byRun = new Map<string, DiagnosisResultRow[]>();
    for (const r of stale) byRun.set(r.run_id, [...(byRun.get(r.run_id) ?? []), r]);
    for (const [runId, rows] of byRun) {
      const run = await runById(this.o.db, runId);
      if (!run?.campaign_id) continue;
      const ids = await this.o.commandsOfCampaign(run.campaign_id);
      const commandIds = rows.map((r) => ids.get(r.device_id)).filter((x): x is string => !!x);
      for (const c of await this.o.commands(commandIds)) await this.onCommand(c);
    }
  }

  private publish(tenantId: string | null, data: DiagnosisLiveData): void {
    this.o.hub.publish(tenantId, { topic: DIAG_LIVE_TOPIC, data });
  }

  // ---- records ----

  async runs(scope: Scope, q: DiagnosisRunsQuery): Promise<ListReply<DiagnosisRunItem>> {
    const { rows, count } = await pageRuns(
      this.o.db,
      scope,
      {
        kind: q.Kind,
        type: q.Type,
        timerId: q.TimerId,
        networkId: q.Network,
        device: q.Device,
        target: q.Target,
        start: q.Start,
        end: q.End,
        status: q.Status,
      },
      { offset: (q.page - 1) * q.limit, limit: q.limit, direction: q.sort === 'CreateTime' ? 'asc' : 'desc' },
    );
    return { list: rows.map(runItemOf), count, limit: q.limit, page: q.page, sort: q.sort };
  }

  /** getSuccDevIssued ('pass') and getFailDevIssued ('fail'): ended device rows of one run. */
  async devicesOfRun(
    scope: Scope,
    q: DiagnosisRunDevicesQuery,
    outcome: 'pass' | 'fail',
  ): Promise<ListReply<DiagnosisDeviceItem>> {
    const run = await findRun(this.o.db, scope, q._id);
    if (!run) throw new AppError(ErrorCode.DiagnosisRunNotFound);
    const { rows, count } = await pageResults(
      this.o.db,
      scope,
      { runId: run.id, outcome, networkId: q.Network, device: q.Device },
      { offset: (q.page - 1) * q.limit, limit: q.limit, ...order(q.sort) },
    );
    return { list: rows.map(deviceItemOf), count, limit: q.limit, page: q.page, sort: q.sort };
  }

  /** getDevData: one device row by `_id`, or the device rows of a run (`RunId`). */
  async devData(scope: Scope, q: DiagnosisDevDataQuery): Promise<ListReply<DiagnosisDeviceItem>> {
    if (q._id !== undefined) {
      const r = await findResult(this.o.db, scope, q._id);
      if (!r) throw new AppError(ErrorCode.DiagnosisResultNotFound);
      return { list: [deviceItemOf(r)], count: 1, limit: q.limit, page: q.page, sort: q.sort };
    }
    const run = await findRun(this.o.db, scope, q.RunId!);
    if (!run) throw new AppError(ErrorCode.DiagnosisRunNotFound);
    const { rows, count } = await pageResults(
      this.o.db,
      scope,
      { runId: run.id, status: q.Status },
      { offset: (q.page - 1) * q.limit, limit: q.limit, ...order(q.sort) },
    );
    return { list: rows.map(deviceItemOf), count, limit: q.limit, page: q.page, sort: q.sort };
  }

  /** getHistoryIssued: a target's series per device, oldest first, bucketed past 500 points. */
  async history(scope: Scope, q: DiagnosisHistoryQuery): Promise<DiagnosisHistoryReply> {
    const end = q.End ?? this.o.clock();
    const start = q.Start ?? end - DIAG_HISTORY_DEFAULT_MS;
    const refs = [
      ...new Set(
        (q.Device ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      ),
    ];
    const known = await resultDevices(this.o.db, scope, refs);
    const devices: { id: string; sn: string; name: string }[] = [];
    for (const ref of refs) {
      const d = known.find((k) => k.device_id === ref || k.sn === ref.toUpperCase());
      // A device the caller never diagnosed (or cannot see) answers like a missing one.
      if (!d) throw new AppError(ErrorCode.DeviceNotExist);
      if (!devices.some((x) => x.id === d.device_id))
        devices.push({ id: d.device_id, sn: d.sn, name: d.device_name });
    }
    const points = await seriesPoints(this.o.db, scope, {
      deviceIds: devices.map((d) => d.id),
      target: q.Target!,
      start,
      end,
      timerId: q.TimerId,
    });
    const most = Math.max(0, ...devices.map((d) => points.filter((p) => p.device_id === d.id).length));
    const bucketMs =
      most > DIAG_HISTORY_POINTS_MAX ? Math.ceil((end - start + 1) / DIAG_HISTORY_POINTS_MAX) : 0;
    return {
      Target: q.Target!,
      Start: start,
      End: end,
      BucketMs: bucketMs,
      list: devices.map((d) => {
        const own: HistoryPoint[] = points
          .filter((p) => p.device_id === d.id)
          .map((p) => ({
            Time: Number(p.at),
            Avg: p.avg === null ? null : Number(p.avg),
            Min: p.min === null ? null : Number(p.min),
            Max: p.max === null ? null : Number(p.max),
            Loss: Number(p.loss),
            Quality: Number(p.quality) as HistoryPoint['Quality'],
            Code: Number(p.code) as HistoryPoint['Code'],
          }));
        return {
          DeviceId: d.id,
          SN: d.sn,
          Name: d.name,
          Points: bucketMs ? bucket(own, start, bucketMs) : own,
        };
      }),
    };
  }
}

function order(sort: string): { orderBy: 'sn' | 'updated_at'; direction: 'asc' | 'desc' } {
  return {
    orderBy: sort.replace('-', '') === 'UpdateTime' ? 'updated_at' : 'sn',
    direction: sort.startsWith('-') ? 'desc' : 'asc',
  };
}

/** Later results of a target replace earlier ones; a summary keeps the hops its progress gave. */
function mergeTargets(items: TargetResultItem[], incoming: TargetResultItem[]): TargetResultItem[] {
  const out = [...items];
  for (const t of incoming) {
    const i = out.findIndex((x) => x.Target === t.Target);
    if (i < 0) out.push(t);
    else
      out[i] = {
        ...t,
        ...(t.Hops === undefined && out[i]!.Hops !== undefined ? { Hops: out[i]!.Hops } : {}),
      };
  }
  return out;
}

function sameCheck(sent: Record<string, unknown>, got: ServiceCheckResultItem): boolean {
  if (sent.kind === 'radius')
    return got.Kind === 'radius' && got.Target === sent.host && got.Port === sent.port;
  return got.Kind === 'http' && got.Target === sent.url;
}

function unsupportedCheck(c: Record<string, unknown>): ServiceCheckResultItem {
  const radius = c.kind === 'radius';
  return {
    Kind: radius ? 'radius' : 'http',
    Target: String((radius ? c.host : c.url) ?? ''),
    Port: radius && typeof c.port === 'number' ? c.port : null,
    Code: 2,
    Ms: null,
    Status: null,
    Error: 'unsupported_check',
  };
}

/** Min of mins, max of maxes, mean of averages and losses, worst quality and code per bucket. */
function bucket(points: HistoryPoint[], start: number, width: number): HistoryPoint[] {
  const groups = new Map<number, HistoryPoint[]>();
  for (const p of points) {
    const k = Math.floor((p.Time - start) / width);
    groups.set(k, [...(groups.get(k) ?? []), p]);
  }
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([k, g]) => {
      const avgs = g.map((p) => p.Avg).filter((x): x is number => x !== null);
      const mins = g.map((p) => p.Min).filter((x): x is number => x !== null);
      const maxs = g.map((p) => p.Max).filter((x): x is number => x !== null);
      const round = (x: number) => Math.round(x * 10) / 10;
      return {
        Time: start + k * width,
        Avg: avgs.length ? round(avgs.reduce((a, b) => a + b, 0) / avgs.length) : null,
        Min: mins.length ? Math.min(...mins) : null,
        Max: maxs.length ? Math.max(...maxs) : null,
        Loss: round(g.reduce((a, p) => a + p.Loss, 0) / g.length),
        Quality: Math.min(...g.map((p) => p.Quality)) as HistoryPoint['Quality'],
        Code: (g.some((p) => p.Code === 0)
          ? 0
          : g.every((p) => p.Code === 1)
            ? 1
            : 2) as HistoryPoint['Code'],
      };
    });
}

export { ADMIN as DIAGNOSIS_SYSTEM_SCOPE };
