/**
 * Alarms: per-network alarm settings of the 21 types (spec §3 Alarm settings), custom alarms and
 * limit alarms (§7 ALARMS, LIMIT ALARM), the validation of §5, and the alarms the engine raises
 * with their handling untreated → treated (§4). docs/alarms.md says where each type comes from.
 *
 * How a refusal gets its code: every rule of spec §5 is a refinement whose zod issue carries
 * `params: { code }` (a 16xxx catalogue code); `alarmIssueCode` also finds the code of an issue
 * without one (a wrong JSON type) by its field. A route sets `config.issueCode: alarmIssueCode`;
 * the console's form shows `errorText(alarmIssueCode(issue), lang)` beside the field.
 */
import { z } from 'zod';
import {
  AlarmType,
  alarmThresholdUnits,
  DeviceType,
  Severity,
  type Label,
  type ThresholdUnit,
} from '../enums.ts';
import { ErrorCode } from '../errors.ts';
import { listReply, pageQuery } from '../paging.ts';
import { isEmail, MOBILE_PHONE_RE } from '../validators.ts';

// ---- constants ----

export const ALARM_TYPES = Object.values(AlarmType) as AlarmType[];
export const ALARM_LEVELS = [Severity.General, Severity.Medium, Severity.Severe] as const;
export type AlarmLevel = (typeof ALARM_LEVELS)[number];

/** How an alarm reaches people (spec §3 push method). */
export const PUSH_METHODS = ['mail', 'sms', 'wechat', 'app'] as const;
export type PushMethod = (typeof PUSH_METHODS)[number];
export const pushMethodLabels: Record<PushMethod, Label> = {
  mail: { en: 'Mail', zh: '邮件' },
  sms: { en: 'SMS', zh: '短信' },
  wechat: { en: 'WeChat', zh: '微信' },
  app: { en: 'App', zh: 'App' },
};

/** Phone numbers and e-mail addresses per setting. */
export const ALARM_RECIPIENTS_MAX = 5;
export const ALARM_DESCRIPTION_MAX = 100;
export const ALARM_NAME_MAX = 30;
/** Custom and limit alarms per network. */
export const CUSTOM_ALARMS_MAX = 20;
export const LIMIT_ALARMS_MAX = 20;
/** Networks one copy may go to. */
export const COPY_TARGETS_MAX = 100;
/** Alarms one handle call may treat. */
export const HANDLE_IDS_MAX = 100;
/** `Limit`: seconds the condition must hold (and be gone) before an alarm is raised (cleared); 0 = the type's default. */
export const ALARM_WINDOW_MAX_S = 3600;

/** Threshold ranges by unit (spec §5: digits 0-9 only). KB thresholds are KB/s for rates, KB per minute for traffic. */
export const THRESHOLD_RANGES: Record<ThresholdUnit, { min: number; max: number }> = {
  percent: { min: 1, max: 100 },
  KB: { min: 1, max: 99_999_999 },
  none: { min: 0, max: 99_999_999 },
};

/** Custom alarms are numbered from here per network; limit alarms from LIMIT_CODE_BASE (AlarmNotice.type). */
export const CUSTOM_CODE_BASE = 1000;
export const LIMIT_CODE_BASE = 2000;

/**
 * What a custom alarm may watch: the figures devices report in `stats` (protocol §6.2), with units.
 * `poe` and `dhcp` are the share of the PoE budget delivered and of the DHCP pool leased.
 */
