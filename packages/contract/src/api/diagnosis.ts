/**
 * Diagnosis (spec §3 diagnostic types, result codes, network quality; §4 running → ended; §5; §7
 * DIAGNOSE; §9 default probe domains; docs/diagnosis.md): ping or MTR from devices towards targets,
 * on demand or from a timer, run by the delivery engine as `run_diagnosis` commands (protocol §7.11).
 * A network diagnosis names its targets; a portal diagnosis checks a portal URL and RADIUS servers
 * (the server turns it into ping targets and service checks, domains/diagnosis/portal.ts).
 *
 * Refusals carry their 28xxx code: a route sets `config.issueCode: diagnosisIssueCode`.
 */
import { z } from 'zod';
import { DiagnosticType, NetworkQuality, ResultCode, type Label } from '../enums.ts';
import { ErrorCode } from '../errors.ts';
import { listReply, pageQuery } from '../paging.ts';
import { DIAGNOSIS_LIMITS, HOSTNAME_RE, PROTOCOL_LIMITS } from '../protocol/constants.ts';
import { QUALITY_THRESHOLDS } from '../protocol/rules.ts';
import { IPV4_RE } from '../validators.ts';

/** spec §5/§9: at most 30 packets per target. */
export const DIAG_COUNT_MAX = DIAGNOSIS_LIMITS.count.max;
export const DIAG_COUNT_MIN = DIAGNOSIS_LIMITS.count.min;
export const DIAG_COUNT_DEFAULT = DIAGNOSIS_LIMITS.count.default;
/** spec §5/§9: packet size up to 1464 bytes (1500 MTU − 20 IP − 8 ICMP − 8 of a PPPoE header). */
export const DIAG_SIZE_MAX = DIAGNOSIS_LIMITS.sizeBytes.max;
export const DIAG_SIZE_MIN = DIAGNOSIS_LIMITS.sizeBytes.min;
export const DIAG_SIZE_DEFAULT = DIAGNOSIS_LIMITS.sizeBytes.default;
/** The protocol's bound on targets per command. */
export const DIAG_TARGETS_MAX = PROTOCOL_LIMITS.maxDiagnosisTargets;
/**
 * Devices per diagnosis: a console screen shows each device's row live; 200 keeps a run's page and
 * its live messages small. A timer over a larger fleet is capped the same way (docs/diagnosis.md).
 */
export const DIAG_DEVICES_MAX = 200;
/** Devices charted side by side by getHistoryIssued. */
export const DIAG_HISTORY_DEVICES_MAX = 6;
/** Points per device of one getHistoryIssued series; more runs are averaged into buckets. */
export const DIAG_HISTORY_POINTS_MAX = 500;
/** RADIUS servers of one portal diagnosis (a primary and a secondary). */
export const DIAG_RADIUS_MAX = 2;
export const RADIUS_DEFAULT_PORTS = { auth: 1812, acct: 1813 } as const;

/**
 * spec §9 "default probe domains" (values not shown there): two hosts run by different large
 * companies, answering ICMP, served by CDNs inside and outside mainland China, with decades of
 * stability — Baidu's and Tencent's home pages. A run's targets are the user's to change (the form
 * starts from these; a timer keeps its own).
 */
export const DEFAULT_PROBE_DOMAINS = ['www.baidu.com', 'www.qq.com'] as const;

export const DIAG_KINDS = ['network', 'portal'] as const;
export type DiagnosisKind = (typeof DIAG_KINDS)[number];
export const diagnosisKindLabels: Record<DiagnosisKind, Label> = {
  network: { en: 'Network', zh: '网络诊断' },
  portal: { en: 'Portal', zh: '认证诊断' },
};

