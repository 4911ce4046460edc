import {
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
 * What a delivery screen (configuration or firmware) makes of the engine's facts (docs/delivery.md):
 * a device's spec §3 issue status from its target status and last stage, a campaign's counts, and
 * the live `delivery` messages laid over the REST lists. The two kinds differ only in which issue
 * status rule they apply (the contract's configIssueStatusOf or firmwareIssueStatusOf), so that rule
 * is a parameter here and each feature keeps its own outcome texts.
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

/** Whether the device itself reported this status (it has started on the command). */
export const isReported = (status: DeliveryTargetStatus) => REPORTED.has(status);
/** Whether a target has not ended yet. */
export const isOpen = (status: DeliveryTargetStatus) => OPEN.has(status);

/** A kind's spec §3 issue status rule from the contract (configIssueStatusOf, firmwareIssueStatusOf). */
export interface IssueRule<S> {
  statusOf: (last: LastReport | null, timedOut?: boolean) => S;
  /** The status of a target the device has not reported on yet. */
  issuing: S;
}

/**
 * The issue status of a target by the kind's rule: the same rule as the server's outcome.ts (the
 * table of docs/delivery.md), so a live message shows what the next refetch will.
 */
export function targetIssueStatusBy<S>(
  rule: IssueRule<S>,
  status: DeliveryTargetStatus,
  stage: string | null,
): S {
  if (REPORTED.has(status)) {
    const last: LastReport = { state: status as LastReport['state'], ...(stage !== null ? { stage } : {}) };
    return rule.statusOf(last);
  }
  if (CONCLUDED.has(status)) return rule.statusOf(stage !== null ? { state: 'progress', stage } : null, true);
  return rule.issuing;
}

type Counts = Partial<Record<DeliveryTargetStatus, number>>;

/** A campaign's totals from its targets counted by status (the live `campaign` message). */
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

/** The campaigns list with a `campaign` message's status and counts; the same object when it holds none. */
export function patchCampaigns(
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

type TargetData = Extract<DeliveryLiveData, { Event: 'target' }>;

/**
 * A campaign's device rows with a `target` message; the same object when it holds no such row.
 * `more` adds what a kind shows beyond the common fields (firmware: percent and times).
 */
export function patchTargetRows<S extends number>(
  rule: IssueRule<S>,
  reply: ListReply<DeliveryDeviceItem> | undefined,
  data: DeliveryLiveData,
  now = Date.now(),
  more?: (row: DeliveryDeviceItem, data: TargetData, now: number) => Partial<DeliveryDeviceItem>,
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
            Status: targetIssueStatusBy(rule, data.Status, data.Stage),
            State: NOT_YET.has(data.Status) ? null : (data.Status as CommandStatus),
            Stage: data.Stage,
            Code: data.Code,
            Detail: data.Detail,
            ...more?.(d, data, now),
            // The message carries no time: the moment it came, which the next refetch confirms.
            UpdateTime: now,
          }
        : d,
    ),
  };
}

/**
 * Whether a list page lacks the campaign a message is about (a new one, e.g. from another tab).
 * With `kind`, only a campaign of that kind counts.
 */
export function isUnknownCampaign(
  reply: ListReply<DeliveryItem> | undefined,
  data: DeliveryLiveData,
  kind?: string,
): boolean {
  return (
    data.Event === 'campaign' &&
    (kind === undefined || data.Kind === kind) &&
    reply !== undefined &&
    !reply.list.some((d) => d._id === data.Campaign)
  );
}

export type OutcomeTone = 'success' | 'error' | 'processing' | 'default';

/** A device's tag colour: its kind's success and issuing statuses, anything else an error. */
export function toneBy(status: number, rule: { success: number; issuing: number }): OutcomeTone {
  if (status === rule.success) return 'success';
  if (status === rule.issuing) return 'processing';
  return 'error';
}

/** A campaign's status tag colour. */
export const CAMPAIGN_TONE: Record<DeliveryStatus, string> = {
  scheduled: 'default',
  running: 'processing',
  finished: 'success',
  stopped: 'warning',
  cancelled: 'default',
  expired: 'warning',
};