export const CUSTOM_METRICS = [
  'cpu',
  'memory',
  'temperature',
  'clients',
  'uplinkTx',
  'uplinkRx',
  'latency',
  'loss',
  'poe',
  'dhcp',
] as const;
export type CustomMetric = (typeof CUSTOM_METRICS)[number];
export const customMetricInfo: Record<CustomMetric, { label: Label; unit: string; max: number }> = {
  cpu: { label: { en: 'CPU usage', zh: 'CPU 使用率' }, unit: '%', max: 100 },
  memory: { label: { en: 'Memory usage', zh: '内存使用率' }, unit: '%', max: 100 },
  temperature: { label: { en: 'Temperature', zh: '温度' }, unit: '°C', max: 200 },
  clients: { label: { en: 'Clients', zh: '终端数' }, unit: '', max: 100_000 },
  uplinkTx: { label: { en: 'Uplink TX rate', zh: '上联发送速率' }, unit: 'KB/s', max: 99_999_999 },
  uplinkRx: { label: { en: 'Uplink RX rate', zh: '上联接收速率' }, unit: 'KB/s', max: 99_999_999 },
  latency: { label: { en: 'WAN latency', zh: 'WAN 时延' }, unit: 'ms', max: 100_000 },
  loss: { label: { en: 'WAN packet loss', zh: 'WAN 丢包率' }, unit: '%', max: 100 },
  poe: { label: { en: 'PoE budget used', zh: 'PoE 预算使用率' }, unit: '%', max: 100 },
  dhcp: { label: { en: 'DHCP pool used', zh: 'DHCP 地址池使用率' }, unit: '%', max: 100 },
};
export const COMPARES = ['gt', 'lt'] as const;
export type Compare = (typeof COMPARES)[number];
export const compareLabels: Record<Compare, Label> = {
  gt: { en: 'above', zh: '高于' },
  lt: { en: 'below', zh: '低于' },
};

/** What a limit alarm bounds for a whole network (docs/alarms.md "Limit alarms"). */
export const LIMIT_METRICS = ['clients', 'traffic', 'offline'] as const;
export type LimitMetric = (typeof LIMIT_METRICS)[number];
export const limitMetricInfo: Record<LimitMetric, { label: Label; unit: string; max: number }> = {
  clients: { label: { en: 'Clients online in the network', zh: '网络在线终端数' }, unit: '', max: 1_000_000 },
  traffic: {
    label: { en: 'Gateway traffic (up + down)', zh: '网关流量（上行+下行）' },
    unit: 'KB/s',
    max: 99_999_999,
  },
  offline: { label: { en: 'Devices offline in the network', zh: '网络离线设备数' }, unit: '', max: 100_000 },
};

export const ALARM_STATUSES = ['open', 'cleared'] as const;
export type AlarmStatus = (typeof ALARM_STATUSES)[number];
export const alarmStatusLabels: Record<AlarmStatus, Label> = {
  open: { en: 'Open', zh: '未恢复' },
  cleared: { en: 'Cleared', zh: '已恢复' },
};
/** spec §4 alarm handling: 0 untreated, 1 treated. */
export const HandleStatus = { Untreated: 0, Treated: 1 } as const;
export type HandleStatus = (typeof HandleStatus)[keyof typeof HandleStatus];
export const handleStatusLabels: Record<HandleStatus, Label> = {
  0: { en: 'Untreated', zh: '未处理' },
  1: { en: 'Treated', zh: '已处理' },
};

/** The name of an alarm code: one of the 21 types, else a custom or limit alarm (named by its setting). */
export function isBuiltInAlarmType(type: number): type is AlarmType {
  return Number.isInteger(type) && type >= 1 && type <= 21;
}

// ---- field rules ----

type Ctx = z.core.$RefinementCtx;
type Path = (string | number)[];

function refuse(ctx: Ctx, code: number, message: string, path: Path): void {
  ctx.addIssue({ code: 'custom', message, path, params: { code } });
}

/** A threshold as typed (spec §5: digits 0-9 only), or as a number. */
const thresholdInput = z.union([z.string().max(12), z.number()]);

/** The threshold's value if it is digits only, else null. */
export function thresholdValue(value: string | number | undefined | null): number | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^[0-9]{1,9}$/.test(text)) return null;
  return Number(text);
}

/** The catalogue code of a threshold for a unit, or null: digits only, within the unit's range. */
export function thresholdError(
  value: string | number | undefined | null,
  unit: ThresholdUnit,
): number | null {
  const n = thresholdValue(value);
  if (n === null) return ErrorCode.AlarmThresholdDigits;
  const r = THRESHOLD_RANGES[unit];
  return n < r.min || n > r.max ? ErrorCode.AlarmThresholdRange : null;
}

export function isAlarmPhone(value: string): boolean {
  return MOBILE_PHONE_RE.test(value.trim());
}

const recipients = z.array(z.string().max(254)).max(ALARM_RECIPIENTS_MAX, { error: 'too many' });

