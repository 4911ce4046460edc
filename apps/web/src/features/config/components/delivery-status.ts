import {
  ConfigIssueStatus,
  configIssueStatusOf,
  TERMINAL_DELIVERY_STATUSES,
  type CommandStatus,
  type DeliveryDeviceItem,
  type DeliveryItem,
  type DeliveryLiveData,
  type DeliveryStatus,
  type DeliveryTargetStatus,
  type LastReport,
  type ListReply,
} from '@netconsole/contract';

/**
 * What the delivery screen makes of the engine's facts (docs/delivery.md): a device's spec §3 issue
 * status from its target status and last stage, a delivery's "n of N confirmed" from its target
 * counts, and the live `delivery` messages laid over the REST lists.
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
/** Before the command exists the list's `State` is null (issued.ts). */
const NOT_YET: ReadonlySet<DeliveryTargetStatus> = new Set(['pending', 'issuing']);

/**
 * Spec §3 config issue status of a target: the same rule as the server's outcome.ts (the table of
 * docs/delivery.md), so a live message shows what the next refetch will.
 */
export function targetIssueStatus(status: DeliveryTargetStatus, stage: string | null): ConfigIssueStatus {
  if (REPORTED.has(status)) {
    const last: LastReport = { state: status as LastReport['state'], ...(stage !== null ? { stage } : {}) };
    return configIssueStatusOf(last);
  }
  if (CONCLUDED.has(status))
    return configIssueStatusOf(stage !== null ? { state: 'progress', stage } : null, true);
  return ConfigIssueStatus.Issuing;
}

type Counts = Partial<Record<DeliveryTargetStatus, number>>;

/** A delivery's totals from its targets counted by status (the live `campaign` message). */
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

export interface Progress {
  /** Devices that confirmed (succeeded). */
  confirmed: number;
  failed: number;
  total: number;
  /** Shares of the total, whole percent, for the bar. */
  confirmedPercent: number;
  failedPercent: number;
}

const share = (n: number, total: number) => (total === 0 ? 0 : Math.round((n / total) * 100));

export function progressOf(item: Pick<DeliveryItem, 'Total' | 'Succeeded' | 'Failed'>): Progress {
  return {
    confirmed: item.Succeeded,
    failed: item.Failed,
    total: item.Total,
    confirmedPercent: share(item.Succeeded, item.Total),
    failedPercent: share(item.Failed, item.Total),
  };
}

/** A user may cancel what has not ended. */
export function isCancellable(status: DeliveryStatus): boolean {
  return !TERMINAL_DELIVERY_STATUSES.includes(status);
}

/** The deliveries list with a `campaign` message's status and counts; the same object when it holds none. */
export function patchDeliveries(
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

/** A delivery's device rows with a `target` message; the same object when it holds no such row. */
export function patchDeliveryDevices(
  reply: ListReply<DeliveryDeviceItem> | undefined,
  data: DeliveryLiveData,
  now = Date.now(),
): ListReply<DeliveryDeviceItem> | undefined {
  if (data.Event !== 'target') return reply;
  const hit = (d: DeliveryDeviceItem) => d.Delivery === data.Campaign && d.Device === data.Device;
  if (!reply?.list.some(hit)) return reply;
  return {
    ...reply,
    list: reply.list.map((d) =>
      hit(d)
        ? {
            ...d,
            Status: targetIssueStatus(data.Status, data.Stage),
            State: NOT_YET.has(data.Status) ? null : (data.Status as CommandStatus),
            Stage: data.Stage,
            Code: data.Code,
            Detail: data.Detail,
            // The message carries no time: the moment it came, which the next refetch confirms.
            UpdateTime: now,
          }
        : d,
    ),
  };
}

/** Whether a list page lacks the delivery a message is about (a new one, e.g. from another tab). */
export function isUnknownDelivery(
  reply: ListReply<DeliveryItem> | undefined,
  data: DeliveryLiveData,
): boolean {
  return data.Event === 'campaign' && reply !== undefined && !reply.list.some((d) => d._id === data.Campaign);
}

export type OutcomeTone = 'success' | 'error' | 'processing' | 'default';

export function toneOf(status: number): OutcomeTone {
  if (status === ConfigIssueStatus.Success) return 'success';
  if (status === ConfigIssueStatus.Issuing) return 'processing';
  return 'error';
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