/** spec §3: 1 Ping, 2 Mtr (the enums' DiagnosticType). */
export const DIAG_TYPES = { Ping: DiagnosticType.Ping, Mtr: DiagnosticType.Mtr } as const;
/** spec §3: 0 fail, 1 pass, 2 no result (the enums' ResultCode). */
export const DIAG_RESULT_CODES = {
  Fail: ResultCode.Fail,
  Pass: ResultCode.Pass,
  NoResult: ResultCode.NoResult,
} as const;
/** spec §3: 0 interrupt, 1 poor, 2 good, 3 excellent (the enums' NetworkQuality). */
export const NETWORK_QUALITIES = {
  Interrupt: NetworkQuality.Interrupt,
  Poor: NetworkQuality.Poor,
  Good: NetworkQuality.Good,
  Excellent: NetworkQuality.Excellent,
} as const;
/**
 * The quality rule both ends compute (protocol rules.ts `networkQualityOf`): interrupt when nothing answered;
 * excellent with no loss and avg ≤ 50 ms; good with loss ≤ 5 % and avg ≤ 150 ms; else poor.
 */
export const DIAG_QUALITY_THRESHOLDS = QUALITY_THRESHOLDS;

export const DIAG_STATUSES = ['running', 'ended'] as const;
export type DiagnosisStatus = (typeof DIAG_STATUSES)[number];
export const diagnosisStatusLabels: Record<DiagnosisStatus, Label> = {
  running: { en: 'Running', zh: '进行中' },
  ended: { en: 'Ended', zh: '已结束' },
};

/** A target as spec §5 allows: an IPv4 address or a domain name (letters in its last label). */
export function isDiagnosisTarget(value: string): boolean {
  return IPV4_RE.test(value) || (value.length <= PROTOCOL_LIMITS.maxHostname && HOSTNAME_RE.test(value));
}

const refuse = (ctx: z.core.$RefinementCtx, code: number, message: string, path: (string | number)[]) =>
  ctx.addIssue({ code: 'custom', message, path, params: { code } });

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

export const radiusServerInput = z.object({
  Host: z.string().trim().max(PROTOCOL_LIMITS.maxHostname),
  AuthPort: z
    .number()
    .nullish()
    .meta({ description: `UDP port, default ${RADIUS_DEFAULT_PORTS.auth}` }),
  AcctPort: z
    .number()
    .nullish()
    .meta({ description: `UDP port, default ${RADIUS_DEFAULT_PORTS.acct}` }),
});
export interface RadiusServer {
  Host: string;
  AuthPort: number;
  AcctPort: number;
}

/**
 * POST /v1/diagnose/dispatchCommand. Network kind: Targets (1-10, IPv4 or domain). Portal kind:
 * PortalUrl and/or Radius (0-2) instead. Devices: their _ids (1-200), each the caller's (12003).
 * Count 1-30 (default 4), Size 16-1464 (default 56), Type 1 Ping (default) or 2 MTR.
 */
