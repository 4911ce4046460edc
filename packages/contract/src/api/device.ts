/**
 * Devices and their commands: spec §3 Device, §4 device states, §7 DEVICE and CONTROLLER, §8 12xxx.
 * The realtime fields come from the device protocol (docs/device-protocol.md §11.1).
 */
import { z } from 'zod';
import { DeviceStatus, DeviceType, enumValues, type Label } from '../enums.ts';
import { ErrorCode, type Lang } from '../errors.ts';
import { listReply, pageQuery } from '../paging.ts';
import { DROP_REASONS } from '../protocol/codec.ts';
import { SN_RE } from '../protocol/constants.ts';
import { normalizeMac } from '../validators.ts';

// ---- field rules (shared by the console's forms and the server) ----

export const DEVICE_ALIAS_MAX = 64;
/** At most this many devices in one command request (spec §8 12139). */
export const DEVICE_BATCH_MAX = 100;

/** The stored SN: the protocol's form (8-32 of A-Z 0-9). Input is trimmed and upper-cased first. */
export function normalizeSn(value: string): string {
  return value.trim().toUpperCase();
}

/** The catalogue code of what is wrong with a typed SN, or null (spec §8 12100, 12004). */
export function deviceSnError(value: string | undefined): number | null {
  const sn = normalizeSn(value ?? '');
  if (sn === '') return ErrorCode.RegisterSnRequired;
  return SN_RE.test(sn) ? null : ErrorCode.DeviceSnLength;
}

/** The catalogue code of what is wrong with a typed MAC, or null (12101, 12001). */
export function deviceMacError(value: string | undefined): number | null {
  if ((value ?? '').trim() === '') return ErrorCode.RegisterMacRequired;
  return normalizeMac(value!) === null ? ErrorCode.DeviceMacFormat : null;
}

/** The catalogue code of what is wrong with an alias, or null (12120, 12121, 12122). */
export function deviceAliasError(value: string | undefined): number | null {
  const alias = (value ?? '').trim();
  if (alias === '') return ErrorCode.DeviceAliasRequired;
  if (alias.length > DEVICE_ALIAS_MAX) return ErrorCode.DeviceAliasTooLong;
  return /^\P{Cc}+$/u.test(alias) ? null : ErrorCode.DeviceAliasInvalidChars;
}

// Inputs are loose strings here; the rules above give each mistake its own catalogue code.
const looseText = z.string().max(256);
const deviceId = z.string().min(1).max(64);
const deviceType = z.literal([DeviceType.AC, DeviceType.AP, DeviceType.Switch, DeviceType.Router]);
const queryType = z.coerce
  .number()
  .int()
  .refine((t) => (enumValues(DeviceType) as number[]).includes(t), {
    error: '1 AC, 2 AP, 3 switch, 4 router',
  });
const queryStatus = z.enum(enumValues(DeviceStatus) as [DeviceStatus, ...DeviceStatus[]]);
/**
 * A network id, `null` for devices in no network, or both comma-separated (spec §7: "Parent in
 * [network, null]").
 */
export const queryParent = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .transform((v) => v.split(',').map((p) => (p.trim() === 'null' ? null : p.trim())));
/** A model or hardware version as the devices report them (at most 32 characters, the column's size). */
const queryModel = z.string().trim().min(1).max(32);
const queryFlag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

// ---- registration and changes ----

/** Registers a device to the caller's tenant by SN and MAC (docs/api-extensions.tsv: POST /v1/device/add). */
export const addDeviceBody = z.object({
  SN: looseText.optional(),
  MAC: looseText.optional(),
  /** Defaults to the SN. */
  Alias: looseText.optional(),
  /** Optional until the device's hello reports it. */
  Type: deviceType.optional(),
});
export type AddDeviceBody = z.infer<typeof addDeviceBody>;

/** Names one device by its _id or its SN. */
export const deviceRefBody = z.object({ _id: deviceId.optional(), SN: looseText.optional() });
export type DeviceRefBody = z.infer<typeof deviceRefBody>;

export const updateDeviceBody = deviceRefBody.extend({ Alias: looseText.optional() });
export type UpdateDeviceBody = z.infer<typeof updateDeviceBody>;

// ---- reading ----

export const DEVICE_SORTS = [
  'CreateTime',
  '-CreateTime',
  'SN',
  '-SN',
  'Alias',
  '-Alias',
  'Type',
  '-Type',
  'Status',
  '-Status',
] as const;
export type DeviceSort = (typeof DEVICE_SORTS)[number];

