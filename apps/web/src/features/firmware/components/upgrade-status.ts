import {
  FirmwareIssueStatus,
  firmwareIssueStatusOf,
  type DeliveryDeviceItem,
  type DeliveryLiveData,
  type DeliveryTargetStatus,
  type ListReply,
} from '@netconsole/contract';
import {
  isOpen,
  isReported,
  patchTargetRows,
  targetIssueStatusBy,
  toneBy,
  type IssueRule,
  type OutcomeTone,
} from '#shared/delivery/delivery-status.ts';

/**
 * What the firmware screens make of the delivery engine's facts (docs/delivery.md): a device's
 * firmware issue status (spec §3: 1 applied, 2 apply failed, 3 issue failed, 4 issuing), its
 * download percent and times, and its outcome texts; the rest is shared with the configuration
 * delivery screen (shared/delivery).
 */

const RULE: IssueRule<FirmwareIssueStatus> = {
  statusOf: firmwareIssueStatusOf,
  issuing: FirmwareIssueStatus.Issuing,
};

/** Firmware issue status of a target: the server's rule (firmwareIssueStatusOf), so a live message shows what a refetch will. */
export function targetFirmwareStatus(
  status: DeliveryTargetStatus,
  stage: string | null,
): FirmwareIssueStatus {
  return targetIssueStatusBy(RULE, status, stage);
}

/** An upgrade's device rows with a `target` message; the same object when it holds no such row. */
export function patchUpgradeDevices(
  reply: ListReply<DeliveryDeviceItem> | undefined,
  data: DeliveryLiveData,
  now = Date.now(),
): ListReply<DeliveryDeviceItem> | undefined {
  return patchTargetRows(RULE, reply, data, now, (d, target, at) => ({
    // A message without a percent (a stage without one) keeps the last known.
    Percent: target.Percent ?? d.Percent,
    StartTime: d.StartTime ?? (isReported(target.Status) ? at : null),
    EndTime: isOpen(target.Status) ? null : (d.EndTime ?? at),
  }));
}

export function toneOf(status: number): OutcomeTone {
  return toneBy(status, { success: FirmwareIssueStatus.Applied, issuing: FirmwareIssueStatus.Issuing });
}

/**
 * The `firmware-outcome` key of a device's outcome, never a bare "failed": its reason code when it
 * has one (protocol §7.3 and the server's version_mismatch), else the stage or state it is in.
 */
export function outcomeKey(row: Pick<DeliveryDeviceItem, 'State' | 'Code' | 'Stage'>): string | null {
  if (row.Code) return `code.${row.Code}`;
  if (row.State === 'held') return 'state.held';
  if ((row.State === 'progress' || row.State === 'accepted') && row.Stage) return `stage.${row.Stage}`;
  if (row.State === 'accepted' || row.State === 'sent') return `state.${row.State}`;
  if (row.State === null) return 'state.waiting';
  if (row.State === 'expired' || row.State === 'timed_out' || row.State === 'cancelled')
    return `state.${row.State}`;
  if (row.State === 'succeeded') return 'state.succeeded';
  return null;
}

/** Milliseconds from a device's first report to its end (or to `now` while it runs); null before it started. */
export function durationMs(
  row: Pick<DeliveryDeviceItem, 'StartTime' | 'EndTime'>,
  now = Date.now(),
): number | null {
  if (row.StartTime === null) return null;
  return Math.max(0, (row.EndTime ?? now) - row.StartTime);
}
