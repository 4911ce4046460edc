/**
 * The audit log, device logs and switch events (spec §3 Log, §7 LOGS; docs/logs.md).
 *
 * - **Audit log**: one entry per state-changing call (POST/PUT/PATCH/DELETE) once answered — who
 *   (account, tenant, role, address), what (a log code of `LOG_CODES`, its module), on which object,
 *   outcome (0 ok, else the error code), level and source. Append-only: no call changes or removes an
 *   entry. `GET /v1/log/getAll`.
 * - **Device logs**: `logs` lines (protocol §6.7) and `events` (§6.6, every type but the client_*
 *   ones) per device. An event of the switch event table (types 1-7) carries its `Type`; other
 *   events are stored under their type as `Module`. `GET /v1/log/getdevicelog`, `GET /v1/switch/getLog`.
 * - Counts per level and module (`getLogCount`), marking device entries handled (`updateLogList`),
 *   CSV export, a switch's configuration deliveries and errors, and the retention per tenant.
 */
import { z } from 'zod';
import {
  LOG_CODE_RANGES,
  LogLevel,
  LogModule,
  LogSource,
  Severity,
  SwitchEventType,
  enumValues,
  logModuleOf,
  type Label,
} from '../enums.ts';
import { ErrorCode } from '../errors.ts';
import { listReply, pageQuery } from '../paging.ts';

/** Log codes of spec §3 (1-31, 61-76, 100-102, 150): what a call did, with its label. */
export const LOG_CODES = {
  // app 1-10: signing in and out, accounts, tenants
  1: { en: 'Sign-in', zh: '登录' },
  2: { en: 'Sign-out', zh: '退出登录' },
  3: { en: 'Account added', zh: '添加账号' },
  4: { en: 'Account changed', zh: '修改账号' },
  5: { en: 'Account disabled', zh: '禁用账号' },
  6: { en: 'Password changed or reset', zh: '修改或重置密码' },
  7: { en: 'E-mail or phone changed', zh: '修改邮箱或手机号' },
  8: { en: 'Verification code sent', zh: '发送验证码' },
  9: { en: 'Tenant added or changed', zh: '添加或修改租户' },
  10: { en: 'Tenant disabled', zh: '禁用租户' },
  // device 11-24: devices, clients, networks, topology
  11: { en: 'Device registered', zh: '注册设备' },
  12: { en: 'Device unregistered', zh: '取消注册设备' },
  13: { en: 'Device changed', zh: '修改设备' },
  14: { en: 'Devices assigned to a network', zh: '设备分配到网络' },
  15: { en: 'Device moved to another controller', zh: '设备切换控制器' },
  16: { en: 'Device command (reboot, reset)', zh: '设备控制（重启、复位）' },
  17: { en: 'Client kicked or released', zh: '踢出或释放终端' },
  18: { en: 'Client alias changed', zh: '修改终端别名' },
  19: { en: 'Network created', zh: '创建网络' },
  20: { en: 'Network changed', zh: '修改网络' },
  21: { en: 'Network removed', zh: '删除网络' },
  22: { en: 'Network log cleared', zh: '清除网络日志' },
  23: { en: 'Topology reset', zh: '重置拓扑' },
  24: { en: 'Building map changed', zh: '修改建筑地图' },
  // config 25-31: profiles and their delivery
  25: { en: 'Profile added', zh: '添加配置' },
  26: { en: 'Profile changed', zh: '修改配置' },
  27: { en: 'Profile removed', zh: '删除配置' },
  28: { en: 'Configuration delivered', zh: '下发配置' },
  29: { en: 'Delivery cancelled', zh: '取消下发' },
  30: { en: 'Profile restored', zh: '恢复配置版本' },
  31: { en: 'Configuration file uploaded', zh: '上传配置文件' },
  // firmware 61-68: firmware images and their delivery, app releases
  61: { en: 'Firmware added', zh: '添加固件' },
  62: { en: 'Firmware changed', zh: '修改固件' },
  63: { en: 'Firmware removed', zh: '删除固件' },
  64: { en: 'Firmware delivered', zh: '下发固件' },
  65: { en: 'App release published', zh: '发布应用版本' },
  66: { en: 'App release activated', zh: '启用应用版本' },
  // flow 69-72: traffic rules
  69: { en: 'DNS rule added', zh: '添加 DNS 规则' },
  70: { en: 'DNS rule removed', zh: '删除 DNS 规则' },
  // finance 73-76
  73: { en: 'Top-up', zh: '充值' },
  74: { en: 'Renewal', zh: '续费' },
  75: { en: 'Rates changed', zh: '修改费率' },
  76: { en: 'Visitor account changed', zh: '修改访客账号' },
  // others: 100 alarm settings (alarm domain), 101-102 notifications (notification domain), 150 the rest
  100: { en: 'Alarm settings changed', zh: '修改告警设置' },
  101: { en: 'Notification settings changed', zh: '修改通知设置' },
  102: { en: 'Maintenance window set or ended', zh: '设置或结束维护窗口' },
  150: { en: 'Other change', zh: '其他操作' },
} as const satisfies Record<number, Label>;
export type LogCode = keyof typeof LOG_CODES;
export const LOG_CODE_VALUES = Object.keys(LOG_CODES).map(Number) as LogCode[];

