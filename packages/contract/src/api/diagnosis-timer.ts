/**
 * Timers (issue 18 point 3, docs/diagnosis.md "Timers"): recurring diagnoses at a time of day in an
 * IANA time zone, and the two built-in timed tasks of spec §4 (OnTimerPortalCheck,
 * OnTimerNetworkCheck, default 10:30:30, disabled). Each firing dispatches one diagnosis run (the
 * diagnosis area's `dispatch`), whose records carry the timer's `_id` (getAllIssued?TimerId=).
 *
 * `POST /v1/diagnose/addTimer` creates a timer, or updates one when the body carries its `_id`;
 * `POST /v1/diagnose/delTimer` removes one (an extension, docs/api-extensions.tsv); the built-in
 * tasks are `GET /v1/user/getOnTimeAll` and `POST /v1/user/UpdateOnTime` (`ON_TIME_PATHS`).
 *
 * Refusals carry 28040-28069 codes: the routes set `config.fieldCodes: TIMER_FIELD_CODES`, so a
 * field of the wrong shape answers with its field's code; the service checks what the schema
 * cannot (targets for the kind, devices of the caller's tenant).
 */
import { z } from 'zod';
import { ErrorCode } from '../errors.ts';
import { listReply, pageQuery } from '../paging.ts';
import { DIAGNOSIS_LIMITS, PROTOCOL_LIMITS } from '../protocol/constants.ts';
import { hostname, ipv4 } from '../protocol/primitives.ts';
import { isTimeZone } from './firmware-dispatch.ts';

// ---- enumerations and limits ----

/** 0 disabled, 1 enabled (spec §3 timer task Status). */
export const TIMER_STATUSES = [0, 1] as const;
export type TimerStatus = (typeof TIMER_STATUSES)[number];
/** What a firing runs: a network diagnosis (ping/mtr to Targets) or a portal check (PortalUrl, Radius). */
export const TIMER_KINDS = ['network', 'portal'] as const;
export type TimerKind = (typeof TIMER_KINDS)[number];
/** 1 Ping, 2 Mtr (spec §3 diagnostic types). */
export const TIMER_TYPES = [1, 2] as const;

/** The built-in timed tasks of spec §4, one of each per tenant. */
export const ON_TIME_NAMES = ['OnTimerPortalCheck', 'OnTimerNetworkCheck'] as const;
export type OnTimeName = (typeof ON_TIME_NAMES)[number];
/** Spec §4: the built-in tasks start at 10:30:30, disabled. */
export const ON_TIME_DEFAULT = { Hour: 10, Minute: 30, Second: 30 } as const;

export const TIMER_NAME_MAX = 64;
export const TIMER_DESCR_MAX = 200;
export const TIMER_ZONE_MAX = 64;
/** Timers per tenant (the built-in tasks not counted). */
export const TIMERS_PER_TENANT_MAX = 50;
/** Devices one timer runs from (the diagnosis area's own cap per run is the same). */
export const TIMER_DEVICES_MAX = 200;
/** RADIUS servers one portal timer checks. */
export const TIMER_RADIUS_MAX = 2;
export const TIMER_URL_MAX = 500;

// ---- field codes ----

/** The code of a body or query field that fails its schema (the route's `config.fieldCodes`). */
export const TIMER_FIELD_CODES: Record<string, number> = {
  _id: ErrorCode.TimerIdInvalid,
  Name: ErrorCode.TimerNameRequired,
  Descr: ErrorCode.TimerDescrTooLong,
  Data: ErrorCode.TimerTimeInvalid,
  Status: ErrorCode.TimerStatusInvalid,
  TimeZone: ErrorCode.TimerTimeZoneInvalid,
  Kind: ErrorCode.TimerKindInvalid,
  Type: ErrorCode.TimerTypeInvalid,
  Devices: ErrorCode.TimerDevicesRequired,
  Targets: ErrorCode.TimerTargetInvalid,
  Count: ErrorCode.TimerCountInvalid,
  Size: ErrorCode.TimerSizeInvalid,
  PortalUrl: ErrorCode.TimerPortalUrlInvalid,
  Radius: ErrorCode.TimerRadiusInvalid,
};

