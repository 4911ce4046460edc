import {
  FirmwareIssueStatus,
  firmwareIssueStatusOf,
  TERMINAL_DELIVERY_STATUSES,
  type CommandStatus,
  type DeliveryLiveData,
  type DeliveryStatus,
  type DeliveryTargetStatus,
  type LastReport,
  type ListReply,
  type DeliveryItem,
  type DeliveryDeviceItem,
} from '@netconsole/contract';

/**
 * What the firmware screens make of the delivery engine's facts (docs/delivery.md): a device's
 * firmware issue status (spec §3: 1 applied, 2 apply failed, 3 issue failed, 4 issuing) from its
 * target status and last stage, an upgrade's counts, and the live `delivery` messages laid over
 * the REST lists.
 */

const REPORTED: ReadonlySet<DeliveryTargetStatus> = new Set([
  'accepted',
  'progress',
  'succeeded',
  'failed',
  'rejected',
]);
/** Ended by the server, not by a report: expiry, a stall, a cancel before the device had it. */
const CONCLUDED: ReadonlySet<DeliveryTargetStatus> = new Set(['expired', 'timed_out', 'cancelled']);
/** Not ended: waiting its turn, being issued, held for an offline device, or under way. */
const OPEN: ReadonlySet<DeliveryTargetStatus> = new Set([
  'pending',
  'issuing',
  'held',
  'sent',
  'accepted',
  'progress',
]);
/** Before the command exists the list's `State` is null. */
const NOT_YET: ReadonlySet<DeliveryTargetStatus> = new Set(['pending', 'issuing']);

/** Firmware issue status of a target: the server's rule (firmwareIssueStatusOf), so a live message shows what a refetch will. */
export function targetFirmwareStatus(
  status: DeliveryTargetStatus,
  stage: string | null,
): FirmwareIssueStatus {
  if (REPORTED.has(status)) {
    const last: LastReport = { state: status as LastReport['state'], ...(stage !== null ? { stage } : {}) };
    return firmwareIssueStatusOf(last);
  }
  if (CONCLUDED.has(status))
    return firmwareIssueStatusOf(stage !== null ? { state: 'progress', stage } : null, true);
  return FirmwareIssueStatus.Issuing;
}

type Counts = Partial<Record<DeliveryTargetStatus, number>>;

/** An upgrade's totals from its targets counted by status (the live `campaign` message). */
export function totalsOf(counts: Counts): Pick<DeliveryItem, 'Total' | 'Succeeded' | 'Failed' | 'Pending'> {
  let total = 0;
  let pending = 0;
  for (const [status, n] of Object.entries(counts) as [DeliveryTargetStatus, number | undefined][]) {
    total += n ?? 0;
    if (OPEN.has(status)) pending += n ?? 0;
  }
  const succeeded = counts.succeeded ?? 0;
  return { Total: total, Succeeded: succeeded, Failed: total - succeeded - pending, Pending: pending };
}

/** Whole percent of a total; 0 of nothing. */
export const share = (n: number, total: number) => (total === 0 ? 0 : Math.round((n / total) * 100));

/** A user may cancel what has not ended. */
export function isCancellable(status: DeliveryStatus): boolean {
  return !TERMINAL_DELIVERY_STATUSES.includes(status);
}

/** The upgrades list with a `campaign` message's status and counts; the same object when it holds none. */
export function patchUpgrades(
  reply: ListReply<DeliveryItem> | undefined,
  data: DeliveryLiveData,
): ListReply<DeliveryItem> | undefined {
  if (data.Event !== 'campaign' || !reply?.list.some((d) => d._id === data.Campaign)) return reply;
  return {
    ...reply,
    list: reply.list.map((d) =>
      d._id === data.Campaign ? { ...d, Status: data.Status, ...totalsOf(data.Counts) } : d,
    ),
  };
}

/** An upgrade's device rows with a `target` message; the same object when it holds no such row. */
export function patchUpgradeDevices(
  reply: ListReply<DeliveryDeviceItem> | undefined,
  data: DeliveryLiveData,
  now = Date.now(),
): ListReply<DeliveryDeviceItem> | undefined {
  if (data.Event !== 'target') return reply;
  const target = data;
  const hit = (d: DeliveryDeviceItem) => d.Delivery === target.Campaign && d.Device === target.Device;
  if (!reply?.list.some(hit)) return reply;
  const ended = !OPEN.has(target.Status);
  return {
    ...reply,
    list: reply.list.map((d) =>
      hit(d)
        ? {
            ...d,
            Status: targetFirmwareStatus(target.Status, target.Stage),
            State: NOT_YET.has(target.Status) ? null : (target.Status as CommandStatus),
            Stage: target.Stage,
            Code: target.Code,
            Detail: target.Detail,
            // A message without a percent (a stage without one) keeps the last known.
            Percent: target.Percent ?? d.Percent,
            // The message carries no time: the moment it came, which the next refetch confirms.
            StartTime: d.StartTime ?? (REPORTED.has(target.Status) ? now : null),
            EndTime: ended ? (d.EndTime ?? now) : null,
            UpdateTime: now,
          }
        : d,
    ),
  };
}

/** Whether a list page lacks the upgrade a message is about (a new one, e.g. from another tab). */
export function isUnknownUpgrade(
  reply: ListReply<DeliveryItem> | undefined,
  data: DeliveryLiveData,
): boolean {
  return (
    data.Event === 'campaign' &&
    data.Kind === 'firmware' &&
    reply !== undefined &&
    !reply.list.some((d) => d._id === data.Campaign)
  );
}

export type Tone = 'success' | 'error' | 'processing' | 'default';

export function toneOf(status: number): Tone {
  if (status === FirmwareIssueStatus.Applied) return 'success';
  if (status === FirmwareIssueStatus.Issuing) return 'processing';
  return 'error';
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