/** A code's label, or null for a code outside the catalogue. */
export function logCodeLabel(code: number): Label | null {
  return (LOG_CODES as Record<number, Label>)[code] ?? null;
}

/** The catalogue as a list (module, code, label), for a select grouped by module. */
export const LOG_CODE_LIST: readonly { code: LogCode; module: LogModule; label: Label }[] =
  LOG_CODE_VALUES.map((code) => ({ code, module: logModuleOf(code)!, label: LOG_CODES[code] }));

// Every catalogued code lies in a module's range (LOG_CODE_RANGES): checked once at load.
for (const code of LOG_CODE_VALUES) {
  if (!LOG_CODE_RANGES.some((r) => code >= r.from && code <= r.to)) throw new Error(`log code ${code}`);
}

/** How an audited call ended: 0 ok, else the error code it was answered with. */
export const AUDIT_OUTCOMES = ['ok', 'error'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** A device log entry's handling (spec §3 Log `Status`): 0 new, 1 handled. */
export const LogStatus = { New: 0, Handled: 1 } as const;
export type LogStatus = (typeof LogStatus)[keyof typeof LogStatus];
export const logStatusLabels: Record<LogStatus, Label> = {
  0: { en: 'New', zh: '未处理' },
  1: { en: 'Handled', zh: '已处理' },
};

/** Where a device entry came from: a `logs` line or an `events` event. */
export const DEVICE_LOG_KINDS = ['log', 'event'] as const;
export type DeviceLogKind = (typeof DEVICE_LOG_KINDS)[number];

/**
 * The code a refused query or body answers with, by its first failing field (a route's
 * `config.fieldCodes`); any other field: 4000.
 */
export const LOG_FIELD_CODES: Record<string, number> = {
  From: ErrorCode.LogRangeInvalid,
  To: ErrorCode.LogRangeInvalid,
  Code: ErrorCode.LogCodeUnknown,
  _ids: ErrorCode.LogIdsInvalid,
  AuditDays: ErrorCode.LogRetentionInvalid,
  DeviceDays: ErrorCode.LogRetentionInvalid,
};

/** Limits. */
export const LOG_TEXT_MAX = 512;
export const LOG_SEARCH_MAX = 64;
/** `updateLogList` marks at most this many entries at once. */
export const LOG_UPDATE_MAX = 500;
/** A CSV export holds at most this many rows (newest first); `X-Truncated: 1` when cut. */
export const LOG_EXPORT_MAX_ROWS = 50_000;
/** Retention in days, per tenant (docs/logs.md): defaults and bounds. */
export const AUDIT_RETENTION_DAYS = { default: 180, min: 30, max: 730 } as const;
export const DEVICE_LOG_RETENTION_DAYS = { default: 30, min: 1, max: 90 } as const;

const id = z.string().trim().min(1).max(64);
const time = z.coerce.number().int().min(0).meta({ description: 'Unix ms' });
const search = z.string().trim().max(LOG_SEARCH_MAX);
const levelQuery = z.coerce
  .number()
  .int()
  .refine((v) => (enumValues(LogLevel) as number[]).includes(v), {
    error: '1 debug, 2 info, 3 warn, 4 error',
  });
const moduleQuery = z.enum(enumValues(LogModule) as [LogModule, ...LogModule[]]);
/** A module as a filter (a device's subsystem or event type, an audit module): letters, digits and `_.-`. */
const moduleToken = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[a-z0-9_.-]+$/i);
const sortQuery = z.enum(['-ActiveTime', 'ActiveTime']).default('-ActiveTime');

