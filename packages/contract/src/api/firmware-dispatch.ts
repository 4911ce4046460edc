/**
 * Firmware upgrades (spec §3 firmware issue, §4, §7 CONFIG `fw/dispatch`, ISSUED `fw`): an image of
 * the library delivered to devices as a campaign of the delivery engine (docs/firmware-upgrades.md).
 * A device counts as upgraded only when it came back reporting the image's version (protocol §7.10).
 *
 * Refusals carry their codes like the delivery bodies (delivery.ts): a route sets
 * `config.issueCode: firmwareDispatchIssueCode`.
 */
import { z } from 'zod';
import { ErrorCode } from '../errors.ts';
import { issueProblem, type BodyProblem } from './config.ts';
import {
  DELIVERY_MAX_DEVICES,
  MAINTENANCE_DESCRIPTION,
  deliveryListQuery,
  effectiveTimeError,
  stagedInput,
} from './delivery.ts';

/** Spec §3 issue validity: 0 permanent, 1 from a time, 2 a period. */
export const FirmwareValidity = { Permanent: 0, From: 1, Period: 2 } as const;
export type FirmwareValidity = (typeof FirmwareValidity)[keyof typeof FirmwareValidity];
export const FIRMWARE_VALIDITIES: readonly number[] = Object.values(FirmwareValidity);

/**
 * How long a "permanent" upgrade (validity 0, and 1 from its start) waits for devices that are
 * offline: a year. Commands need an expiry (protocol §7.1) and the image's download link is signed
 * until then; a device away longer than a year gets a new upgrade.
 */
export const FIRMWARE_PERMANENT_MS = 365 * 86_400_000;

/**
 * Devices of one network downloading at once, over every upgrade running for that network (the
 * engine's per-network limit, so a site's uplink is not flooded); devices in no network share one
 * pool per tenant.
 */
export const FIRMWARE_CONCURRENCY = { min: 1, max: 1000 } as const;

/**
 * The limit when an upgrade names none: 100 downloads per network at once. Each open download costs
 * the server 120-190 KB of buffers (docs/performance.md, "Firmware downloads"): 100 keep 1,000
 * devices of one network well inside the 150 MB goal (80 MB measured), and take no longer in all
 * than 1,000 at once on a link the server saturates anyway (docs/firmware-upgrades.md).
 */
export const FIRMWARE_DEFAULT_CONCURRENCY = 100;

/** `HH:mm`, 00:00-23:59: a maintenance window's ends. */
export const WINDOW_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Whether `zone` is an IANA time zone this runtime knows (Intl is the only zone database used). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const refuse = (ctx: z.core.$RefinementCtx, code: number, message: string, path: (string | number)[]) =>
  ctx.addIssue({ code: 'custom', message, path, params: { code } });

/**
 * A maintenance window: devices download and verify at once, and flash only between Start and End
 * of their local time (an End before Start runs past midnight), in each device's network's time
 * zone. TimeZone: the IANA zone for devices whose network has none; absent: the server's zone
 * (docs/firmware-upgrades.md, "Window").
 */
export const firmwareWindowInput = z
  .object({
    Start: z.string().meta({ description: 'HH:mm, local time' }),
    End: z.string().meta({ description: 'HH:mm; before Start: across midnight' }),
    TimeZone: z.string().max(64).nullish().meta({
      description:
        "IANA zone, e.g. Asia/Shanghai, for devices whose network has no zone; absent: the server's",
    }),
  })
  .superRefine((w, ctx) => {
    if (!WINDOW_TIME_RE.test(w.Start)) refuse(ctx, ErrorCode.FirmwareWindowInvalid, 'HH:mm', ['Start']);
    if (!WINDOW_TIME_RE.test(w.End)) refuse(ctx, ErrorCode.FirmwareWindowInvalid, 'HH:mm', ['End']);
    else if (w.Start === w.End) refuse(ctx, ErrorCode.FirmwareWindowInvalid, 'not equal to Start', ['End']);
    if (w.TimeZone != null && !isTimeZone(w.TimeZone))
      refuse(ctx, ErrorCode.FirmwareTimeZoneInvalid, 'IANA time zone', ['TimeZone']);
  });
export type FirmwareWindowInput = z.output<typeof firmwareWindowInput>;

/**
 * POST /v1/config/fw/dispatch: an image (`_id`) to devices (their _ids or SNs, each of the image's
 * model and hardware version: 15031 names the others). Validity 0: from now (or EffectiveTime), no
 * end (FIRMWARE_PERMANENT_MS); 1: from EffectiveTime (required), no end; 2: EffectiveTime (absent:
 * now) until ExpireTime (required, after the start: 14012). An ExpireTime with 0 or 1 is refused
 * (15032): it would make them a period.
 */
