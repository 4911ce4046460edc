/**
 * What a target's status means to a person, per kind (docs/delivery.md, "Statuses"): the console's
 * configuration and firmware issue statuses of spec §3, computed from the device's reports only by
 * the contract's rules (protocol §11.3), which the firmware team reads too.
 */
import {
  configIssueStatusOf,
  firmwareIssueStatusOf,
  type ConfigIssueStatus,
  type FirmwareIssueStatus,
  type LastReport,
} from '@netconsole/contract';
import type { TargetStatus } from './tables.ts';

const REPORTED: ReadonlySet<TargetStatus> = new Set([
  'accepted',
  'progress',
  'succeeded',
  'failed',
  'rejected',
]);
/** Ended by the server, not by a report: expiry, a stall, a cancel before the device had it. */
const CONCLUDED: ReadonlySet<TargetStatus> = new Set(['expired', 'timed_out', 'cancelled']);

/** The last report as the contract's rules take it, and whether the server ended the command. */
function lastOf(status: TargetStatus, stage: string | null): { last: LastReport | null; timedOut: boolean } {
  if (REPORTED.has(status)) {
    return {
      last: { state: status as LastReport['state'], ...(stage !== null ? { stage } : {}) },
      timedOut: false,
    };
  }
  if (CONCLUDED.has(status)) {
    // The stage the device last reported (if any) decides between apply and download failure.
    return { last: stage !== null ? { state: 'progress', stage } : null, timedOut: true };
  }
  return { last: null, timedOut: false };
}

/** Spec §3 config issue status: 0 failed, 1 success, 2 apply failed, 3 download failed, 4 issued. */
export function configStatusOfTarget(status: TargetStatus, stage: string | null): ConfigIssueStatus {
  const { last, timedOut } = lastOf(status, stage);
  return configIssueStatusOf(last, timedOut);
}

/** Spec §3 firmware issue status: 1 applied, 2 apply failed, 3 issue failed, 4 issuing. */
export function firmwareStatusOfTarget(status: TargetStatus, stage: string | null): FirmwareIssueStatus {
  const { last, timedOut } = lastOf(status, stage);
  return firmwareIssueStatusOf(last, timedOut);
}

/** The issue status of a target of a campaign of `kind`; null for kinds without one (reset, diagnosis). */
export function issueStatusOf(kind: string, status: TargetStatus, stage: string | null): number | null {
  if (kind === 'apply_config') return configStatusOfTarget(status, stage);
  if (kind === 'upgrade_firmware') return firmwareStatusOfTarget(status, stage);
  return null;
}