/** The built-in tasks' calls: an unknown Name is its own code. */
export const ON_TIME_FIELD_CODES: Record<string, number> = {
  Name: ErrorCode.OnTimeNameInvalid,
  Data: ErrorCode.TimerTimeInvalid,
  Status: ErrorCode.TimerStatusInvalid,
  TimeZone: ErrorCode.TimerTimeZoneInvalid,
};

// ---- pieces ----

const id = z.string().trim().min(1).max(64);

/** The time of day a timer fires, in its TimeZone. */
export const timerTime = z
  .object({
    Hour: z.number().int().min(0).max(23),
    Minute: z.number().int().min(0).max(59),
    Second: z.number().int().min(0).max(59),
  })
  .meta({ description: 'Time of day (hour 0-23, minute and second 0-59) in the timer’s TimeZone' });
export type TimerTime = z.infer<typeof timerTime>;

export const timerTimeZone = z
  .string()
  .trim()
  .min(1)
  .max(TIMER_ZONE_MAX)
  .refine(isTimeZone, { error: 'unknown time zone' })
  .meta({ description: 'IANA time zone, e.g. Asia/Shanghai' });

const timerStatus = z.literal(TIMER_STATUSES).meta({ description: '0 disabled, 1 enabled' });

/** A diagnosis target: IPv4 or domain name. */
export const timerTarget = z
  .string()
  .trim()
  .pipe(z.union([ipv4, hostname]));

export const timerRadius = z.object({
  Host: z
    .string()
    .trim()
    .pipe(z.union([ipv4, hostname])),
  AuthPort: z.number().int().min(1).max(65535).default(1812),
  AcctPort: z.number().int().min(1).max(65535).default(1813),
});
export type TimerRadius = z.infer<typeof timerRadius>;

const httpUrl = z
  .string()
  .trim()
  .max(TIMER_URL_MAX)
  .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i, { error: 'http or https URL' });

// ---- timers ----

/**
 * Create a timer, or update the one named by `_id` (every field is given again: the form sends
 * the whole timer). Rules beyond the schema (service): a network timer needs ≥ 1 target
 * (28044), a portal timer a PortalUrl or ≥ 1 RADIUS server (28044); every device of the
 * caller's tenant (28057).
 */
export const addTimerBody = z.object({
  _id: id.optional().meta({ description: 'Update this timer instead of creating one' }),
  Name: z.string().trim().min(1).max(TIMER_NAME_MAX),
  Descr: z.string().trim().max(TIMER_DESCR_MAX).default(''),
  Data: timerTime,
  Status: timerStatus.default(1),
  /** Default: the server's DEFAULT_TIME_ZONE (the console sends the browser's zone). */
  TimeZone: timerTimeZone.optional(),
  Kind: z.enum(TIMER_KINDS).default('network'),
  Type: z.literal(TIMER_TYPES).default(1).meta({ description: '1 ping, 2 mtr' }),
  Devices: z.array(id).min(1).max(TIMER_DEVICES_MAX).meta({ description: 'Device _ids, at least one' }),
  Targets: z
    .array(timerTarget)
    .max(PROTOCOL_LIMITS.maxDiagnosisTargets)
    .default([])
    .meta({ description: 'IPv4 or domain names (network kind: at least one, at most 10)' }),
  Count: z.number().int().min(DIAGNOSIS_LIMITS.count.min).max(DIAGNOSIS_LIMITS.count.max).default(4),
  Size: z
    .number()
    .int()
    .min(DIAGNOSIS_LIMITS.sizeBytes.min)
    .max(DIAGNOSIS_LIMITS.sizeBytes.max)
    .default(DIAGNOSIS_LIMITS.sizeBytes.default),
  /** Portal kind: the portal page every device fetches. */
  PortalUrl: httpUrl.optional(),
  /** Portal kind: RADIUS servers probed with Status-Server. */
  Radius: z.array(timerRadius).max(TIMER_RADIUS_MAX).optional(),
});
export type AddTimerBody = z.input<typeof addTimerBody>;
export type AddTimerInput = z.infer<typeof addTimerBody>;