export const diagnoseDispatchBody = z
  .object({
    Kind: z.string().nullish().meta({ description: "'network' (default) or 'portal'" }),
    Devices: z.array(z.string().trim().max(64)).nullish().meta({ description: 'Device _ids, at least one' }),
    Type: z.number().nullish().meta({ description: '1 Ping (default), 2 MTR' }),
    Targets: z
      .array(z.string().trim().max(PROTOCOL_LIMITS.maxHostname))
      .nullish()
      .meta({ description: 'IPv4 addresses or domains, 1-10 (network kind)' }),
    Count: z
      .number()
      .nullish()
      .meta({ description: `Packets per target, 1-30; default ${DIAG_COUNT_DEFAULT}` }),
    Size: z
      .number()
      .nullish()
      .meta({ description: `Packet payload bytes, 16-1464; default ${DIAG_SIZE_DEFAULT}` }),
    PortalUrl: z
      .string()
      .trim()
      .max(2048)
      .nullish()
      .meta({ description: 'Portal kind: http(s) URL to fetch' }),
    Radius: z.array(radiusServerInput).nullish().meta({ description: 'Portal kind: 0-2 RADIUS servers' }),
  })
  .superRefine((b, ctx) => {
    const kind = b.Kind ?? 'network';
    if (!(DIAG_KINDS as readonly string[]).includes(kind)) {
      refuse(ctx, ErrorCode.DiagnosisKindInvalid, 'network or portal', ['Kind']);
      return;
    }
    const devices = (b.Devices ?? []).filter((d) => d !== '');
    if (devices.length === 0)
      refuse(ctx, ErrorCode.DiagnosisDevicesRequired, 'at least one device', ['Devices']);
    else if (new Set(devices).size > DIAG_DEVICES_MAX)
      refuse(ctx, ErrorCode.DiagnosisTooManyDevices, `at most ${DIAG_DEVICES_MAX}`, ['Devices']);
    if (b.Type != null && b.Type !== DiagnosticType.Ping && b.Type !== DiagnosticType.Mtr)
      refuse(ctx, ErrorCode.DiagnosisTypeInvalid, '1 or 2', ['Type']);
    if (b.Count != null && !isInt(b.Count, DIAG_COUNT_MIN, DIAG_COUNT_MAX))
      refuse(ctx, ErrorCode.DiagnosisCountInvalid, `${DIAG_COUNT_MIN}-${DIAG_COUNT_MAX}`, ['Count']);
    if (b.Size != null && !isInt(b.Size, DIAG_SIZE_MIN, DIAG_SIZE_MAX))
      refuse(ctx, ErrorCode.DiagnosisSizeInvalid, `${DIAG_SIZE_MIN}-${DIAG_SIZE_MAX}`, ['Size']);
    if (kind === 'network') {
      const targets = (b.Targets ?? []).filter((t) => t !== '');
      if (targets.length === 0)
        refuse(ctx, ErrorCode.DiagnosisTargetsRequired, 'at least one target', ['Targets']);
      else if (new Set(targets).size > DIAG_TARGETS_MAX)
        refuse(ctx, ErrorCode.DiagnosisTooManyTargets, `at most ${DIAG_TARGETS_MAX}`, ['Targets']);
      targets.forEach((t, i) => {
        if (!isDiagnosisTarget(t))
          refuse(ctx, ErrorCode.DiagnosisTargetInvalid, 'IPv4 or domain', ['Targets', i]);
      });
    } else {
      const url = b.PortalUrl ?? '';
      const radius = b.Radius ?? [];
      if (url === '' && radius.length === 0)
        refuse(ctx, ErrorCode.DiagnosisPortalNothingToCheck, 'portal URL or RADIUS', ['PortalUrl']);
      if (url !== '' && !isHttpUrl(url))
        refuse(ctx, ErrorCode.DiagnosisPortalUrlInvalid, 'http(s) URL', ['PortalUrl']);
      if (radius.length > DIAG_RADIUS_MAX)
        refuse(ctx, ErrorCode.DiagnosisRadiusInvalid, `at most ${DIAG_RADIUS_MAX}`, ['Radius']);
      radius.forEach((r, i) => {
        const ports = [r.AuthPort ?? RADIUS_DEFAULT_PORTS.auth, r.AcctPort ?? RADIUS_DEFAULT_PORTS.acct];
        if (!isDiagnosisTarget(r.Host) || !ports.every((p) => isInt(p, 1, 65535)))
          refuse(ctx, ErrorCode.DiagnosisRadiusInvalid, 'host and ports 1-65535', ['Radius', i]);
      });
    }
  })
  .transform((b) => {
    const kind = (b.Kind ?? 'network') as DiagnosisKind;
    return {
      Kind: kind,
      Devices: [...new Set((b.Devices ?? []).filter((d) => d !== ''))],
      Type: (b.Type ?? DiagnosticType.Ping) as DiagnosticType,
      Targets: kind === 'network' ? [...new Set((b.Targets ?? []).filter((t) => t !== ''))] : [],
      Count: b.Count ?? DIAG_COUNT_DEFAULT,
      Size: b.Size ?? DIAG_SIZE_DEFAULT,
      PortalUrl: kind === 'portal' && b.PortalUrl ? b.PortalUrl : null,
      Radius:
        kind === 'portal'
          ? (b.Radius ?? []).map((r): RadiusServer => ({
              Host: r.Host,
              AuthPort: r.AuthPort ?? RADIUS_DEFAULT_PORTS.auth,
              AcctPort: r.AcctPort ?? RADIUS_DEFAULT_PORTS.acct,
            }))
          : [],
    };
  });
