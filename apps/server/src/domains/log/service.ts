/**
 * The log domain's rules (spec §7 LOGS; docs/logs.md): reading the audit log and device logs,
 * counting them, marking device entries handled, a switch's events and configuration deliveries,
 * CSV export, and the retention per tenant.
 */
import { Readable } from 'node:stream';
import {
  AUDIT_RETENTION_DAYS,
  DEVICE_LOG_CAPS,
  DEVICE_LOG_RETENTION_DAYS,
  ErrorCode,
  LOG_EXPORT_MAX_ROWS,
  LogSource,
  errorText,
  logCodeLabel,
  logLevelLabels,
  logModuleLabels,
  logSourceLabels,
  severityLabels,
  switchEventTypeLabels,
  type AuditListQuery,
  type AuditList,
  type AuditItem,
  type DeviceLogItem,
  type DeviceLogList,
  type DeviceLogQuery,
  type Lang,
  type LogCountQuery,
  type LogCountReply,
  type LogExportQuery,
  type LogLevel,
  type LogModule,
  type LogRetention,
  type LogSource as LogSourceValue,
  type Severity,
  type SwitchConfigLogItem,
  type SwitchConfigLogList,
  type SwitchEventType,
  type SwitchLogList,
  type SwitchLogQuery,
  type UpdateLogListBody,
} from '@netconsole/contract';
import type { Principal, Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import { issueStatusOf } from '../delivery/outcome.ts';
import type { TargetStatus } from '../delivery/tables.ts';
import type { AuditLog } from './audit.ts';
import { csvRecord, csvTime } from './csv.ts';
import {
  countAudit,
  countDeviceLogs,
  findDevice,
  pageAudit,
  pageDeliveries,
  pageDeviceLogs,
  prune,
  readRetention,
  setDeviceLogStatus,
  streamAudit,
  streamDeviceLogs,
  writeRetention,
  type AuditWhere,
  type DeviceLogView,
  type DeviceWhere,
  type Retention,
} from './store.ts';
import type { AuditLogRow } from './tables.ts';

export const DEFAULT_RETENTION: Retention = {
  auditDays: AUDIT_RETENTION_DAYS.default,
  deviceDays: DEVICE_LOG_RETENTION_DAYS.default,
};
const LEVELS = [1, 2, 3, 4] as const;

function auditItem(r: AuditLogRow): AuditItem {
  return {
    _id: r.id,
    Code: r.code,
    Module: r.module as LogModule,
    Level: r.level,
    Source: r.source,
    CreatorId: r.account_id,
    Creator: r.account_name,
    Tenant: r.tenant_id,
    Role: r.role,
    Address: r.address,
    Method: r.method,
    Path: r.path,
    Object: r.object,
    Outcome: r.outcome,
    ActiveTime: Number(r.created_at),
  };
}

function deviceItem(r: DeviceLogView): DeviceLogItem {
  return {
    _id: r.id,
    Device: r.device_id,
    SN: r.sn,
    DeviceName: r.alias || r.sn,
    Network: r.network_id,
    NetworkName: r.network_name,
    Kind: r.kind as DeviceLogItem['Kind'],
    Level: r.level,
    Severity: r.severity,
    Module: r.module,
    Type: r.type,
    Port: r.port,
    Active: r.active === null ? null : r.active === 1,
    Text: r.text,
    Source: LogSource.Device,
    Status: r.status,
    ActiveTime: Number(r.created_at),
  };
}

const pageOf = (q: { page: number; limit: number; sort: string }) => ({
  offset: (q.page - 1) * q.limit,
  limit: q.limit,
  asc: q.sort === 'ActiveTime',
});

/** The audit log's filters of a count or export query (its Module only when it is a module of §3). */
function auditWhere(q: Partial<LogCountQuery>): AuditWhere {
  const { Module, ...rest } = q;
  const modules = Object.keys(logModuleLabels);
  return {
    ...rest,
    ...(Module !== undefined ? { Module: (modules.includes(Module) ? Module : '-') as LogModule } : {}),
  };
}

export class LogService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
  ) {}

  /** GET /v1/log/getAll: the entries waiting in the writer are written first, so a call is seen at once. */
  async auditList(scope: Scope, q: AuditListQuery): Promise<AuditList> {
    await this.audit.flush();
    const { rows, count } = await pageAudit(this.db, scope, q, pageOf(q));
    return { list: rows.map(auditItem), count, limit: q.limit, page: q.page, sort: q.sort };
  }

  /** GET /v1/log/getdevicelog */
  async deviceList(scope: Scope, q: DeviceLogQuery): Promise<DeviceLogList> {
    const { rows, count } = await pageDeviceLogs(this.db, scope, q, pageOf(q));
    return { list: rows.map(deviceItem), count, limit: q.limit, page: q.page, sort: q.sort };
  }

  /** GET /v1/log/getLogCount: every level 1-4 listed (0 when none), modules with entries only. */
  async count(scope: Scope, q: LogCountQuery): Promise<LogCountReply> {
    const { kind, ...filters } = q;
    if (kind === 'audit') await this.audit.flush();
    const { levels, modules } =
      kind === 'audit'
        ? await countAudit(this.db, scope, auditWhere(filters))
        : await countDeviceLogs(this.db, scope, filters as DeviceWhere);
    return {
      total: [...levels.values()].reduce((a, b) => a + b, 0),
      levels: LEVELS.map((Level) => ({ Level, count: levels.get(Level) ?? 0 })),
      modules: [...modules]
        .map(([Module, count]) => ({ Module, count }))
        .sort((a, b) => b.count - a.count || a.Module.localeCompare(b.Module)),
    };
  }

  /** PUT /v1/log/updateLogList: device entries only; an id not the caller's refuses the whole call. */
  async updateStatus(scope: Scope, body: UpdateLogListBody): Promise<{ updated: number }> {
    const updated = await setDeviceLogStatus(this.db, scope, body._ids, body.Status);
    if (updated === null) throw new AppError(ErrorCode.LogEntriesNotFound);
    return { updated };
  }

  private async device(scope: Scope, sn: string) {
    const d = await findDevice(this.db, scope, sn);
    if (!d) throw new AppError(ErrorCode.LogDeviceNotFound);
    return d;
  }

  /** GET /v1/switch/getLog: a device's switch events (types 1-7). */
  async switchLog(scope: Scope, q: SwitchLogQuery): Promise<SwitchLogList> {
    const d = await this.device(scope, q.SN);
    const f: DeviceWhere = {
      SN: d.sn,
      Kind: 'event',
      From: q.From,
      To: q.To,
      Type: q.Type,
      switchOnly: true,
    };
    const { rows, count } = await pageDeviceLogs(this.db, scope, f, pageOf(q));
    return {
      list: rows.map((r) => ({
        _id: r.id,
        SN: r.sn,
        Type: r.type!,
        Severity: r.severity,
        Port: r.port,
        Active: r.active === null ? null : r.active === 1,
        Text: r.text,
        Status: r.status,
        ActiveTime: Number(r.created_at),
      })),
      count,
      limit: q.limit,
      page: q.page,
      sort: q.sort,
    };
  }

  /**
   * GET /v1/log/switchConfigLog: a device's configuration and firmware deliveries (one entry per
   * delivery item) and its `config_error` events, merged newest first.
   */
  async switchConfigLog(scope: Scope, q: SwitchLogQuery): Promise<SwitchConfigLogList> {
    const d = await this.device(scope, q.SN);
    const take = q.page * q.limit;
    const range = { From: q.From, To: q.To };
    const [deliveries, errors] = await Promise.all([
      pageDeliveries(this.db, d.id, range, take),
      pageDeviceLogs(this.db, scope, { SN: d.sn, Type: 7, ...range }, { offset: 0, limit: take, asc: false }),
    ]);
    const merged: SwitchConfigLogItem[] = [
      ...deliveries.rows.map((r) => ({
        _id: `${r.campaign_id}:${d.id}`,
        Kind: 'delivery' as const,
        SN: d.sn,
        Delivery: r.campaign_id,
        Name: r.ref_name ?? '',
        Status: issueStatusOf(r.kind, r.status as TargetStatus, r.stage),
        Code: r.code ?? '',
        Text: r.detail ?? '',
        ActiveTime: Number(r.created_at),
      })),
      ...errors.rows.map((r) => ({
        _id: r.id,
        Kind: 'error' as const,
        SN: r.sn,
        Delivery: null,
        Name: '',
        Status: null,
        Code: r.code ?? '',
        Text: r.text,
        ActiveTime: Number(r.created_at),
      })),
    ].sort((a, b) => b.ActiveTime - a.ActiveTime || (a._id < b._id ? 1 : -1));
    const asc = q.sort === 'ActiveTime';
    const ordered = asc ? merged.reverse() : merged;
    const list = ordered.slice((q.page - 1) * q.limit, q.page * q.limit);
    return { list, count: deliveries.count + errors.count, limit: q.limit, page: q.page, sort: q.sort };
  }

  /**
   * GET /v1/log/export: the rows of a list as CSV, streamed in slices, newest first, at most
   * LOG_EXPORT_MAX_ROWS. Returns the stream and the number of matching rows (to say when cut).
   */
  async exportCsv(scope: Scope, q: LogExportQuery, lang: Lang): Promise<{ stream: Readable; total: number }> {
    const { kind, language: _, ...filters } = q;
    if (kind === 'audit') {
      await this.audit.flush();
      const where = auditWhere(filters);
      const { count } = await pageAudit(this.db, scope, where, { offset: 0, limit: 1, asc: false });
      const rows = streamAudit(this.db, scope, where, LOG_EXPORT_MAX_ROWS);
      return { stream: Readable.from(auditCsv(rows, lang)), total: count };
    }
    const where = filters as DeviceWhere;
    const { count } = await pageDeviceLogs(this.db, scope, where, { offset: 0, limit: 1, asc: false });
    const rows = streamDeviceLogs(this.db, scope, where, LOG_EXPORT_MAX_ROWS);
    return { stream: Readable.from(deviceCsv(rows, lang)), total: count };
  }

  /** GET /v1/log/retention: the tenant's settings, or the defaults. */
  async retention(scope: Scope, tenant: string | undefined): Promise<LogRetention> {
    const r = (await readRetention(this.db, await this.tenantOf(scope, tenant))) ?? DEFAULT_RETENTION;
    return { AuditDays: r.auditDays, DeviceDays: r.deviceDays };
  }

  /** PUT /v1/log/retention: a tenant owner for its tenant, the administrator for any; not a co-administrator. */
  async setRetention(
    p: Principal,
    scope: Scope,
    body: LogRetention & { Tenant?: string },
  ): Promise<LogRetention> {
    if (!scope.admin && p.type !== 1) throw new AppError(ErrorCode.NoAccessRights);
    const tenantId = await this.tenantOf(scope, body.Tenant);
    await writeRetention(
      this.db,
      tenantId,
      { auditDays: body.AuditDays, deviceDays: body.DeviceDays },
      this.clock(),
    );
    return { AuditDays: body.AuditDays, DeviceDays: body.DeviceDays };
  }

  private async tenantOf(scope: Scope, tenant: string | undefined): Promise<string> {
    if (!scope.admin) return scope.tenantId ?? '';
    if (!tenant) throw new AppError(ErrorCode.LogTenantRequired);
    const row = await this.db.selectFrom('tenants').select('id').where('id', '=', tenant).executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.TenantNotFound);
    return row.id;
  }

  /** The recurring retention job (system: every tenant). */
  prune(): Promise<{ audit: number; device: number; capped: number }> {
    return prune(this.db, this.clock(), DEFAULT_RETENTION, DEVICE_LOG_CAPS.rowsPerDevice);
  }
}