/** The push part every setting shares: level, methods, recipients (spec §5). */
const pushFields = {
  Enable: z.boolean().default(false),
  Level: z
    .union([z.literal(1), z.literal(2), z.literal(3)])
    .nullable()
    .optional(),
  Push: z.array(z.enum(PUSH_METHODS)).max(PUSH_METHODS.length).default([]),
  Phone: recipients.default([]),
  Email: recipients.default([]),
};

interface PushLike {
  Enable: boolean;
  Level?: number | null | undefined;
  Push: readonly PushMethod[];
  Phone: readonly string[];
  Email: readonly string[];
}

/** spec §5: at least one level and one push method when enabled; phone and e-mail where chosen, valid. */
function checkPush(s: PushLike, ctx: Ctx, at: Path): void {
  if (s.Enable && (s.Level === undefined || s.Level === null)) {
    refuse(ctx, ErrorCode.AlarmLevelRequired, 'choose a level', [...at, 'Level']);
  }
  if (s.Enable && s.Push.length === 0) {
    refuse(ctx, ErrorCode.AlarmPushRequired, 'choose a push method', [...at, 'Push']);
  }
  if (s.Push.includes('sms') && s.Phone.length === 0) {
    refuse(ctx, ErrorCode.AlarmPhoneRequired, 'phone required for SMS', [...at, 'Phone']);
  }
  s.Phone.forEach((p, i) => {
    if (!isAlarmPhone(p)) refuse(ctx, ErrorCode.AlarmPhoneInvalid, 'check phone', [...at, 'Phone', i]);
  });
  if (s.Push.includes('mail') && s.Email.length === 0) {
    refuse(ctx, ErrorCode.AlarmEmailRequired, 'e-mail required for mail', [...at, 'Email']);
  }
  s.Email.forEach((e, i) => {
    if (!isEmail(e.trim())) refuse(ctx, ErrorCode.AlarmEmailInvalid, 'check e-mail', [...at, 'Email', i]);
  });
}

const networkId = z.string().trim().min(1).max(64);
const description = z.string().max(ALARM_DESCRIPTION_MAX).default('');

// ---- settings of the 21 types ----

/** One type's settings as sent (changeAlarm, and each item of updateNetworkAlarm). */
const alarmSettingFields = z.object({
  Type: z.number().int(),
  ...pushFields,
  /** Digits only; its unit is alarmThresholdUnits[Type]. Ignored (stored 0) for types without one. */
  Threshold: thresholdInput.optional(),
  /** Seconds the condition must hold before raising and be gone before clearing; 0: the type's default. */
  Limit: z.number().int().min(0).max(ALARM_WINDOW_MAX_S).default(0),
  Description: description,
});
export type AlarmSettingInput = z.infer<typeof alarmSettingFields>;

function checkSetting(s: AlarmSettingInput, ctx: Ctx, at: Path): void {
  if (!isBuiltInAlarmType(s.Type)) {
    refuse(ctx, ErrorCode.AlarmTypeInvalid, 'type 1-21', [...at, 'Type']);
    return;
  }
  const unit = alarmThresholdUnits[s.Type];
  // Absent: the type's current default (docs/alarms.md); given, it must be digits within range.
  if (s.Threshold !== undefined) {
    const code = thresholdError(s.Threshold, unit);
    if (code !== null) refuse(ctx, code, 'check threshold', [...at, 'Threshold']);
  }
  checkPush(s, ctx, at);
}

export const changeAlarmBody = alarmSettingFields
  .extend({ _id: networkId })
  .superRefine((s, ctx) => checkSetting(s, ctx, []));
export type ChangeAlarmBody = z.infer<typeof changeAlarmBody>;

/** A network's whole settings: the types listed are replaced, the others keep theirs. */
export const updateNetworkAlarmBody = z
  .object({ _id: networkId, Alarms: z.array(alarmSettingFields).min(1).max(ALARM_TYPES.length) })
  .superRefine((b, ctx) => {
    const seen = new Set<number>();
    b.Alarms.forEach((s, i) => {
      checkSetting(s, ctx, ['Alarms', i]);
      if (seen.has(s.Type)) refuse(ctx, ErrorCode.AlarmTypeInvalid, 'type twice', ['Alarms', i, 'Type']);
      seen.add(s.Type);
    });
  });
