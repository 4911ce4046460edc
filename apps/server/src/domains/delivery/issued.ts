/**
 * The ISSUED reads (spec §7): deliveries of a kind with their progress, the devices of one delivery
 * and the deliveries of one device, each device's issue status computed from its reports (outcome.ts).
 */
import {
  ErrorCode,
  type CommandStatus,
  type DeliveryDeviceItem,
  type DeliveryDevicesQuery,
  type DeliveryItem,
  type DeliveryKind,
  type DeliveryListQuery,
  type DeviceDeliveriesQuery,
  type ListReply,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Db } from '../../platform/store/db.ts';
import type { DeviceService } from '../device/service.ts';
import type { CampaignKind } from './engine.ts';
import { issueStatusOf, configStatusOfTarget } from './outcome.ts';
import {
  IN_FLIGHT,
  countTargets,
  creatorNames,
  findCampaign,
  pageCampaignList,
  pageTargetList,
  type CampaignRow,
  type TargetListRow,
} from './store.ts';
import type { TargetStatus } from './tables.ts';

/** The contract's delivery kinds and the command kinds they send. */
export const COMMAND_OF_KIND: Record<DeliveryKind, CampaignKind> = {
  config: 'apply_config',
  firmware: 'upgrade_firmware',
  diagnosis: 'run_diagnosis',
  reset: 'reset',
};
const KIND_OF_COMMAND = Object.fromEntries(Object.entries(COMMAND_OF_KIND).map(([k, c]) => [c, k])) as Record<
  string,
  DeliveryKind
>;

const NOT_YET: ReadonlySet<TargetStatus> = new Set(['pending', 'issuing']);
/** Stages after the download: it is complete (100 %) whatever the last percent reported was. */
const PAST_DOWNLOAD: ReadonlySet<string> = new Set(['verifying', 'waiting', 'applying', 'rebooting']);

/** The `upgrade_firmware` body fields the lists show (the campaign's common body). */
interface UpgradeBody {
  model?: string;
  hwVersion?: string;
  fwVersion?: string;
  window?: { start: string; end: string; tz: string };
}

function upgradeBodyOf(c: CampaignRow): UpgradeBody | null {
  if (c.kind !== 'upgrade_firmware') return null;
  try {
    return JSON.parse(c.body) as UpgradeBody;
  } catch {
    return null;
  }
}

/** The download's percent: the last reported, 100 once past the download, null before it. */
function percentOf(t: TargetListRow): number | null {
  if (t.kind !== 'upgrade_firmware' && t.stage !== 'downloading' && t.percent === null) return null;
  if (t.status === 'succeeded' || (t.stage !== null && PAST_DOWNLOAD.has(t.stage))) return 100;
  return t.percent;
}

function itemOf(
  c: CampaignRow,
  counts: Partial<Record<TargetStatus, number>>,
  names: ReadonlyMap<string, string>,
): DeliveryItem {
  const total = Object.values(counts).reduce((n, v) => n + (v ?? 0), 0);
  const pending = (counts.pending ?? 0) + IN_FLIGHT.reduce((n, s) => n + (counts[s] ?? 0), 0);
  const succeeded = counts.succeeded ?? 0;
  const fw = upgradeBodyOf(c);
  return {
    _id: c.id,
    Kind: KIND_OF_COMMAND[c.kind] ?? 'config',
    Profile: c.ref_id,
    ProfileName: c.ref_name,
    Revision: c.ref_revision,
    CreateTime: c.created_at,
    EffectiveTime: c.effective_at === c.created_at ? null : c.effective_at,
    ExpireTime: c.expires_at,
    Status: c.status,
    Staged:
      c.first_percent !== null && c.max_fail_percent !== null
        ? { firstPercent: c.first_percent, maxFailPercent: c.max_fail_percent }
        : null,
    Total: total,
    Succeeded: succeeded,
    Failed: total - succeeded - pending,
    Pending: pending,
    Creator: c.created_by,
    CreatorName: c.created_by === null ? null : (names.get(c.created_by) ?? null),
    Firmware:
      fw && c.ref_id !== null
        ? {
            _id: c.ref_id,
            Model: fw.model ?? '',
            HWVersion: fw.hwVersion ?? '',
            FWVersion: fw.fwVersion ?? c.ref_name ?? '',
          }
        : null,
    Validity: c.validity,
    Window: fw?.window ? { Start: fw.window.start, End: fw.window.end, TimeZone: fw.window.tz } : null,
    Concurrency: c.concurrency,
  };
}

