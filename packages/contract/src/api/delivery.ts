/**
 * Deliveries ("issued"): campaigns of one command kind to many devices, and each device's outcome
 * (spec §3 config issue statuses, §4, §7 ISSUED and CONFIG newdispatch / CONTROLLER configemit;
 * docs/device-protocol.md §11.3). A device's status follows only what the device reported.
 *
 * Refusals carry their 14xxx code like the profile bodies (config.ts): a route sets
 * `config.issueCode: deliveryIssueCode`; `deliveryProblem` gives the code of the first issue.
 */
import { z } from 'zod';
import { ConfigIssueStatus, type Label } from '../enums.ts';
import { ErrorCode } from '../errors.ts';
import { listReply, pageQuery } from '../paging.ts';
import { COMMAND_EXPIRY_S } from '../protocol/constants.ts';
import { issueProblem, type BodyProblem } from './config.ts';
import { COMMAND_STATUSES, type CommandStatus } from './device.ts';

/** spec §5 "delivery devices and profile required"; a bound on one request's work. */
export const DELIVERY_MAX_DEVICES = 1000;
/** How long a delivery waits for offline devices when no expiry is given: the protocol's apply_config expiry. */
export const DELIVERY_DEFAULT_EXPIRY_MS = COMMAND_EXPIRY_S.apply_config * 1000;

/** The command kinds the delivery engine runs campaigns of; configuration first, the others next. */
export const DELIVERY_KINDS = ['config', 'firmware', 'diagnosis', 'reset'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];
export const deliveryKindLabels: Record<DeliveryKind, Label> = {
  config: { en: 'Configuration', zh: '配置' },
  firmware: { en: 'Firmware', zh: '固件' },
  diagnosis: { en: 'Diagnosis', zh: '诊断' },
  reset: { en: 'Reset', zh: '重置' },
};

/**
 * A campaign's state: scheduled (effective time ahead), running, then one of: finished (every device
 * ended), stopped (a staged delivery's failures passed their limit), cancelled, expired (devices
 * still pending at the expiry are failed).
 */