const HEADERS = {
  audit: {
    en: [
      'Time (UTC)',
      'Account',
      'Tenant',
      'Address',
      'Module',
      'Code',
      'Operation',
      'Object',
      'Outcome',
      'Level',
      'Source',
      'Method',
      'Path',
    ],
    zh: [
      '时间 (UTC)',
      '账号',
      '租户',
      '地址',
      '模块',
      '代码',
      '操作',
      '对象',
      '结果',
      '级别',
      '来源',
      '方法',
      '路径',
    ],
  },
  device: {
    en: [
      'Time (UTC)',
      'Device',
      'SN',
      'Network',
      'Kind',
      'Level',
      'Severity',
      'Module',
      'Event type',
      'Port',
      'Text',
      'Status',
    ],
    zh: [
      '时间 (UTC)',
      '设备',
      'SN',
      '网络',
      '类别',
      '级别',
      '严重程度',
      '模块',
      '事件类型',
      '端口',
      '内容',
      '状态',
    ],
  },
} as const;
const KIND_LABELS = { log: { en: 'Log', zh: '日志' }, event: { en: 'Event', zh: '事件' } } as const;
const STATUS_LABELS = [
  { en: 'New', zh: '未处理' },
  { en: 'Handled', zh: '已处理' },
] as const;
const OK_LABEL = { en: 'OK', zh: '成功' } as const;
const BOM = '\uFEFF';