const deviceFilters = {
  Parent: queryParent.optional(),
  Status: queryStatus.optional(),
  Type: queryType.optional(),
  /** Part of the alias, SN or MAC (any MAC notation). */
  search: z.string().trim().max(64).optional(),
  /** Administrator: registered devices only (1) or the unregistered ones only (0). */
  Registered: queryFlag.optional(),
  /** The model the device's hello reported, exactly (e.g. the firmware upgrade's device choice). */
  Model: queryModel.optional(),
  /** The hardware version the device's hello reported, exactly. */
  HWVersion: queryModel.optional(),
};

export const deviceListQuery = pageQuery.extend({
  sort: z.enum(DEVICE_SORTS).default('-CreateTime'),
  ...deviceFilters,
  /** Drifted devices only (1) or none of them (0): see `Config.Drift`. */
  Drift: queryFlag.optional(),
});
export type DeviceListQuery = z.infer<typeof deviceListQuery>;

/** The codes of the filters that have their own (a route's `config.fieldCodes`); others answer 4000. */
export const DEVICE_FILTER_CODES: Readonly<Record<string, number>> = {
  Model: ErrorCode.DeviceModelFilterInvalid,
  HWVersion: ErrorCode.DeviceHwVersionFilterInvalid,
};

export const deviceFilterQuery = z.object(deviceFilters);
export type DeviceFilterQuery = z.infer<typeof deviceFilterQuery>;

/** Realtime fields: unknown (null) or zero while the device is offline (spec §3). */
export const deviceRealtime = z.object({
  IP: z.string().nullable(),
  NetMask: z.string().nullable(),
  GateWay: z.string().nullable(),
  DNS1: z.string().nullable(),
  DNS2: z.string().nullable(),
  /** Bytes per second on the uplink, from the last two stats. */
  TxRate: z.number(),
  RxRate: z.number(),
  /** Seconds since boot. */
  UpTime: z.number(),
});
export type DeviceRealtime = z.infer<typeof deviceRealtime>;

/**
 * Why a message of a device was not taken, in the order the checks run (docs/device-protocol.md §8):
 * the broker's refusals, the gateway's rate limit, the codec's reasons, the session checks, and the
 * gateway's own failures. Each is counted per device and shown on the device.
 */
export const DEVICE_DROP_REASONS = [
  'auth',
  'acl_publish',
  'acl_subscribe',
  'too_large_packet',
  'rate',
  ...DROP_REASONS,
  'no_session',
  'duplicate',
  'internal',
] as const;
export type DeviceDropReason = (typeof DEVICE_DROP_REASONS)[number];

/** Per reason, how many of the device's messages were dropped; a reason without drops is absent. */
export const deviceDrops = z.object(
  Object.fromEntries(DEVICE_DROP_REASONS.map((r) => [r, z.number().int().min(1).optional()])) as Record<
    DeviceDropReason,
    z.ZodOptional<z.ZodNumber>
  >,
);
export type DeviceDrops = z.infer<typeof deviceDrops>;

/** A profile and revision on a device, with the profile's name as the tenant's profiles have it now. */
export const deviceConfigRef = z.object({
  /** The profile's _id (what `apply_config` carried as `configId`). */
  Profile: z.string(),
  /** null: no profile of the device's tenant has that id (removed since, or never the console's). */
  Name: z.string().nullable(),
  Revision: z.number().int(),
});
export type DeviceConfigRef = z.infer<typeof deviceConfigRef>;

/** What a device runs and what it should run (docs/configuration.md, "What each device runs"). */
export const deviceConfig = z
  .object({
    /** What the device reports in force (`state.config`); null before any or after a reset. */
    Running: deviceConfigRef.nullable(),
    /** What the latest delivery the device confirmed gave it; null if none did. */
    Assigned: deviceConfigRef.nullable(),
    /** The assigned profile's revision now; null without an assignment or when the profile is gone. */
    Latest: z.number().int().nullable(),
    /** An assignment and a running configuration that is not it (another profile or revision, or none). */
    Drift: z.boolean(),
    /** The assigned profile was saved since (`Latest` > the assigned revision): an update is available. */
    Outdated: z.boolean(),
  })
  .meta({
    description:
      'Running: what the device reports; Assigned: what its latest confirmed delivery gave it; Drift: ' +
      'they differ; Outdated: the assigned profile has a newer revision. Names resolve within the ' +
      "device's tenant (null: the profile is gone).",
  });
export type DeviceConfig = z.infer<typeof deviceConfig>;

