import {
  ConfigIssueStatus,
  configIssueStatusOf,
  type DeliveryDeviceItem,
  type DeliveryItem,
  type DeliveryLiveData,
  type DeliveryTargetStatus,
  type ListReply,
} from '@netconsole/contract';
import {
  patchTargetRows,
  share,
  targetIssueStatusBy,
  toneBy,
  type IssueRule,
  type OutcomeTone,
} from '#shared/delivery/delivery-status.ts';

/**
 * What the delivery screen makes of the engine's facts (docs/delivery.md): a device's spec §3 config
 * issue status, a delivery's "n of N confirmed", and its outcome texts; the rest is shared with the
 * firmware screens (shared/delivery).
 */

const RULE: IssueRule<ConfigIssueStatus> = {
  statusOf: configIssueStatusOf,
  issuing: ConfigIssueStatus.Issuing,
};

/** Spec §3 config issue status of a target (the server's outcome.ts rule). */
export function targetIssueStatus(status: DeliveryTargetStatus, stage: string | null): ConfigIssueStatus {
  return targetIssueStatusBy(RULE, status, stage);
}

export interface Progress {
  /** Devices that confirmed (succeeded). */
  confirmed: number;
  failed: number;
  total: number;
  /** Shares of the total, whole percent, for the bar. */
  confirmedPercent: number;
  failedPercent: number;
}

export function progressOf(item: Pick<DeliveryItem, 'Total' | 'Succeeded' | 'Failed'>): Progress {
  return {
    confirmed: item.Succeeded,
    failed: item.Failed,
    total: item.Total,
    confirmedPercent: share(item.Succeeded, item.Total),
    failedPercent: share(item.Failed, item.Total),
  };
}

/** A delivery's device rows with a `target` message; the same object when it holds no such row. */
export function patchDeliveryDevices(
  reply: ListReply<DeliveryDeviceItem> | undefined,
  data: DeliveryLiveData,
  now = Date.now(),
): ListReply<DeliveryDeviceItem> | undefined {
  return patchTargetRows(RULE, reply, data, now);
}

export function toneOf(status: number): OutcomeTone {
  return toneBy(status, { success: ConfigIssueStatus.Success, issuing: ConfigIssueStatus.Issuing });
}

/**
 * The locale key of a device's own outcome, never a bare "failed": its reason code when it has one
 * (the codes of protocol §7.3 the screen knows), else the state the command is in.
 */
export function outcomeKey(row: Pick<DeliveryDeviceItem, 'State' | 'Code' | 'Stage'>): string | null {
  if (row.Code) return `code.${row.Code}`;
  if (row.State === 'held') return 'state.held';
  if (row.State === 'progress' && row.Stage) return `stage.${row.Stage}`;
  if (row.State === null) return 'state.waiting';
  if (row.State === 'expired' || row.State === 'timed_out' || row.State === 'cancelled')
    return `state.${row.State}`;
  return null;
}