function deviceItemOf(t: TargetListRow): DeliveryDeviceItem {
  return {
    Delivery: t.campaign_id,
    Kind: KIND_OF_COMMAND[t.kind] ?? 'config',
    Profile: t.ref_id,
    ProfileName: t.ref_name,
    Revision: t.ref_revision,
    Device: t.device_id,
    SN: t.sn,
    Alias: t.alias ?? t.sn,
    // Kinds without an issue status of their own (reset, diagnosis) read like a configuration's.
    Status: issueStatusOf(t.kind, t.status, t.stage) ?? configStatusOfTarget(t.status, t.stage),
    State: NOT_YET.has(t.status) ? null : (t.status as CommandStatus),
    Stage: t.stage,
    Code: t.code,
    Detail: t.detail,
    UpdateTime: t.updated_at,
    Percent: percentOf(t),
    StartTime: t.started_at,
    EndTime: t.finished_at,
    FromVersion: t.from_version,
    ToVersion: t.kind === 'upgrade_firmware' ? t.ref_name : null,
  };
}

const SORTS = {
  '-UpdateTime': ['updated', 'desc'],
  UpdateTime: ['updated', 'asc'],
  Alias: ['alias', 'asc'],
  '-Alias': ['alias', 'desc'],
  Status: ['status', 'asc'],
  '-Status': ['status', 'desc'],
} as const;

export class IssuedReads {
  constructor(
    private readonly db: Db,
    private readonly devices: DeviceService,
  ) {}

  /** GET /v1/issued/config and GET /v1/issued/fw: the deliveries of a kind. */
  async deliveries(scope: Scope, kind: DeliveryKind, q: DeliveryListQuery): Promise<ListReply<DeliveryItem>> {
    const { rows, count } = await pageCampaignList(
      this.db,
      scope,
      { kind: COMMAND_OF_KIND[kind], status: q.Status, refId: q.Profile, search: q.search },
      { offset: (q.page - 1) * q.limit, limit: q.limit, direction: q.sort === 'CreateTime' ? 'asc' : 'desc' },
    );
    const [counts, names] = await Promise.all([
      countTargets(
        this.db,
        rows.map((r) => r.id),
      ),
      creatorNames(
        this.db,
        rows.map((r) => r.created_by),
      ),
    ]);
    return {
      list: rows.map((r) => itemOf(r, counts.get(r.id) ?? {}, names)),
      count,
      limit: q.limit,
      page: q.page,
      sort: q.sort,
    };
  }

  /** One delivery with its progress (the answer to starting one); 14048 for one the caller cannot see. */
  async delivery(scope: Scope, id: string): Promise<DeliveryItem> {
    const c = await findCampaign(this.db, scope, id);
    if (!c) throw new AppError(ErrorCode.DeliveryNotExist);
    const [counts, names] = await Promise.all([
      countTargets(this.db, [c.id]),
      creatorNames(this.db, [c.created_by]),
    ]);
    return itemOf(c, counts.get(c.id) ?? {}, names);
  }

  /** GET /v1/issued/device: the devices of one delivery (14048 for one the caller cannot see). */
  async devicesOf(scope: Scope, q: DeliveryDevicesQuery): Promise<ListReply<DeliveryDeviceItem>> {
    const c = await findCampaign(this.db, scope, q._id);
    if (!c) throw new AppError(ErrorCode.DeliveryNotExist);
    const [sort, direction] = SORTS[q.sort];
    const { rows, count } = await pageTargetList(
      this.db,
      scope,
      {
        campaignId: c.id,
        issueStatus: q.Status === undefined ? undefined : { kind: c.kind, n: q.Status },
        search: q.search,
      },
      { offset: (q.page - 1) * q.limit, limit: q.limit, sort, direction },
    );
    return { list: rows.map(deviceItemOf), count, limit: q.limit, page: q.page, sort: q.sort };
  }

  /** GET /v1/issued/devicelist: what one device was sent (12003 for a device the caller cannot see). */
  async ofDevice(scope: Scope, q: DeviceDeliveriesQuery): Promise<ListReply<DeliveryDeviceItem>> {
    const device = await this.devices.require(scope, { _id: q.Device, SN: q.SN });
    const { rows, count } = await pageTargetList(
      this.db,
      scope,
      { deviceId: device.id, kind: q.Kind === undefined ? undefined : COMMAND_OF_KIND[q.Kind] },
      {
        offset: (q.page - 1) * q.limit,
        limit: q.limit,
        sort: 'updated',
        direction: q.sort === 'UpdateTime' ? 'asc' : 'desc',
      },
    );
    return { list: rows.map(deviceItemOf), count, limit: q.limit, page: q.page, sort: q.sort };
  }
}