/** What the service takes (after validation): the timers build one too. */
export type DiagnoseDispatch = z.output<typeof diagnoseDispatchBody>;
export type DiagnoseDispatchInput = z.input<typeof diagnoseDispatchBody>;

export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

const FIELD_CODES: Readonly<Record<string, number>> = {
  Kind: ErrorCode.DiagnosisKindInvalid,
  Devices: ErrorCode.DiagnosisDevicesRequired,
  Type: ErrorCode.DiagnosisTypeInvalid,
  Targets: ErrorCode.DiagnosisTargetInvalid,
  Count: ErrorCode.DiagnosisCountInvalid,
  Size: ErrorCode.DiagnosisSizeInvalid,
  PortalUrl: ErrorCode.DiagnosisPortalUrlInvalid,
  Radius: ErrorCode.DiagnosisRadiusInvalid,
  Start: ErrorCode.DiagnosisRangeInvalid,
  End: ErrorCode.DiagnosisRangeInvalid,
};

/** The catalogue code of one zod issue of a diagnosis body or query, or null (then 4000). */
export function diagnosisIssueCode(issue: { path: readonly PropertyKey[]; params?: unknown }): number | null {
  const own = (issue.params as { code?: unknown } | undefined)?.code;
  if (typeof own === 'number') return own;
  const first = issue.path[0];
  return typeof first === 'string' ? (FIELD_CODES[first] ?? null) : null;
}

/** The reply of dispatchCommand: the run's _id (its devices' rows follow on getDevData / live). */
export const diagnoseDispatchReply = z.object({ _id: z.string() });
export type DiagnoseDispatchReply = z.infer<typeof diagnoseDispatchReply>;

// ---- items ----

const qualityField = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
const codeField = z.union([z.literal(0), z.literal(1), z.literal(2)]);

export const mtrHopItem = z.object({
  Hop: z.number().int(),
  IP: z.string().nullable(),
  Sent: z.number().int(),
  Received: z.number().int(),
  Loss: z.number(),
  Avg: z.number().nullable(),
  Best: z.number().nullable(),
  Worst: z.number().nullable(),
});
export type MtrHopItem = z.infer<typeof mtrHopItem>;

/** One target of one device: code, quality, loss %, round trips in ms; Jitter = rtt mdev. */
export const targetResultItem = z.object({
  Target: z.string(),
  IP: z.string().nullable(),
  Code: codeField,
  Quality: qualityField,
  Sent: z.number().int(),
  Received: z.number().int(),
  Loss: z.number(),
  Min: z.number().nullable(),
  Avg: z.number().nullable(),
  Max: z.number().nullable(),
  Jitter: z.number().nullable(),
  /** Why there is no result (code 2), as the device said: e.g. resolve_failed. */
  Error: z.string().nullable(),
  Hops: z.array(mtrHopItem).optional(),
});
export type TargetResultItem = z.infer<typeof targetResultItem>;

export const SERVICE_CHECK_KINDS = ['http', 'radius'] as const;
export type ServiceCheckKind = (typeof SERVICE_CHECK_KINDS)[number];
/** A portal diagnosis's check: code 1 when the service answered at all (any HTTP status, any RADIUS reply). */
export const serviceCheckResultItem = z.object({
  Kind: z.enum(SERVICE_CHECK_KINDS),
  Target: z.string(),
  Port: z.number().int().nullable(),
  Code: codeField,
  Ms: z.number().nullable(),
  /** HTTP status, or the RADIUS reply code; null when nothing answered. */
  Status: z.number().int().nullable(),
  Error: z.string().nullable(),
});
export type ServiceCheckResultItem = z.infer<typeof serviceCheckResultItem>;