/** From must not be after To: 16010. */
function rangeChecked<T extends z.ZodType<{ From?: number; To?: number }>>(schema: T) {
  return schema.superRefine((q, ctx) => {
    if (q.From !== undefined && q.To !== undefined && q.From > q.To) {
      ctx.addIssue({
        code: 'custom',
        message: 'From after To',
        path: ['From'],
        params: { code: ErrorCode.LogRangeInvalid },
      });
    }
  });
}

/** The audit log's filters (getAll, getLogCount and export with kind=audit). */
export const auditFilters = z.object({
  From: time.optional(),
  To: time.optional(),
  /** The module (category) of spec §3. */
  Module: moduleQuery.optional(),
  Code: z.coerce
    .number()
    .int()
    .refine((c) => c in LOG_CODES, { error: 'not a log code' })
    .optional(),
  Level: levelQuery.optional(),
  Source: z.coerce
    .number()
    .int()
    .refine((v) => (enumValues(LogSource) as number[]).includes(v), { error: '0-4' })
    .optional(),
  /** Part of the account name (Creator). */
  Account: search.optional(),
  /** Part of the object, or of the method and path. */
  search: search.optional(),
  Outcome: z.enum(AUDIT_OUTCOMES).optional(),
  /** The administrator only: one tenant's entries ('none': entries of no tenant, e.g. failed sign-ins). */
  Tenant: id.optional(),
});
export type AuditFilters = z.infer<typeof auditFilters>;

/** GET /v1/log/getAll */
export const auditListQuery = rangeChecked(pageQuery.extend(auditFilters.shape).extend({ sort: sortQuery }));
export type AuditListQuery = z.infer<typeof auditListQuery>;
export type AuditListInput = z.input<typeof auditListQuery>;

export const auditItem = z.object({
  _id: z.string(),
  Code: z.number().int(),
  Module: moduleQuery,
  /** 2 info (ok), 3 warn (refused: 4xxx, 1xxxx-2xxxx), 4 error (5xxx). */
  Level: z.number().int(),
  /** 0 unknown (not signed in), 1 user, 4 unauthorized user (refused with 4010, 4011 or 4012). */
  Source: z.number().int(),
  /** The account's id; null when not signed in (a failed sign-in of an unknown name). */
  CreatorId: z.string().nullable(),
  /** The account name (for a sign-in: the name tried). */
  Creator: z.string(),
  Tenant: z.string().nullable(),
  /** Account role value: 1 tenant-side, 10 administrator; null when not signed in. */
  Role: z.number().int().nullable(),
  Address: z.string(),
  Method: z.string(),
  Path: z.string(),
  /** What the call acted on (an id, SN or name); '' when none. */
  Object: z.string(),
  /** 0 ok, else the error code the call was answered with. */
  Outcome: z.number().int(),
  ActiveTime: z.number().meta({ description: 'Unix ms' }),
});
export type AuditItem = z.infer<typeof auditItem>;
export const auditList = listReply(auditItem);
export type AuditList = z.infer<typeof auditList>;

/** The device logs' filters (getdevicelog, getLogCount and export with kind=device). */
export const deviceLogFilters = z.object({
  From: time.optional(),
  To: time.optional(),
  /** A network's _id. */
  Network: id.optional(),
  SN: z.string().trim().min(1).max(64).optional(),
  Level: levelQuery.optional(),
  /** The device's subsystem (`dhcp`, `wifi` …) or an event's type (`poe`, `link` …). */
  Module: moduleToken.optional(),
  Kind: z.enum(DEVICE_LOG_KINDS).optional(),
  /** A switch event type 1-7. */
  Type: z.coerce
    .number()
    .int()
    .refine((v) => (enumValues(SwitchEventType) as number[]).includes(v), { error: '1-7' })
    .optional(),
  Status: z.coerce
    .number()
    .int()
    .refine((v) => v === 0 || v === 1, { error: '0 new, 1 handled' })
    .optional(),
  /** Part of the text. */
  search: search.optional(),
});
export type DeviceLogFilters = z.infer<typeof deviceLogFilters>;