export const DELIVERY_STATUSES = [
  'scheduled',
  'running',
  'finished',
  'stopped',
  'cancelled',
  'expired',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const TERMINAL_DELIVERY_STATUSES: readonly DeliveryStatus[] = [
  'finished',
  'stopped',
  'cancelled',
  'expired',
];
export const deliveryStatusLabels: Record<DeliveryStatus, Label> = {
  scheduled: { en: 'Scheduled', zh: '待生效' },
  running: { en: 'In progress', zh: '下发中' },
  finished: { en: 'Finished', zh: '已完成' },
  stopped: { en: 'Stopped: too many failures', zh: '已停止：失败过多' },
  cancelled: { en: 'Cancelled', zh: '已取消' },
  expired: { en: 'Expired', zh: '已过期' },
};

// ---- rules ----

/** The catalogue code of what is wrong with an effective time (Unix ms), or null: later than `now`. */
export function effectiveTimeError(value: number | null | undefined, now = Date.now()): number | null {
  if (value == null) return null;
  return Number.isSafeInteger(value) && value > now ? null : ErrorCode.EffectiveTimeNotFuture;
}

/**
 * The `Maintenance` flag of the configuration delivery and firmware upgrade bodies: the networks of
 * the devices get a maintenance window while the delivery runs, so the alarms it causes (devices
 * rebooting) are recorded but told to nobody (docs/notifications.md, "Windows of deliveries").
 */
export const MAINTENANCE_DESCRIPTION =
  "Open a maintenance window on the devices' networks from the effective time to the expiry (absent: no window)";
/** A delivery's window without an end of its own (no expiry given, a permanent upgrade): two hours. */
export const DELIVERY_WINDOW_DEFAULT_MS = 2 * 3_600_000;
/**
 * A firmware upgrade that flashes only inside a daily window and has no end of its own: the next
 * daily window starts within a day and lasts at most another, so two days cover it.
 */
export const DELIVERY_WINDOW_DAILY_MS = 48 * 3_600_000;
/**
 * Once a delivery ended (finished, stopped and settled, expired), its window closes this much later:
 * the last devices reconnect and their alarms clear inside it.
 */
export const DELIVERY_WINDOW_TAIL_MS = 10 * 60_000;

/** Staged delivery: the first share of the devices, and the failure share that stops the rest. */
export const STAGED_LIMITS = {
  firstPercent: { min: 1, max: 100 },
  maxFailPercent: { min: 0, max: 100 },
} as const;

function inRange(value: number, r: { min: number; max: number }): boolean {
  return Number.isInteger(value) && value >= r.min && value <= r.max;
}

const refuse = (ctx: z.core.$RefinementCtx, code: number, message: string, path: (string | number)[]) =>
  ctx.addIssue({ code: 'custom', message, path, params: { code } });

const id = z.string().trim().min(1).max(64);

export const stagedInput = z
  .object({
    firstPercent: z.number().meta({ description: 'Share of the devices sent first, % (1-100)' }),
    maxFailPercent: z
      .number()
      .meta({ description: 'Stop the rest when more than this share of the first ones failed, % (0-100)' }),
  })
  .superRefine((s, ctx) => {
    if (!inRange(s.firstPercent, STAGED_LIMITS.firstPercent))
      refuse(ctx, ErrorCode.StagedDeliveryInvalid, '1-100', ['firstPercent']);
    if (!inRange(s.maxFailPercent, STAGED_LIMITS.maxFailPercent))
      refuse(ctx, ErrorCode.StagedDeliveryInvalid, '0-100', ['maxFailPercent']);
  });
export type StagedSettings = z.infer<typeof stagedInput>;

/**
 * POST /v1/config/newdispatch and POST /v1/controller/configemit: deliver a profile to devices, now
 * or from `EffectiveTime`. `devices` are device _ids or SNs (the console sends _ids; configemit's
 * callers often hold SNs); repeats count once. Every device must be of the profile's type (14050, the
 * service's check).
 */
export const deliveryBody = z
  .object({
    _id: z.string().trim().max(64).nullish().meta({ description: "The profile's _id" }),
    devices: z.array(z.string().trim().min(1).max(64)).default([]),
    EffectiveTime: z.number().nullish().meta({ description: 'Unix ms, later than now; absent: now' }),
    ExpireTime: z
      .number()
      .nullish()
      .meta({ description: 'Unix ms; pending devices fail after it. Absent: 7 days after the start' }),
    Staged: stagedInput.nullish().meta({ description: 'Send to a first share, stop when too many fail' }),
    Maintenance: z.boolean().nullish().meta({ description: MAINTENANCE_DESCRIPTION }),
  })
  .superRefine((b, ctx) => {
    if (!b._id) refuse(ctx, ErrorCode.DeliveryProfileRequired, 'profile required', ['_id']);
    if (b.devices.length === 0)
      refuse(ctx, ErrorCode.DeliveryDevicesRequired, 'at least one device', ['devices']);
    else if (new Set(b.devices).size > DELIVERY_MAX_DEVICES)
      refuse(ctx, ErrorCode.DeliveryTooManyDevices, `at most ${DELIVERY_MAX_DEVICES}`, ['devices']);
    const now = Date.now();
    if (effectiveTimeError(b.EffectiveTime, now) !== null)
      refuse(ctx, ErrorCode.EffectiveTimeNotFuture, 'later than now', ['EffectiveTime']);
    const start = b.EffectiveTime ?? now;
    if (b.ExpireTime != null && !(Number.isSafeInteger(b.ExpireTime) && b.ExpireTime > start))
      refuse(ctx, ErrorCode.DeliveryExpiryInvalid, 'later than the effective time', ['ExpireTime']);
  })
  .transform((b) => ({
    _id: b._id!,
    devices: [...new Set(b.devices)],
    EffectiveTime: b.EffectiveTime ?? null,
    ExpireTime: b.ExpireTime ?? null,
    Staged: b.Staged ?? null,
    Maintenance: b.Maintenance ?? false,
  }));
export type DeliveryBody = z.output<typeof deliveryBody>;
export type DeliveryInput = z.input<typeof deliveryBody>;
/** configemit is the controller page's way in to the same delivery. */
export const configEmitBody = deliveryBody;
export type ConfigEmitBody = DeliveryBody;

const DELIVERY_FIELD_CODES: Readonly<Record<string, number>> = {
  _id: ErrorCode.DeliveryProfileRequired,
  devices: ErrorCode.DeliveryDevicesRequired,
  EffectiveTime: ErrorCode.EffectiveTimeNotFuture,
  ExpireTime: ErrorCode.DeliveryExpiryInvalid,
  Staged: ErrorCode.StagedDeliveryInvalid,
};

/** The catalogue code of one zod issue of a delivery body, or null (then 4000). */
export function deliveryIssueCode(issue: { path: readonly PropertyKey[]; params?: unknown }): number | null {
  const own = (issue.params as { code?: unknown } | undefined)?.code;
  if (typeof own === 'number') return own;
  const first = issue.path[0];
  return typeof first === 'string' ? (DELIVERY_FIELD_CODES[first] ?? null) : null;
}

export function deliveryProblem(error: z.ZodError): BodyProblem {
  return issueProblem(error, deliveryIssueCode);
}

/** Names one delivery (cancel, detail). */
export const deliveryRefBody = z.object({ _id: id });
export type DeliveryRefBody = z.infer<typeof deliveryRefBody>;

// ---- replies ----

export const deliveryItem = z.object({
  _id: z.string(),
  Kind: z.enum(DELIVERY_KINDS),
  /** The profile delivered (config), or null for kinds without one. */
  Profile: z.string().nullable(),
  ProfileName: z.string().nullable(),
  /** The profile revision the delivery sends (the devices report it back when applied). */
  Revision: z.number().int().nullable(),
  CreateTime: z.number(),
  /** When sending starts (Unix ms); null: at creation. */
  EffectiveTime: z.number().nullable(),
  ExpireTime: z.number(),
  Status: z.enum(DELIVERY_STATUSES),
  Staged: stagedInput.nullable(),
  Total: z.number().int(),
  Succeeded: z.number().int(),
  Failed: z.number().int(),
  /** Neither succeeded nor failed yet: waiting, sent, in progress. */
  Pending: z.number().int(),
  /** The account that created it: its id, and its account name (null when the account is gone). */
  Creator: z.string().nullable(),
  CreatorName: z
    .string()
    .nullable()
    .meta({ description: "The creating account's name (its Username); null when it no longer exists" }),
  /** Firmware deliveries: the image (protocol §7.10); null for other kinds. */
  Firmware: z
    .object({ _id: z.string(), Model: z.string(), HWVersion: z.string(), FWVersion: z.string() })
    .nullable(),
  /** Firmware: spec §3 issue validity (0 permanent, 1 from a time, 2 a period); null for other kinds. */
  Validity: z.number().int().nullable(),
  /** Firmware: the daily maintenance window devices flash in; null: at once. */
  Window: z
    .object({ Start: z.string(), End: z.string(), TimeZone: z.string() })
    .nullable()
    .meta({ description: 'HH:mm local time of TimeZone; an End before Start runs past midnight' }),
  /** Devices in flight at once; null: no limit. */
  Concurrency: z.number().int().nullable(),
});
export type DeliveryItem = z.infer<typeof deliveryItem>;
export const deliveryReply = z.object({ list: deliveryItem });
export type DeliveryReply = z.infer<typeof deliveryReply>;

const statusFilter = z.coerce
  .number()
  .int()
  .refine((s) => (Object.values(ConfigIssueStatus) as number[]).includes(s), { error: '0-4' });

export const DELIVERY_SORTS = ['-CreateTime', 'CreateTime'] as const;
/** GET /v1/issued/config: configuration deliveries, newest first. */
export const deliveryListQuery = pageQuery.extend({
  sort: z.enum(DELIVERY_SORTS).default('-CreateTime'),
  Status: z.enum(DELIVERY_STATUSES).optional(),
  Profile: id.optional(),
  /** Part of the profile name. */
  search: z.string().trim().max(64).optional(),
});
export type DeliveryListQuery = z.infer<typeof deliveryListQuery>;
export const deliveryList = listReply(deliveryItem);

/**
 * One device in one delivery. `Status` is the console's issue status by protocol §11.3 (config:
 * 0 failed, 1 success, 2 apply failed, 3 download failed, 4 issued/downloading; firmware: its own
 * 1-4). `State` is the command's state underneath: null while the device waits its turn (scheduled,
 * staged), `held` while it is offline.
 */
export const deliveryDeviceItem = z.object({
  Delivery: z.string(),
  Kind: z.enum(DELIVERY_KINDS),
  Profile: z.string().nullable(),
  ProfileName: z.string().nullable(),
  Revision: z.number().int().nullable(),
  Device: z.string(),
  SN: z.string(),
  Alias: z.string(),
  Status: z.number().int(),
  State: z.enum(COMMAND_STATUSES).nullable(),
  /** The stage of the last progress or failure report (downloading, verifying, applying, rebooting). */
  Stage: z.string().nullable(),
  /** The reason code of a rejection or failure (protocol §7.3), e.g. config_invalid, connectivity_lost. */
  Code: z.string().nullable(),
  /** The device's own text, e.g. the field it rejected. */
  Detail: z.string().nullable(),
  UpdateTime: z.number(),
  /** The download's last percent (100 once past downloading); null before it started or for kinds without one. */
  Percent: z.number().nullable(),
  /** The device's first report on its command (Unix ms); null before it. */
  StartTime: z.number().nullable(),
  /** When the device's outcome was settled (Unix ms); null while open. */
  EndTime: z.number().nullable(),
  /** Firmware: the version the device ran when the upgrade was started, and the image's. */
  FromVersion: z.string().nullable(),
  ToVersion: z.string().nullable(),
});
export type DeliveryDeviceItem = z.infer<typeof deliveryDeviceItem>;
export const deliveryDeviceList = listReply(deliveryDeviceItem);

/** GET /v1/issued/device: the devices of one delivery and their outcomes. */
export const deliveryDevicesQuery = pageQuery.extend({
  _id: id.meta({ description: "The delivery's _id" }),
  Status: statusFilter.optional(),
  /** Part of the alias or SN. */
  search: z.string().trim().max(64).optional(),
  sort: z.enum(['-UpdateTime', 'UpdateTime', 'Alias', '-Alias', 'Status', '-Status']).default('-UpdateTime'),
});
export type DeliveryDevicesQuery = z.infer<typeof deliveryDevicesQuery>;

/** GET /v1/issued/devicelist: the deliveries one device received (by _id or SN), newest first. */
export const deviceDeliveriesQuery = pageQuery.extend({
  Device: id.optional(),
  SN: z.string().trim().min(1).max(64).optional(),
  Kind: z.enum(DELIVERY_KINDS).optional(),
  sort: z.enum(['-UpdateTime', 'UpdateTime']).default('-UpdateTime'),
});
export type DeviceDeliveriesQuery = z.infer<typeof deviceDeliveriesQuery>;

// ---- live ----

/** A delivery target's status: before its command exists (pending, issuing), then the command's own. */
export type DeliveryTargetStatus = 'pending' | 'issuing' | CommandStatus;

/**
 * The live socket's topic `delivery` (docs/delivery.md, "Live"): a target changed, or a campaign
 * stepped (its targets counted by status). The REST lists hold the same facts after a reconnect.
 */
export type DeliveryLiveData =
  | {
      Event: 'campaign';
      Campaign: string;
      Kind: string;
      Status: DeliveryStatus;
      Counts: Partial<Record<DeliveryTargetStatus, number>>;
    }
  | {
      Event: 'target';
      Campaign: string;
      Device: string;
      SN: string;
      Status: DeliveryTargetStatus;
      Stage: string | null;
      Code: string | null;
      Detail: string | null;
      /** The download's percent as the device last reported it (firmware; absent from older servers). */
      Percent?: number | null;
    };