export const deviceItem = z
  .object({
    _id: z.string(),
    SN: z.string(),
    /** The registered MAC; for an unregistered device, the one its hello reported. */
    MAC: z.string(),
    Alias: z.string(),
    Online: z.boolean(),
    /** 1 AC, 2 AP, 3 switch, 4 router; null until registered with one or reported by the device. */
    Type: z.number().int().nullable(),
    Model: z.string(),
    IsMain: z.boolean(),
    HWVersion: z.string(),
    FWVersion: z.string(),
    Registered: z.boolean(),
    /** The device connected with valid credentials and reported the registered MAC. */
    Trusted: z.boolean(),
    /** Network id, or null outside any network. */
    Parent: z.string().nullable(),
    /** AP: SN of the access controller managing it, as the AP reports it; null if none (or not an AP). */
    ACSN: z.string().nullable(),
    Status: queryStatus,
    /** Tenant id; null for an unregistered device (the administrator's view). */
    Tenant: z.string().nullable(),
    CreateTime: z.number(),
    /** Since when it is online (the last welcome); null if never. */
    OnlineTime: z.number().nullable(),
    /** When it last went offline; null if never. */
    EndTime: z.number().nullable(),
    PublicIP: z.string().nullable(),
    CPUUsed: z.number().nullable(),
    MemoryUsed: z.number().nullable(),
    /** Messages dropped per reason, counted by the server node answering since `DropsSince` (not stored). */
    Drops: deviceDrops,
    /** Since when `Drops` counts: that server node's start, Unix ms. */
    DropsSince: z.number(),
    Config: deviceConfig,
  })
  .extend(deviceRealtime.shape);
export type DeviceItem = z.infer<typeof deviceItem>;
export const deviceList = listReply(deviceItem);
export const deviceAllReply = z.object({ list: z.array(deviceItem), count: z.number().int() });
export type DeviceAllReply = z.infer<typeof deviceAllReply>;

/** getAllDevices: the realtime view of spec §3 ("onlineStatus, device.datas"), for polling until push arrives. */
export const deviceRealtimeQuery = deviceFilterQuery.extend({
  /** Comma-separated SNs; absent: every device the filters select. */
  SN: z.string().trim().max(4000).optional(),
});
export const deviceRealtimeItem = z.object({
  _id: z.string(),
  SN: z.string(),
  onlineStatus: queryStatus,
  datas: deviceRealtime,
});
export const deviceRealtimeReply = z.object({ list: z.array(deviceRealtimeItem), count: z.number().int() });
export type DeviceRealtimeReply = z.infer<typeof deviceRealtimeReply>;

export const deviceTypeCount = z.object({
  Type: z.number().int(),
  Total: z.number().int(),
  Online: z.number().int(),
});
export const deviceTypeReply = z.object({ list: z.array(deviceTypeCount) });
export type DeviceTypeReply = z.infer<typeof deviceTypeReply>;

/** getAllCount: the figures of the dashboard's health ratios (spec §9). */
export const deviceCountReply = z.object({
  Total: z.number().int(),
  Online: z.number().int(),
  Offline: z.number().int(),
  Useless: z.number().int(),
  Registered: z.number().int(),
  Trusted: z.number().int(),
});
export type DeviceCountReply = z.infer<typeof deviceCountReply>;
export const deviceCountQuery = z.object({ Parent: queryParent.optional() });

// ---- commands (CONTROLLER deviceContrl; DEVICE deviceIssuedinfo) ----

export const DEVICE_COMMANDS = ['reboot', 'reset'] as const;
export type DeviceCommand = (typeof DEVICE_COMMANDS)[number];

/**
 * spec §7: `{SN or _id, command}`; after adding devices to a network the console sends
 * `{SN, devices: [SN…], command: 'reset'}`. Every device named is commanded.
 */
export const deviceControlBody = z.object({
  SN: looseText.optional(),
  _id: deviceId.optional(),
  devices: z.array(looseText).max(1000).optional(),
  command: z.enum(DEVICE_COMMANDS),
  /** reboot: wait this long before restarting. */
  delayS: z.number().int().min(0).max(300).optional(),
  /** The language of the reply's messages (else the `language` cookie, else English). */
  language: z.enum(['en', 'zh']).optional(),
});
export type DeviceControlBody = z.infer<typeof deviceControlBody>;