export const timerItem = z.object({
  _id: z.string(),
  Name: z.string(),
  Descr: z.string(),
  Data: timerTime,
  Status: timerStatus,
  TimeZone: z.string(),
  Kind: z.enum(TIMER_KINDS),
  Type: z.literal(TIMER_TYPES),
  Devices: z.array(z.string()),
  Targets: z.array(z.string()),
  Count: z.number().int(),
  Size: z.number().int(),
  PortalUrl: z.string().nullable(),
  Radius: z.array(z.object({ Host: z.string(), AuthPort: z.number().int(), AcctPort: z.number().int() })),
  /** The next firing (Unix ms) when enabled, else null. */
  NextRun: z.number().nullable(),
  LastRun: z.number().nullable(),
  /** The diagnosis run of the last firing (getAllIssued / getDevData RunId). */
  LastRunId: z.string().nullable(),
  /** The catalogue code that refused the last firing (a device removed, none online); null when it ran. */
  LastError: z.number().int().nullable(),
  CreateTime: z.number(),
  Creator: z.string().nullable(),
  CreatorName: z.string().nullable(),
});
export type TimerItem = z.infer<typeof timerItem>;
export const timerList = listReply(timerItem);
export type TimerList = z.infer<typeof timerList>;

export const timerQuery = pageQuery.extend({
  /** Name contains (case-insensitive). */
  search: z.string().trim().max(64).optional(),
  Status: z.coerce.number().pipe(timerStatus).optional(),
  Kind: z.enum(TIMER_KINDS).optional(),
  /** One timer by _id. */
  _id: id.optional(),
});
export type TimerQuery = z.infer<typeof timerQuery>;

export const delTimerBody = z.object({ _id: id });
export type DelTimerBody = z.infer<typeof delTimerBody>;
export const delTimerReply = z.object({ _id: z.string() });

// ---- built-in timed tasks ----

/**
 * Where the built-in tasks are read and changed (spec §7 USER). Server and console both read the
 * paths from here.
 */
export const ON_TIME_PATHS = {
  all: '/v1/user/getOnTimeAll',
  update: '/v1/user/UpdateOnTime',
} as const;

export const onTimeTaskItem = z.object({
  Name: z.enum(ON_TIME_NAMES),
  Data: timerTime,
  Status: timerStatus,
  TimeZone: z.string(),
  /** The next firing (Unix ms) when enabled, else null. */
  NextRun: z.number().nullable(),
  LastRun: z.number().nullable(),
  LastRunId: z.string().nullable(),
  /** The catalogue code that refused the last firing (28060: no device online); null when it ran. */
  LastError: z.number().int().nullable(),
});
export type OnTimeTaskItem = z.infer<typeof onTimeTaskItem>;
/** The caller's tenant's two tasks, OnTimerPortalCheck first. */
export const onTimeTaskList = z.array(onTimeTaskItem);
export type OnTimeTaskList = z.infer<typeof onTimeTaskList>;

/** Change one built-in task; fields absent stay. The reply is the task as it now is. */
export const updateOnTimeTaskBody = z.object({
  Name: z.enum(ON_TIME_NAMES),
  Data: timerTime.optional(),
  Status: timerStatus.optional(),
  TimeZone: timerTimeZone.optional(),
});
export type UpdateOnTimeTaskBody = z.infer<typeof updateOnTimeTaskBody>;