/** GET /v1/log/getdevicelog */
export const deviceLogQuery = rangeChecked(
  pageQuery.extend(deviceLogFilters.shape).extend({ sort: sortQuery }),
);
export type DeviceLogQuery = z.infer<typeof deviceLogQuery>;
export type DeviceLogInput = z.input<typeof deviceLogQuery>;

export const deviceLogItem = z.object({
  _id: z.string(),
  /** The device's _id. */
  Device: z.string(),
  SN: z.string(),
  /** The device's alias, else its SN. */
  DeviceName: z.string(),
  Network: z.string().nullable(),
  NetworkName: z.string().nullable(),
  Kind: z.enum(DEVICE_LOG_KINDS),
  /** 1 debug, 2 info, 3 warn, 4 error (an event's from its severity: 1 info, 2 warn, 3 error). */
  Level: z.number().int(),
  /** An event's severity 1-3; null for a log line, or an event sent without one. */
  Severity: z.number().int().nullable(),
  /** A log line's subsystem, or an event's type token ('' when the line had none). */
  Module: z.string(),
  /** The switch event type 1-7; null otherwise. */
  Type: z.number().int().nullable(),
  Port: z.number().int().nullable(),
  /** A condition raised (true) or cleared (false); null when not a condition. */
  Active: z.boolean().nullable(),
  Text: z.string(),
  /** Always 2 (device). */
  Source: z.number().int(),
  /** 0 new, 1 handled. */
  Status: z.number().int(),
  ActiveTime: z.number().meta({ description: 'Unix ms: when it happened on the device' }),
});
export type DeviceLogItem = z.infer<typeof deviceLogItem>;
export const deviceLogList = listReply(deviceLogItem);
export type DeviceLogList = z.infer<typeof deviceLogList>;

/** GET /v1/log/getLogCount: counts per level and per module for the filters of one log. */
export const logCountQuery = rangeChecked(
  z
    .object({ kind: z.enum(['audit', 'device']).default('audit') })
    .extend(auditFilters.shape)
    .extend(deviceLogFilters.omit({ Module: true, Level: true }).shape)
    .extend({
      Level: levelQuery.optional(),
      /** audit: a module of spec §3; device: a subsystem or event type. */
      Module: moduleToken.optional(),
    }),
);
export type LogCountQuery = z.infer<typeof logCountQuery>;
export type LogCountInput = z.input<typeof logCountQuery>;

export const logCountReply = z.object({
  total: z.number().int(),
  levels: z.array(z.object({ Level: z.number().int(), count: z.number().int() })),
  modules: z.array(z.object({ Module: z.string(), count: z.number().int() })),
});
export type LogCountReply = z.infer<typeof logCountReply>;

/**
 * PUT /v1/log/updateLogList: marks device log entries handled (Status 1) or new again (0). Audit
 * entries are never changed. Ids that do not exist or belong to another tenant: 16012.
 */
export const updateLogListBody = z.object({
  _ids: z.array(id).min(1).max(LOG_UPDATE_MAX),
  Status: z.literal([0, 1]),
});
export type UpdateLogListBody = z.infer<typeof updateLogListBody>;
export const updateLogListReply = z.object({ updated: z.number().int() });
export type UpdateLogListReply = z.infer<typeof updateLogListReply>;