/** A CSV file as it is read: the BOM and header first, then each slice's records in one string. */
async function* csvFile<R>(
  header: readonly string[],
  slices: AsyncIterable<R[]>,
  record: (row: R) => (string | number | null | undefined)[],
): AsyncGenerator<string> {
  yield BOM + csvRecord(header);
  for await (const rows of slices) yield rows.map((r) => csvRecord(record(r))).join('');
}

function auditCsv(slices: AsyncIterable<AuditLogRow[]>, lang: Lang): AsyncGenerator<string> {
  return csvFile(HEADERS.audit[lang], slices, (r) => [
    csvTime(Number(r.created_at)),
    r.account_name,
    r.tenant_id ?? '',
    r.address,
    logModuleLabels[r.module as LogModule]?.[lang] ?? r.module,
    r.code,
    logCodeLabel(r.code)?.[lang] ?? '',
    r.object,
    r.outcome === 0 ? OK_LABEL[lang] : `${r.outcome} ${errorText(r.outcome, lang)}`,
    logLevelLabels[r.level as LogLevel]?.[lang] ?? r.level,
    logSourceLabels[r.source as LogSourceValue]?.[lang] ?? r.source,
    r.method,
    r.path,
  ]);
}

function deviceCsv(slices: AsyncIterable<DeviceLogView[]>, lang: Lang): AsyncGenerator<string> {
  return csvFile(HEADERS.device[lang], slices, (r) => [
    csvTime(Number(r.created_at)),
    r.alias || r.sn,
    r.sn,
    r.network_name ?? '',
    KIND_LABELS[r.kind as 'log' | 'event']?.[lang] ?? r.kind,
    logLevelLabels[r.level as LogLevel]?.[lang] ?? r.level,
    r.severity !== null ? (severityLabels[r.severity as Severity]?.[lang] ?? r.severity) : '',
    r.module,
    r.type !== null ? (switchEventTypeLabels[r.type as SwitchEventType]?.[lang] ?? r.type) : '',
    r.port ?? '',
    r.text,
    STATUS_LABELS[r.status]?.[lang] ?? r.status,
  ]);
}
