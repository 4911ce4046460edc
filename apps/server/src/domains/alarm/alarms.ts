/**
 * Alarms as the console reads them: the list with its filters, treating (spec §4: untreated →
 * treated, with who and when), the open alarms by network (the dashboard's alarm column and card)
 * and the networks with their alarm summary (the settings screen).
 */
import {
  ErrorCode,
  type AlarmByNetworkQuery,
  type AlarmByNetworkReply,
  type AlarmItem,
  type AlarmListQuery,
  type HandleAlarmReply,
  type LevelCounts,
  type ListReply,
  type NetworkAlarmData,
  type NetworkDataQuery,
} from '@netconsole/contract';
import type { Principal, Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import { alarmItemOf, type AlarmEngine } from './engine.ts';
import type { AlarmSettings } from './settings.ts';
import {
  alarmsByIds,
  networkNames,
  newestOpen,
  openCounts,
  pageAlarms,
  treatAlarms,
  type OpenCount,
} from './store.ts';

function counts(rows: readonly OpenCount[]): LevelCounts {
  const c: LevelCounts = { General: 0, Medium: 0, Severe: 0, Total: 0, Worst: 0, Untreated: 0 };
  for (const r of rows) {
    if (r.level === 1) c.General += r.n;
    else if (r.level === 2) c.Medium += r.n;
    else c.Severe += r.n;
    c.Total += r.n;
    if (r.handle === 0) c.Untreated += r.n;
    c.Worst = Math.max(c.Worst, r.level);
  }
  return c;
}

export class AlarmService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly engine: AlarmEngine,
    private readonly settings: AlarmSettings,
    private readonly requireNetwork: (scope: Scope, id: string) => Promise<{ id: string }>,
  ) {}

  async list(scope: Scope, q: AlarmListQuery): Promise<ListReply<AlarmItem>> {
    const { rows, count } = await pageAlarms(
      this.db,
      scope,
      {
        networkId: q.Network,
        device: q.Device,
        type: q.Type,
        level: q.Level,
        open: q.Status === undefined ? undefined : q.Status === 'open',
        handle: q.Handle,
        from: q.From,
        to: q.To,
        search: q.search,
      },
      (q.page - 1) * q.limit,
      q.limit,
    );
    return { list: rows.map(alarmItemOf), count, limit: q.limit, page: q.page, sort: q.sort ?? null };
  }

  /** Marks alarms treated, all or none: an id the caller has no alarm of is 16054. */
  async handle(p: Principal, scope: Scope, ids: readonly string[]): Promise<HandleAlarmReply> {
    const unique = [...new Set(ids)];
    const found = await alarmsByIds(this.db, scope, unique);
    if (found.length !== unique.length) throw new AppError(ErrorCode.AlarmNotFound);
    const count = await treatAlarms(this.db, scope, unique, { id: p.userId, name: p.username }, this.clock());
    const rows = await alarmsByIds(this.db, scope, unique);
    if (count > 0) this.engine.handled(rows);
    return { list: rows.map(alarmItemOf), count };
  }

  async byNetwork(scope: Scope, q: AlarmByNetworkQuery): Promise<AlarmByNetworkReply> {
    if (q._id !== undefined) await this.requireNetwork(scope, q._id);
    const networks = await networkNames(this.db, scope, q._id !== undefined ? [q._id] : undefined);
    const all = await openCounts(this.db, scope);
    const byNet = new Map<string, OpenCount[]>();
    for (const r of all) {
      if (r.network_id === null) continue;
      const list = byNet.get(r.network_id) ?? [];
      list.push(r);
      byNet.set(r.network_id, list);
    }
    const list = networks.map((n) => ({
      Network: n.id,
      NetworkName: n.name,
      ...counts(byNet.get(n.id) ?? []),
    }));
    const total = counts(q._id !== undefined ? (byNet.get(q._id) ?? []) : all);
    const alarms = (await newestOpen(this.db, scope, q._id, q.limit)).map(alarmItemOf);
    return { list, total, alarms };
  }

  async networkData(scope: Scope, q: NetworkDataQuery): Promise<ListReply<NetworkAlarmData>> {
    const networks = await networkNames(this.db, scope, undefined, q.search);
    const page = networks.slice((q.page - 1) * q.limit, q.page * q.limit);
    const ids = page.map((n) => n.id);
    const [summaries, open] = await Promise.all([
      this.settings.summaries(scope, ids),
      openCounts(this.db, scope, ids),
    ]);
    const list = page.map((n) => {
      const s = summaries.get(n.id)!;
      return {
        _id: n.id,
        Name: n.name,
        Configured: s.configured,
        Enabled: s.enabled,
        Custom: s.custom,
        LimitAlarms: s.limits,
        Open: counts(open.filter((o) => o.network_id === n.id)),
      };
    });
    return { list, count: networks.length, limit: q.limit, page: q.page, sort: q.sort ?? null };
  }
}