/** How a command left the server: sent now, held until the device reconnects, or failed at once. */
export const COMMAND_DELIVERIES = ['sent', 'held', 'failed'] as const;
export type CommandDelivery = (typeof COMMAND_DELIVERIES)[number];
export const commandDeliveryTexts: Record<CommandDelivery, Label> = {
  sent: { en: 'Command sent to the device', zh: '指令已下发到设备' },
  held: {
    en: 'Device offline: the command is held and sent when it reconnects',
    zh: '设备离线：指令已保留，设备重新上线后下发',
  },
  failed: { en: 'The device does not support this command', zh: '设备不支持该指令' },
};
export function commandDeliveryText(delivery: CommandDelivery, lang: Lang): string {
  return commandDeliveryTexts[delivery][lang];
}

export const deviceControlItem = z.object({
  /** The device. */
  _id: z.string(),
  SN: z.string(),
  Command: z.enum(DEVICE_COMMANDS),
  CommandId: z.string(),
  Delivery: z.enum(COMMAND_DELIVERIES),
  Message: z.string(),
});
export const deviceControlReply = z.object({ list: z.array(deviceControlItem) });
export type DeviceControlReply = z.infer<typeof deviceControlReply>;

/**
 * testchangeacregister: move an AP (`SN`) to the access controller `AC` (its SN); `AC` null or blank
 * makes the AP standalone (managed by no AC). The AP must be connected.
 */
export const changeAcBody = z.object({
  SN: looseText.optional(),
  AC: looseText.nullable(),
  /** The language of the reply's message (else the `language` cookie, else English). */
  language: z.enum(['en', 'zh']).optional(),
});
export type ChangeAcBody = z.infer<typeof changeAcBody>;
export const changeAcReply = z.object({
  /** The AP. */
  _id: z.string(),
  SN: z.string(),
  /** The SN of the AC the AP was told to take; null: standalone. */
  AC: z.string().nullable(),
  Command: z.literal('set_controller'),
  CommandId: z.string(),
  Delivery: z.enum(COMMAND_DELIVERIES),
  Message: z.string(),
});
export type ChangeAcReply = z.infer<typeof changeAcReply>;

/**
 * A command's state: held (device offline), sent (no report yet), then what the device reported
 * (accepted, progress, succeeded, failed, rejected), or what the server concluded (expired,
 * timed_out, cancelled when the registration was removed).
 */
export const COMMAND_STATUSES = [
  'held',
  'sent',
  'accepted',
  'progress',
  'succeeded',
  'failed',
  'rejected',
  'expired',
  'timed_out',
  'cancelled',
] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];
export const TERMINAL_COMMAND_STATUSES: readonly CommandStatus[] = [
  'succeeded',
  'failed',
  'rejected',
  'expired',
  'timed_out',
  'cancelled',
];
export const commandStatusLabels: Record<CommandStatus, Label> = {
  held: { en: 'Held (device offline)', zh: '待下发（设备离线）' },
  sent: { en: 'Sent', zh: '已下发' },
  accepted: { en: 'Received', zh: '设备已接收' },
  progress: { en: 'In progress', zh: '执行中' },
  succeeded: { en: 'Succeeded', zh: '成功' },
  failed: { en: 'Failed', zh: '失败' },
  rejected: { en: 'Rejected by the device', zh: '设备拒绝' },
  expired: { en: 'Expired', zh: '已过期' },
  timed_out: { en: 'Timed out', zh: '超时' },
  cancelled: { en: 'Cancelled', zh: '已取消' },
};

export const issuedInfoQuery = pageQuery.extend({
  _id: deviceId.optional(),
  SN: z.string().trim().max(64).optional(),
  Status: z.enum(COMMAND_STATUSES).optional(),
  sort: z.enum(['IssueTime', '-IssueTime']).default('-IssueTime'),
});
export type IssuedInfoQuery = z.infer<typeof issuedInfoQuery>;

export const commandItem = z.object({
  _id: z.string(),
  Device: z.string(),
  SN: z.string(),
  Command: z.string(),
  Status: z.enum(COMMAND_STATUSES),
  /** The stage of the last progress or failure report. */
  Stage: z.string().nullable(),
  Percent: z.number().nullable(),
  /** Reason code of a rejection or failure (protocol §7.3). */
  Code: z.string().nullable(),
  Detail: z.string().nullable(),
  IssueTime: z.number(),
  ExpireTime: z.number(),
  SentTime: z.number().nullable(),
  ReportTime: z.number().nullable(),
  FinishTime: z.number().nullable(),
  /** How many times it was published (re-sent after each reconnection until it ends). */
  SendCount: z.number().int(),
});
export type CommandItem = z.infer<typeof commandItem>;
export const commandList = listReply(commandItem);