export const diagnosisRunItem = z.object({
  _id: z.string(),
  Kind: z.enum(DIAG_KINDS),
  Type: z.number().int(),
  Targets: z.array(z.string()),
  Count: z.number().int(),
  Size: z.number().int(),
  PortalUrl: z.string().nullable(),
  Radius: z.array(z.object({ Host: z.string(), AuthPort: z.number().int(), AcctPort: z.number().int() })),
  Status: z.enum(DIAG_STATUSES),
  /** The account that started it (null: a timer or the system). */
  Creator: z.string().nullable(),
  CreatorName: z.string().nullable(),
  TimerId: z.string().nullable(),
  TimerName: z.string().nullable(),
  CreateTime: z.number().int(),
  EndTime: z.number().int().nullable(),
  /** Devices in the run; of the ended ones: every target passed, a target failed, no result. */
  Devices: z.number().int(),
  Passed: z.number().int(),
  Failed: z.number().int(),
  NoResult: z.number().int(),
});
export type DiagnosisRunItem = z.infer<typeof diagnosisRunItem>;
export const diagnosisRunList = listReply(diagnosisRunItem);
export type DiagnosisRunList = z.infer<typeof diagnosisRunList>;

/**
 * One device of a run. Result: 1 pass (every target and check passed), 0 fail (one failed), 2 no
 * result (none answered: the command failed, expired or gave only code 2), null while running.
 */
export const diagnosisDeviceItem = z.object({
  _id: z.string(),
  RunId: z.string(),
  DeviceId: z.string(),
  SN: z.string(),
  DeviceName: z.string(),
  NetworkId: z.string().nullable(),
  NetworkName: z.string().nullable(),
  Status: z.enum(DIAG_STATUSES),
  Percent: z.number().int(),
  Result: codeField.nullable(),
  /** The worst quality over the targets; null while running or with no target result. */
  Quality: qualityField.nullable(),
  Results: z.array(targetResultItem),
  Checks: z.array(serviceCheckResultItem),
  /** The command's failure: the device's reason code, or expired / timed_out / cancelled; else null. */
  Error: z.string().nullable(),
  CreateTime: z.number().int(),
  UpdateTime: z.number().int(),
});
export type DiagnosisDeviceItem = z.infer<typeof diagnosisDeviceItem>;
export const diagnosisDeviceList = listReply(diagnosisDeviceItem);
export type DiagnosisDeviceList = z.infer<typeof diagnosisDeviceList>;

// ---- queries ----

const time = z.coerce.number().int().min(0).meta({ description: 'Unix ms' });
const idQ = z.string().trim().min(1).max(64);

function rangeChecked<T extends z.ZodType<{ Start?: number; End?: number }>>(schema: T) {
  return schema.superRefine((q, ctx) => {
    if (q.Start !== undefined && q.End !== undefined && q.Start > q.End)
      refuse(ctx, ErrorCode.DiagnosisRangeInvalid, 'Start after End', ['Start']);
  });
}

/** Filters of the records. Device: a device _id or SN; Network: a network _id; Target: exact. */
export const diagnosisFilters = z.object({
  Kind: z.enum(DIAG_KINDS).optional(),
  Type: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .optional(),
  TimerId: idQ.optional().meta({ description: "A timer's _id; 'none': runs started by hand" }),
  Network: idQ.optional(),
  Device: idQ.optional(),
  Target: z.string().trim().min(1).max(PROTOCOL_LIMITS.maxHostname).optional(),
  Start: time.optional(),
  End: time.optional(),
  Status: z.enum(DIAG_STATUSES).optional(),
});
export type DiagnosisFilters = z.infer<typeof diagnosisFilters>;

/** GET /v1/diagnose/getAllIssued: runs, newest first by default. */
export const diagnosisRunsQuery = rangeChecked(
  pageQuery
    .extend(diagnosisFilters.shape)
    .extend({ sort: z.enum(['-CreateTime', 'CreateTime']).default('-CreateTime') }),
);
export type DiagnosisRunsQuery = z.infer<typeof diagnosisRunsQuery>;
export type DiagnosisRunsInput = z.input<typeof diagnosisRunsQuery>;

/**
 * GET /v1/diagnose/getSuccDevIssued and getFailDevIssued: the device results of one run (`_id`)
 * whose every target passed, or any failed or gave no result (ended ones only). Device, Network filter.
 */
export const diagnosisRunDevicesQuery = pageQuery.extend({
  _id: idQ.meta({ description: "The run's _id" }),
  Network: idQ.optional(),
  Device: idQ.optional(),
  sort: z.enum(['SN', '-SN', 'UpdateTime', '-UpdateTime']).default('SN'),
});
export type DiagnosisRunDevicesQuery = z.infer<typeof diagnosisRunDevicesQuery>;
export type DiagnosisRunDevicesInput = z.input<typeof diagnosisRunDevicesQuery>;

