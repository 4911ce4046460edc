/**
 * Command reports on `dev/{sn}/up/acks`: the acknowledgement (accepted / rejected), progress, and the
 * terminal outcome (succeeded / failed) of every command. Each report names the command by `id` and
 * `cmd`; the union is discriminated first by `cmd`, then by `state`.
 */
import { z } from 'zod';
import { NetworkQuality, ResultCode } from '../enums.ts';
import { PROTOCOL_LIMITS } from './constants.ts';
import { DIAGNOSIS_CHECKS_MAX } from './down.ts';
import { commandId, firmwareVersion, ipv4, percent, text, token, uint32 } from './primitives.ts';
import type { CommandKind } from './topics.ts';
import { openEnum, upEnvelope } from './up.ts';

export const REPORT_STATES = ['accepted', 'rejected', 'progress', 'succeeded', 'failed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const TERMINAL_REPORT_STATES: readonly ReportState[] = ['rejected', 'succeeded', 'failed'];
export function isTerminalReport(state: ReportState): boolean {
  return TERMINAL_REPORT_STATES.includes(state);
}

/** Why a command was rejected or failed. Open: a device may send others, which the server treats as internal_error. */
export const REASON_CODES = [
  // rejected before starting
  'invalid_payload',
  'unsupported_command',
  'unsupported_version',
  'expired',
  'busy',
  'not_applicable',
  'incompatible_image',
  'unknown_command',
  'not_cancellable',
  // failed while running
  'cancelled',
  'interrupted',
  'download_failed',
  'download_timeout',
  'http_error',
  'size_mismatch',
  'md5_mismatch',
  'storage_full',
  'flash_failed',
  'boot_failed',
  'rolled_back',
  'config_invalid',
  'config_apply_failed',
  'connectivity_lost',
  'resolve_failed',
  'network_unreachable',
  'timeout',
  // a service check (§7.11.1) the device cannot run
  'unsupported_check',
  'internal_error',
] as const;
export type ReasonCode = (typeof REASON_CODES)[number];
export const reasonCodeSchema = openEnum(REASON_CODES, 'Reason code');

export const COMMAND_STAGES = {
  reboot: ['rebooting'],
  reset: ['resetting', 'rebooting'],
  apply_config: ['downloading', 'verifying', 'applying', 'rebooting'],
  // `waiting`: verified, holding for the command's maintenance window (§7.10); still cancellable.
  upgrade_firmware: ['downloading', 'verifying', 'waiting', 'applying', 'rebooting'],
  run_diagnosis: ['running', 'result'],
} as const satisfies Partial<Record<CommandKind, readonly [string, ...string[]]>>;

const detail = text(PROTOCOL_LIMITS.maxDetailText)
  .optional()
  .meta({ description: 'Free text for people (logs, console tooltips); never parsed' });

// ---- diagnosis results ----

const rtt = z.number().min(0).max(600_000).nullable();

export const mtrHop = z.object({
  hop: z.number().int().min(1).max(PROTOCOL_LIMITS.maxMtrHops),
  ip: ipv4.nullable().meta({ description: 'null: no answer at this hop' }),
  sent: z.number().int().min(0),
  received: z.number().int().min(0),
  lossPct: percent,
  rttAvgMs: rtt,
  rttBestMs: rtt,
  rttWorstMs: rtt,
});

export const diagnosisTargetResult = z.object({
  target: z.string().min(1).max(PROTOCOL_LIMITS.maxHostname).meta({ description: 'As given in the command' }),
  ip: ipv4.nullable().meta({ description: 'Address the target resolved to; null if it did not' }),
  code: z
    .literal([ResultCode.Fail, ResultCode.Pass, ResultCode.NoResult])
    .meta({ description: '0 fail, 1 pass, 2 no result' }),
  quality: z
    .literal([NetworkQuality.Interrupt, NetworkQuality.Poor, NetworkQuality.Good, NetworkQuality.Excellent])
    .meta({ description: '0 interrupt, 1 poor, 2 good, 3 excellent' }),
  sent: z.number().int().min(0),
  received: z.number().int().min(0),
  lossPct: percent,
  rttMinMs: rtt,
  rttAvgMs: rtt,
  rttMaxMs: rtt,
  rttMdevMs: rtt,
  error: reasonCodeSchema.optional().meta({ description: 'Why there is no result (code 2)' }),
  hops: z.array(mtrHop).max(PROTOCOL_LIMITS.maxMtrHops).optional().meta({ description: 'MTR only' }),
});
export type DiagnosisTargetResult = z.infer<typeof diagnosisTargetResult>;

/** The outcome of one service check of run_diagnosis (§7.11.1), in the order of the command. */
export const diagnosisCheckResult = z.object({
  kind: z.enum(['http', 'radius']),
  target: z
    .string()
    .min(1)
    .max(PROTOCOL_LIMITS.maxUrl)
    .meta({ description: 'The URL (http) or host (radius), as given in the command' }),
  port: z.number().int().min(1).max(65535).meta({ description: 'The port tried (http: from the URL)' }),
  code: z
    .literal([ResultCode.Fail, ResultCode.Pass, ResultCode.NoResult])
    .meta({ description: '1 pass (an answer came), 0 fail (none within the timeout), 2 no result' }),
  ms: z
    .number()
    .min(0)
    .max(600_000)
    .nullable()
    .meta({ description: 'Time to the answer, ms; null without one' }),
  status: z.number().int().min(0).max(999).nullable().meta({
    description: 'HTTP status, or RADIUS reply code (2 Accept, 3 Reject, …); null without an answer',
  }),
  error: reasonCodeSchema
    .optional()
    .meta({ description: 'Why it failed or has no result: timeout, resolve_failed, unsupported_check, …' }),
});
export type DiagnosisCheckResult = z.infer<typeof diagnosisCheckResult>;

// ---- reports ----

function base<const K extends CommandKind>(cmd: K) {
  return upEnvelope.extend({ id: commandId.meta({ description: 'Id of the command' }), cmd: z.literal(cmd) });
}
function accepted<const K extends CommandKind>(cmd: K) {
  return base(cmd).extend({ state: z.literal('accepted') });
}
function rejected<const K extends CommandKind>(cmd: K) {
  return base(cmd).extend({ state: z.literal('rejected'), code: reasonCodeSchema, detail });
}
function succeeded<const K extends CommandKind, const R extends z.ZodRawShape>(cmd: K, shape: R) {
  return base(cmd).extend({ state: z.literal('succeeded'), ...shape });
}
function failed<const K extends CommandKind, const S extends readonly [string, ...string[]]>(
  cmd: K,
  stages: S,
) {
  return base(cmd).extend({
    state: z.literal('failed'),
    stage: z.enum(stages).optional().meta({ description: 'Stage that failed' }),
    code: reasonCodeSchema,
    detail,
  });
}
function failedAtOnce<const K extends CommandKind>(cmd: K) {
  return base(cmd).extend({ state: z.literal('failed'), code: reasonCodeSchema, detail });
}
function progress<const K extends CommandKind, const S extends readonly [string, ...string[]]>(
  cmd: K,
  stages: S,
) {
  return base(cmd).extend({
    state: z.literal('progress'),
    stage: z.enum(stages),
    percent: percent
      .optional()
      .meta({ description: 'Of the stage (downloading) or of the whole run (diagnosis)' }),
  });
}
/** A command that completes at once: accepted is optional, there is no progress. */
function instant<const K extends CommandKind, const R extends z.ZodRawShape>(cmd: K, result: R) {
  return z.discriminatedUnion('state', [
    accepted(cmd),
    rejected(cmd),
    succeeded(cmd, result),
    failedAtOnce(cmd),
  ]);
}
function staged<
  const K extends CommandKind,
  const S extends readonly [string, ...string[]],
  const R extends z.ZodRawShape,
>(cmd: K, stages: S, result: R) {
  return z.discriminatedUnion('state', [
    accepted(cmd),
    rejected(cmd),
    progress(cmd, stages),
    succeeded(cmd, result),
    failed(cmd, stages),
  ]);
}

export const rebootReports = staged('reboot', COMMAND_STAGES.reboot, {});
export const resetReports = staged('reset', COMMAND_STAGES.reset, {});
export const kickClientReports = instant('kick_client', {
  result: z.object({ wasConnected: z.boolean().meta({ description: 'The client was connected' }) }),
});
export const releaseClientReports = instant('release_client', {
  result: z.object({ wasBlocked: z.boolean().meta({ description: 'The client was blocked' }) }),
});
export const setControllerReports = instant('set_controller', {});
export const applyConfigReports = staged('apply_config', COMMAND_STAGES.apply_config, {
  result: z.object({ revision: uint32 }),
});
export const upgradeFirmwareReports = staged('upgrade_firmware', COMMAND_STAGES.upgrade_firmware, {
  result: z.object({ fwVersion: firmwareVersion.meta({ description: 'Version now running' }) }),
});
export const runDiagnosisReports = z.discriminatedUnion('state', [
  accepted('run_diagnosis'),
  rejected('run_diagnosis'),
  progress('run_diagnosis', COMMAND_STAGES.run_diagnosis)
    .extend({
      result: diagnosisTargetResult
        .optional()
        .meta({ description: 'With stage result: one finished target' }),
    })
    .superRefine((r, ctx) => {
      if ((r.stage === 'result') !== (r.result !== undefined))
        ctx.addIssue({ code: 'custom', path: ['result'], message: 'result goes with stage result only' });
    }),
  succeeded('run_diagnosis', {
    result: z.object({
      results: z
        .array(diagnosisTargetResult.omit({ hops: true }))
        .max(PROTOCOL_LIMITS.maxDiagnosisTargets)
        .meta({ description: 'Summary of every target, in the order of the command' }),
      checks: z
        .array(diagnosisCheckResult)
        .max(DIAGNOSIS_CHECKS_MAX)
        .optional()
        .meta({ description: 'Service checks, in the order of the command (§7.11.1)' }),
    }),
  }),
  failed('run_diagnosis', COMMAND_STAGES.run_diagnosis),
]);
export const cancelReports = instant('cancel', {});
export const setTelemetryReports = instant('set_telemetry', {});
export const reportNowReports = instant('report_now', {});

/**
 * A rejection naming a command kind this version of the contract does not know (§10): a device answers
 * any kind it does not implement with `rejected` `unsupported_command`, and a server node older than
 * the node that issued the command still records the outcome by `id`.
 */
export const unknownCommandRejection = upEnvelope.extend({
  id: commandId.meta({ description: 'Id of the command' }),
  cmd: token.meta({ description: 'The command kind as the device read it from the topic' }),
  state: z.literal('rejected'),
  code: reasonCodeSchema,
  detail,
});

const knownCommandReports = z.discriminatedUnion('cmd', [
  rebootReports,
  resetReports,
  kickClientReports,
  releaseClientReports,
  setControllerReports,
  applyConfigReports,
  upgradeFirmwareReports,
  runDiagnosisReports,
  cancelReports,
  setTelemetryReports,
  reportNowReports,
]);

export const ackMessage = z
  .union([knownCommandReports, unknownCommandRejection])
  .meta({ title: 'acks', description: 'Acknowledgement, progress or outcome of a command (QoS 1).' });

/**
 * The fields every report has, for code that handles all commands alike (the gateway's delivery
 * tracking). Command-specific fields (`result`, `percent`) are read through the full type.
 */
export interface AckCommon {
  v: 1;
  ts: number;
  seq: number;
  id: string;
  /** A known CommandKind, or one this contract does not know (a rejection only). */
  cmd: string;
  state: ReportState;
  stage?: string;
  code?: string;
  detail?: string;
}
export type AckMessage = z.infer<typeof ackMessage>;