export const firmwareDispatchBody = z
  .object({
    _id: z.string().trim().max(64).nullish().meta({ description: "The image's _id" }),
    devices: z.array(z.string().trim().min(1).max(64)).default([]),
    Validity: z
      .number()
      .nullish()
      .meta({ description: '0 permanent (default), 1 from EffectiveTime, 2 a period' }),
    EffectiveTime: z.number().nullish().meta({ description: 'Unix ms, later than now; absent: now' }),
    ExpireTime: z.number().nullish().meta({ description: 'Unix ms, end of the period (validity 2 only)' }),
    Window: firmwareWindowInput.nullish().meta({ description: 'Flash only inside this daily window' }),
    Staged: stagedInput.nullish().meta({ description: 'Upgrade a first share, stop when too many fail' }),
    Concurrency: z
      .number()
      .nullish()
      .meta({
        description: `Devices of one network downloading at once over all its upgrades, 1-1000; absent: ${FIRMWARE_DEFAULT_CONCURRENCY}`,
      }),
    Maintenance: z.boolean().nullish().meta({ description: MAINTENANCE_DESCRIPTION }),
  })
  .superRefine((b, ctx) => {
    if (!b._id) refuse(ctx, ErrorCode.FirmwareImageRequired, 'image required', ['_id']);
    if (b.devices.length === 0)
      refuse(ctx, ErrorCode.DeliveryDevicesRequired, 'at least one device', ['devices']);
    else if (new Set(b.devices).size > DELIVERY_MAX_DEVICES)
      refuse(ctx, ErrorCode.DeliveryTooManyDevices, `at most ${DELIVERY_MAX_DEVICES}`, ['devices']);
    const validity = b.Validity ?? FirmwareValidity.Permanent;
    if (!FIRMWARE_VALIDITIES.includes(validity)) {
      refuse(ctx, ErrorCode.FirmwareValidityInvalid, '0, 1 or 2', ['Validity']);
      return;
    }
    const now = Date.now();
    if (effectiveTimeError(b.EffectiveTime, now) !== null)
      refuse(ctx, ErrorCode.EffectiveTimeNotFuture, 'later than now', ['EffectiveTime']);
    if (validity === FirmwareValidity.From && b.EffectiveTime == null)
      refuse(ctx, ErrorCode.FirmwareEffectiveTimeRequired, 'required with validity 1', ['EffectiveTime']);
    if (validity !== FirmwareValidity.Period && b.ExpireTime != null)
      refuse(ctx, ErrorCode.FirmwareValidityInvalid, 'an end goes with validity 2 only', ['ExpireTime']);
    if (validity === FirmwareValidity.Period) {
      const start = b.EffectiveTime ?? now;
      if (b.ExpireTime == null)
        refuse(ctx, ErrorCode.FirmwareExpireTimeRequired, 'required with validity 2', ['ExpireTime']);
      else if (!(Number.isSafeInteger(b.ExpireTime) && b.ExpireTime > start))
        refuse(ctx, ErrorCode.FirmwareIssueEndBeforeStart, 'later than the start', ['ExpireTime']);
    }
    const c = b.Concurrency;
    if (c != null && !(Number.isInteger(c) && c >= FIRMWARE_CONCURRENCY.min && c <= FIRMWARE_CONCURRENCY.max))
      refuse(ctx, ErrorCode.FirmwareConcurrencyInvalid, '1-1000', ['Concurrency']);
  })
  .transform((b) => ({
    _id: b._id!,
    devices: [...new Set(b.devices)],
    Validity: (b.Validity ?? FirmwareValidity.Permanent) as FirmwareValidity,
    EffectiveTime: b.EffectiveTime ?? null,
    ExpireTime: b.ExpireTime ?? null,
    Window: b.Window
      ? { Start: b.Window.Start, End: b.Window.End, TimeZone: b.Window.TimeZone ?? null }
      : null,
    Staged: b.Staged ?? null,
    Concurrency: b.Concurrency ?? null,
    Maintenance: b.Maintenance ?? false,
  }));
export type FirmwareDispatchBody = z.output<typeof firmwareDispatchBody>;
export type FirmwareDispatchInput = z.input<typeof firmwareDispatchBody>;

const FIELD_CODES: Readonly<Record<string, number>> = {
  _id: ErrorCode.FirmwareImageRequired,
  devices: ErrorCode.DeliveryDevicesRequired,
  Validity: ErrorCode.FirmwareValidityInvalid,
  EffectiveTime: ErrorCode.EffectiveTimeNotFuture,
  ExpireTime: ErrorCode.FirmwareIssueEndBeforeStart,
  Window: ErrorCode.FirmwareWindowInvalid,
  Staged: ErrorCode.StagedDeliveryInvalid,
  Concurrency: ErrorCode.FirmwareConcurrencyInvalid,
};

/** The catalogue code of one zod issue of a dispatch body, or null (then 4000). */
export function firmwareDispatchIssueCode(issue: {
  path: readonly PropertyKey[];
  params?: unknown;
}): number | null {
  const own = (issue.params as { code?: unknown } | undefined)?.code;
  if (typeof own === 'number') return own;
  const first = issue.path[0];
  return typeof first === 'string' ? (FIELD_CODES[first] ?? null) : null;
}

export function firmwareDispatchProblem(error: z.ZodError): BodyProblem {
  return issueProblem(error, firmwareDispatchIssueCode);
}

/**
 * GET /v1/issued/fw: firmware deliveries, the query of GET /v1/issued/config (`Profile` names the
 * image, `search` a part of its version).
 */
export const firmwareDeliveryListQuery = deliveryListQuery;
export type FirmwareDeliveryListQuery = z.infer<typeof firmwareDeliveryListQuery>;

/** Where a device's time is inside a daily window `start`..`end` (HH:mm; end < start: past midnight). */
export function insideWindow(minutes: number, start: string, end: string): boolean {
  const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const s = toMin(start);
  const e = toMin(end);
  return s < e ? minutes >= s && minutes < e : minutes >= s || minutes < e;
}

/** Minutes since local midnight of `at` (Unix ms) in the IANA zone `timeZone`, through Intl. */
export function localMinutes(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}