export type UpdateNetworkAlarmBody = z.infer<typeof updateNetworkAlarmBody>;

/** One type's settings as stored and answered. */
export const alarmSetting = z.object({
  Type: z.number().int(),
  /** The type's name (alarmTypeLabels) in the caller's language. */
  Name: z.string(),
  Description: z.string(),
  Enable: z.boolean(),
  Threshold: z.number().int(),
  Unit: z.enum(['none', 'percent', 'KB']),
  Level: z.number().int().nullable(),
  Push: z.array(z.enum(PUSH_METHODS)),
  Phone: z.array(z.string()),
  Email: z.array(z.string()),
  /** App push chosen (spec field APP), the same as Push including 'app'. */
  APP: z.boolean(),
  /** Window in seconds (0: the type's default, which `Window` gives). */
  Limit: z.number().int(),
  /** The window in force, seconds. */
  Window: z.number().int(),
});
export type AlarmSetting = z.infer<typeof alarmSetting>;

// ---- custom and limit alarms alike ----

/** The fields custom and limit alarms open with: where, what it is called, what it watches. */
const ruleHead = {
  Network: networkId,
  Name: z.string().max(64),
  Description: description,
  Metric: z.string().max(32),
};
/** The fields they close with: the window and the push part. */
const ruleTail = {
  Limit: z.number().int().min(0).max(ALARM_WINDOW_MAX_S).default(0),
  ...pushFields,
};

/** What custom and limit alarms answer alike, in their replies' order: the window and the push part. */
const ruleReplyTail = {
  Limit: z.number().int(),
  Enable: z.boolean(),
  Level: z.number().int().nullable(),
  Push: z.array(z.enum(PUSH_METHODS)),
  Phone: z.array(z.string()),
  Email: z.array(z.string()),
};

/** What a custom or a limit alarm's bound is checked against: its metrics, and the field it is in. */
interface RuleBound<M extends string> {
  metrics: readonly M[];
  info: Record<M, { max: number }>;
  unknownMetric: number;
  field: 'Threshold' | 'Max';
  min: number;
}

/** spec §5 for both kinds: a name, a metric of the kind, and the bound digits only within its range. */
function checkRule<M extends string>(
  c: { Name: string; Metric: string },
  value: string | number,
  bound: RuleBound<M>,
  ctx: Ctx,
): void {
  const name = c.Name.trim();
  if (name.length === 0) refuse(ctx, ErrorCode.AlarmNameRequired, 'name required', ['Name']);
  else if (name.length > ALARM_NAME_MAX) refuse(ctx, ErrorCode.AlarmNameTooLong, 'name too long', ['Name']);
  if (!(bound.metrics as readonly string[]).includes(c.Metric)) {
    refuse(ctx, bound.unknownMetric, 'unknown metric', ['Metric']);
    return;
  }
  const n = thresholdValue(value);
  if (n === null) refuse(ctx, ErrorCode.AlarmThresholdDigits, 'digits only', [bound.field]);
  else if (n < bound.min || n > bound.info[c.Metric as M].max) {
    refuse(ctx, ErrorCode.AlarmThresholdRange, 'out of range', [bound.field]);
  }
}

// ---- custom alarms ----

const customFields = z.object({
  ...ruleHead,
  Compare: z.string().max(8).default('gt'),
  Threshold: thresholdInput,
  /** Only devices of this type (1-4); 0 or absent: every device. */
  DeviceType: z.number().int().min(0).max(4).default(0),
  ...ruleTail,
});

const customBound: RuleBound<CustomMetric> = {
  metrics: CUSTOM_METRICS,
  info: customMetricInfo,
  unknownMetric: ErrorCode.CustomAlarmMetricInvalid,
  field: 'Threshold',
  min: 0,
};

function checkCustom(c: z.infer<typeof customFields>, ctx: Ctx): void {
  checkRule(c, c.Threshold, customBound, ctx);
  if (!(COMPARES as readonly string[]).includes(c.Compare)) {
    refuse(ctx, ErrorCode.CustomAlarmCompareInvalid, 'gt or lt', ['Compare']);
  }
  checkPush(c, ctx, []);
}