/** GET /v1/switch/getLog: a switch's events, types 1-7, newest first. Unknown SN: 16013. */
export const switchLogQuery = rangeChecked(
  pageQuery.extend({
    SN: z.string().trim().min(1).max(64),
    Type: deviceLogFilters.shape.Type,
    From: time.optional(),
    To: time.optional(),
    sort: sortQuery,
  }),
);
export type SwitchLogQuery = z.infer<typeof switchLogQuery>;
export type SwitchLogInput = z.input<typeof switchLogQuery>;
export const switchLogItem = z.object({
  _id: z.string(),
  SN: z.string(),
  Type: z.number().int(),
  Severity: z.number().int().nullable(),
  Port: z.number().int().nullable(),
  Active: z.boolean().nullable(),
  Text: z.string(),
  Status: z.number().int(),
  ActiveTime: z.number(),
});
export type SwitchLogItem = z.infer<typeof switchLogItem>;
export const switchLogList = listReply(switchLogItem);
export type SwitchLogList = z.infer<typeof switchLogList>;

/**
 * GET /v1/log/switchConfigLog (ours, docs/api-extensions.tsv; `GET /v1/switch/getConfigLog` is the
 * configuration history's): a device's configuration deliveries (each delivery item: profile, status,
 * error) and its `config_error` events, newest first. Unknown SN: 16013.
 */
export const switchConfigLogQuery = switchLogQuery;
export const SWITCH_CONFIG_LOG_KINDS = ['delivery', 'error'] as const;
export const switchConfigLogItem = z.object({
  _id: z.string(),
  Kind: z.enum(SWITCH_CONFIG_LOG_KINDS),
  SN: z.string(),
  /** delivery: the delivery's _id; error: null. */
  Delivery: z.string().nullable(),
  /** delivery: the profile or firmware delivered; error: ''. */
  Name: z.string(),
  /** delivery: its item status (spec config issue status 0-4); error: null. */
  Status: z.number().int().nullable(),
  /** The device's error code (a delivery's failure or the event's `code`); '' when none. */
  Code: z.string(),
  Text: z.string(),
  ActiveTime: z.number(),
});
export type SwitchConfigLogItem = z.infer<typeof switchConfigLogItem>;
export const switchConfigLogList = listReply(switchConfigLogItem);
export type SwitchConfigLogList = z.infer<typeof switchConfigLogList>;

/**
 * GET /v1/log/export (ours): the audit log or the device logs as CSV (RFC 4180, UTF-8 with BOM,
 * headers in the caller's language), same filters as the lists, newest first, at most
 * LOG_EXPORT_MAX_ROWS rows.
 */
export const logExportQuery = rangeChecked(
  z
    .object({
      kind: z.enum(['audit', 'device']),
      language: z.enum(['en', 'zh']).optional(),
    })
    .extend(auditFilters.shape)
    .extend(deviceLogFilters.omit({ Module: true, Level: true }).shape)
    .extend({
      Level: levelQuery.optional(),
      Module: logCountQuery.shape.Module,
    }),
);
export type LogExportQuery = z.infer<typeof logExportQuery>;
export type LogExportInput = z.input<typeof logExportQuery>;

/** GET/PUT /v1/log/retention (ours): how long a tenant's entries are kept, in days. */
export const logRetention = z.object({
  AuditDays: z.number().int().min(AUDIT_RETENTION_DAYS.min).max(AUDIT_RETENTION_DAYS.max),
  DeviceDays: z.number().int().min(DEVICE_LOG_RETENTION_DAYS.min).max(DEVICE_LOG_RETENTION_DAYS.max),
});
export type LogRetention = z.infer<typeof logRetention>;
/** The administrator names the tenant (`Tenant`); a tenant's account changes its own. */
export const logRetentionQuery = z.object({ Tenant: id.optional() });
export const logRetentionBody = logRetention.extend({ Tenant: id.optional() });
export type LogRetentionBody = z.infer<typeof logRetentionBody>;

/** Device log volume caps (docs/logs.md): per device, lines kept per minute and rows kept in all. */
export const DEVICE_LOG_CAPS = { perMinute: 120, rowsPerDevice: 5000 } as const;

/** Level of a device event from its severity: 1 general → info, 2 medium → warn, 3 severe → error. */
export function levelOfSeverity(severity: number | null | undefined): LogLevel {
  if (severity === Severity.Severe) return LogLevel.Error;
  if (severity === Severity.Medium) return LogLevel.Warn;
  return LogLevel.Info;
}