/** GET /v1/diagnose/getDevData: one device result (`_id`), or every device of a run (`RunId`), paged. */
export const diagnosisDevDataQuery = pageQuery
  .extend({
    _id: idQ.optional().meta({ description: "A device result's _id" }),
    RunId: idQ.optional().meta({ description: "A run's _id: its devices" }),
    Status: z.enum(DIAG_STATUSES).optional(),
    sort: z.enum(['SN', '-SN', 'UpdateTime', '-UpdateTime']).default('SN'),
  })
  .superRefine((q, ctx) => {
    if (q._id === undefined && q.RunId === undefined)
      refuse(ctx, ErrorCode.DiagnosisResultNotFound, '_id or RunId', ['_id']);
  });
export type DiagnosisDevDataQuery = z.infer<typeof diagnosisDevDataQuery>;
export type DiagnosisDevDataInput = z.input<typeof diagnosisDevDataQuery>;

/**
 * GET /v1/diagnose/getHistoryIssued: a target's latency and loss over time for 1-6 devices
 * (Device: _ids or SNs, comma-separated), between Start and End (default: the last 7 days).
 */
export const diagnosisHistoryQuery = rangeChecked(
  z.object({
    Device: z
      .string()
      .trim()
      .max(65 * DIAG_HISTORY_DEVICES_MAX)
      .optional()
      .meta({ description: 'Device _ids or SNs, comma-separated, 1-6' }),
    Target: z.string().trim().max(PROTOCOL_LIMITS.maxHostname).optional(),
    TimerId: idQ.optional(),
    Start: time.optional(),
    End: time.optional(),
  }),
).superRefine((q, ctx) => {
  const n = (q.Device ?? '').split(',').filter((s) => s.trim() !== '').length;
  if (n < 1 || n > DIAG_HISTORY_DEVICES_MAX)
    refuse(ctx, ErrorCode.DiagnosisHistoryDevicesInvalid, `1-${DIAG_HISTORY_DEVICES_MAX} devices`, [
      'Device',
    ]);
  if (!q.Target) refuse(ctx, ErrorCode.DiagnosisHistoryTargetRequired, 'required', ['Target']);
});
export type DiagnosisHistoryQuery = z.infer<typeof diagnosisHistoryQuery>;
export type DiagnosisHistoryInput = z.input<typeof diagnosisHistoryQuery>;
export const DIAG_HISTORY_DEFAULT_MS = 7 * 86_400_000;

export const historyPoint = z.object({
  Time: z.number().int(),
  Avg: z.number().nullable(),
  Min: z.number().nullable(),
  Max: z.number().nullable(),
  Loss: z.number(),
  Quality: qualityField,
  Code: codeField,
});
export type HistoryPoint = z.infer<typeof historyPoint>;
export const historySeries = z.object({
  DeviceId: z.string(),
  SN: z.string(),
  Name: z.string(),
  Points: z.array(historyPoint),
});
export type HistorySeries = z.infer<typeof historySeries>;
export const diagnosisHistoryReply = z.object({
  Target: z.string(),
  Start: z.number().int(),
  End: z.number().int(),
  /** 0: every run is a point; else the bucket width in ms (min of mins, max of maxes, mean of avgs). */
  BucketMs: z.number().int(),
  list: z.array(historySeries),
});
export type DiagnosisHistoryReply = z.infer<typeof diagnosisHistoryReply>;

// ---- live ----

/** Topic of the live socket (GET /v1/ws) carrying runs and device results as they change. */
export const DIAG_LIVE_TOPIC = 'diagnosis';
export const diagnosisLiveData = z.discriminatedUnion('Event', [
  z.object({ Event: z.literal('run'), Run: diagnosisRunItem }),
  z.object({ Event: z.literal('device'), Device: diagnosisDeviceItem }),
]);
export type DiagnosisLiveData = z.infer<typeof diagnosisLiveData>;