export const customAlarmBody = customFields.superRefine(checkCustom);
export type CustomAlarmBody = z.infer<typeof customAlarmBody>;
export const changeCustomAlarmBody = customFields
  .extend({ _id: z.string().trim().min(1).max(64) })
  .superRefine(checkCustom);
export type ChangeCustomAlarmBody = z.infer<typeof changeCustomAlarmBody>;
export const delCustomAlarmBody = z.object({ _id: z.string().trim().min(1).max(64) });
export type DelCustomAlarmBody = z.infer<typeof delCustomAlarmBody>;

export const customAlarm = z.object({
  _id: z.string(),
  Network: z.string(),
  /** The alarm code its alarms carry (Type of an alarm item), from CUSTOM_CODE_BASE. */
  Code: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  Metric: z.enum(CUSTOM_METRICS),
  Compare: z.enum(COMPARES),
  Threshold: z.number(),
  Unit: z.string(),
  DeviceType: z.number().int(),
  ...ruleReplyTail,
  CreateTime: z.number(),
});
export type CustomAlarm = z.infer<typeof customAlarm>;
export const customAlarmReply = z.object({ list: customAlarm });
export type CustomAlarmReply = z.infer<typeof customAlarmReply>;

// ---- a network's settings ----

export const alarmSettingsQuery = z.object({ _id: networkId });
export type AlarmSettingsQuery = z.infer<typeof alarmSettingsQuery>;

/** spec §3: "a list whose first item holds CustomAlarm (a list)"; the 21 types are its `Alarms`. */
export const networkAlarmSettings = z.object({
  Network: z.string(),
  NetworkName: z.string(),
  /** No settings saved yet: these are the defaults (docs/alarms.md). */
  Default: z.boolean(),
  CustomAlarm: z.array(customAlarm),
  Alarms: z.array(alarmSetting),
  UpdateTime: z.number().nullable(),
});
export type NetworkAlarmSettings = z.infer<typeof networkAlarmSettings>;
export const alarmSettingsReply = z.object({ list: z.array(networkAlarmSettings) });
export type AlarmSettingsReply = z.infer<typeof alarmSettingsReply>;

/** changeAlarm and updateNetworkAlarm answer with the network's settings as they now are. */
export const alarmSettingsChangeReply = alarmSettingsReply;

export const copyAlarmSettingsBody = z
  .object({
    _id: networkId,
    To: z.array(networkId).max(COPY_TARGETS_MAX),
  })
  .superRefine((b, ctx) => {
    if (b.To.length === 0) refuse(ctx, ErrorCode.CopyTargetsRequired, 'choose networks', ['To']);
    if (b.To.includes(b._id)) refuse(ctx, ErrorCode.CopyTargetInvalid, 'not to itself', ['To']);
  });
export type CopyAlarmSettingsBody = z.infer<typeof copyAlarmSettingsBody>;
export const copyAlarmSettingsReply = z.object({
  list: z.object({ ok: z.literal(1), Copied: z.number().int() }),
});
export type CopyAlarmSettingsReply = z.infer<typeof copyAlarmSettingsReply>;

// ---- limit alarms ----

const limitFields = z.object({
  ...ruleHead,
  /** Raised when the network's figure is above this (digits only). */
  Max: thresholdInput,
  ...ruleTail,
});

const limitBound: RuleBound<LimitMetric> = {
  metrics: LIMIT_METRICS,
  info: limitMetricInfo,
  unknownMetric: ErrorCode.LimitAlarmMetricInvalid,
  field: 'Max',
  min: 1,
};

function checkLimit(c: z.infer<typeof limitFields>, ctx: Ctx): void {
  checkRule(c, c.Max, limitBound, ctx);
  checkPush(c, ctx, []);
}

export const addLimitAlarmBody = limitFields.superRefine(checkLimit);
export type AddLimitAlarmBody = z.infer<typeof addLimitAlarmBody>;
/** update: the whole limit alarm again, by `_id`; `Remove: true` deletes it instead. */
export const updateLimitAlarmBody = limitFields
  .extend({ _id: z.string().trim().min(1).max(64), Remove: z.boolean().default(false) })
  .superRefine((c, ctx) => {
    if (!c.Remove) checkLimit(c, ctx);
  });
export type UpdateLimitAlarmBody = z.infer<typeof updateLimitAlarmBody>;

export const limitAlarm = z.object({
  _id: z.string(),
  Network: z.string(),
  NetworkName: z.string(),
  Code: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  Metric: z.enum(LIMIT_METRICS),
  Max: z.number(),
  Unit: z.string(),
  ...ruleReplyTail,
  /** The network's figure now (null: not known yet). */
  Current: z.number().nullable(),
  CreateTime: z.number(),
});
export type LimitAlarm = z.infer<typeof limitAlarm>;
export const limitAlarmListQuery = pageQuery.extend({ Network: networkId.optional() });
export type LimitAlarmListQuery = z.infer<typeof limitAlarmListQuery>;
export const limitAlarmList = listReply(limitAlarm);
export const limitAlarmReply = z.object({ list: limitAlarm.nullable() });
export type LimitAlarmReply = z.infer<typeof limitAlarmReply>;

// ---- alarms ----

export const alarmText = z.object({ en: z.string(), zh: z.string() });

/** One alarm (the list, the dashboard, the live socket topic `alarm`). */
export const alarmItem = z.object({
  _id: z.string(),
  /** AlarmType 1-21, or a custom (≥ 1000) or limit (≥ 2000) alarm's code. */
  Type: z.number().int(),
  /** The type's name in both languages (a custom or limit alarm's own name). */
  Name: alarmText,
  Level: z.number().int(),
  Network: z.string().nullable(),
  NetworkName: z.string().nullable(),
  /** The device (null for a network's alarm: all devices offline, limit alarms). */
  Device: z.string().nullable(),
  SN: z.string().nullable(),
  DeviceName: z.string().nullable(),
  /** A port, WAN, tunnel or pool the alarm is about ('' for the device as a whole). */
  Subject: z.string(),
  Text: alarmText,
  Status: z.enum(ALARM_STATUSES),
  /** spec §4: 0 untreated, 1 treated. */
  Handle: z.number().int(),
  HandledBy: z.string().nullable(),
  HandledByName: z.string().nullable(),
  HandleTime: z.number().nullable(),
  RaisedAt: z.number(),
  ClearedAt: z.number().nullable(),
  /** Root-cause suppression: devices behind this one that went offline with it. */
  Behind: z.number().int(),
  /** Times the condition came back (or the event repeated) while the alarm was open. */
  Repeats: z.number().int(),
});
export type AlarmItem = z.infer<typeof alarmItem>;

const queryBool01 = z.coerce.number().int().min(0).max(1);
export const alarmListQuery = pageQuery.extend({
  Network: networkId.optional(),
  /** A device by id or SN. */
  Device: z.string().trim().max(64).optional(),
  Type: z.coerce.number().int().min(1).max(9999).optional(),
  Level: z.coerce.number().int().min(1).max(3).optional(),
  Status: z.enum(ALARM_STATUSES).optional(),
  Handle: queryBool01.optional(),
  /** Raised from / until, Unix ms. */
  From: z.coerce.number().int().min(0).optional(),
  To: z.coerce.number().int().min(0).optional(),
  /** Text in the device name, SN or network name. */
  search: z.string().trim().max(64).optional(),
});
export type AlarmListQuery = z.infer<typeof alarmListQuery>;
export const alarmList = listReply(alarmItem);
export type AlarmList = z.infer<typeof alarmList>;

export const handleAlarmBody = z
  .object({ ids: z.array(z.string().trim().min(1).max(64)).max(HANDLE_IDS_MAX) })
  .superRefine((b, ctx) => {
    if (b.ids.length === 0) refuse(ctx, ErrorCode.AlarmIdsRequired, 'choose alarms', ['ids']);
  });
export type HandleAlarmBody = z.infer<typeof handleAlarmBody>;
export const handleAlarmReply = z.object({ list: z.array(alarmItem), count: z.number().int() });
export type HandleAlarmReply = z.infer<typeof handleAlarmReply>;

// ---- summaries ----

/** Open alarms by level: general, medium, severe. */
export const levelCounts = z.object({
  General: z.number().int(),
  Medium: z.number().int(),
  Severe: z.number().int(),
  Total: z.number().int(),
  /** The worst level open (0: none). */
  Worst: z.number().int(),
  /** Open and untreated. */
  Untreated: z.number().int(),
});
export type LevelCounts = z.infer<typeof levelCounts>;

export const networkAlarmCount = levelCounts.extend({ Network: z.string(), NetworkName: z.string() });
export type NetworkAlarmCount = z.infer<typeof networkAlarmCount>;

/** Without `_id`: every network's counts (the dashboard's alarm column); with it, also that network's open alarms. */
export const alarmByNetworkQuery = z.object({
  _id: networkId.optional(),
  /** Open alarms listed for `_id` (newest first). */
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AlarmByNetworkQuery = z.infer<typeof alarmByNetworkQuery>;
export const alarmByNetworkReply = z.object({
  list: z.array(networkAlarmCount),
  /** The tenant's open alarms by level (the dashboard card). */
  total: levelCounts,
  /** `_id` given: that network's open alarms, newest first; otherwise the tenant's newest few. */
  alarms: z.array(alarmItem),
});
export type AlarmByNetworkReply = z.infer<typeof alarmByNetworkReply>;

export const networkDataQuery = pageQuery.extend({ search: z.string().trim().max(64).optional() });
export type NetworkDataQuery = z.infer<typeof networkDataQuery>;
/** A network with its alarm summary (the settings screen's network chooser). */
export const networkAlarmData = z.object({
  _id: z.string(),
  Name: z.string(),
  /** Settings saved (false: the defaults apply). */
  Configured: z.boolean(),
  /** Types enabled of the 21. */
  Enabled: z.number().int(),
  Custom: z.number().int(),
  LimitAlarms: z.number().int(),
  Open: levelCounts,
});
export type NetworkAlarmData = z.infer<typeof networkAlarmData>;
export const networkDataReply = listReply(networkAlarmData);
export type NetworkDataReply = z.infer<typeof networkDataReply>;

// ---- issue codes ----

/** Codes of issues without their own (a wrong JSON type), by field name. */
const FIELD_CODES: Readonly<Record<string, number>> = {
  Type: ErrorCode.AlarmTypeInvalid,
  Threshold: ErrorCode.AlarmThresholdDigits,
  Max: ErrorCode.AlarmThresholdDigits,
  Level: ErrorCode.AlarmLevelRequired,
  Push: ErrorCode.AlarmPushRequired,
  Phone: ErrorCode.AlarmPhoneInvalid,
  Email: ErrorCode.AlarmEmailInvalid,
  Limit: ErrorCode.AlarmWindowInvalid,
  Description: ErrorCode.AlarmDescriptionTooLong,
  Name: ErrorCode.AlarmNameTooLong,
  Metric: ErrorCode.CustomAlarmMetricInvalid,
  Compare: ErrorCode.CustomAlarmCompareInvalid,
  DeviceType: ErrorCode.CustomAlarmMetricInvalid,
  To: ErrorCode.CopyTargetInvalid,
  ids: ErrorCode.AlarmIdsRequired,
};

/** The catalogue code of one zod issue of an alarm body, or null (then 4000). */
export function alarmIssueCode(issue: { path: readonly PropertyKey[]; params?: unknown }): number | null {
  const own = (issue.params as { code?: unknown } | undefined)?.code;
  if (typeof own === 'number') return own;
  const keys = issue.path.filter((k): k is string => typeof k === 'string');
  // Phone.0 / Email.2: the field is the last string key.
  const field = keys[keys.length - 1];
  if (field === undefined) return null;
  if (field === 'Phone' && issue.path.length === keys.length) return ErrorCode.AlarmRecipientsTooMany;
  if (field === 'Email' && issue.path.length === keys.length) return ErrorCode.AlarmRecipientsTooMany;
  return FIELD_CODES[field] ?? null;
}

/** Device types a custom alarm may be limited to (0: all). */
export const CUSTOM_DEVICE_TYPES = [
  0,
  DeviceType.AC,
  DeviceType.AP,
  DeviceType.Switch,
  DeviceType.Router,
] as const;
