/**
 * Devices of a tenant (spec §3, §4): registration by SN and MAC, its removal, aliases, and the lists.
 * A device that connects without being registered is recorded by the gateway and seen by the
 * administrator only; a tenant registering its SN takes that record over.
 */
import {
  DeviceStatus,
  DeviceType,
  ErrorCode,
  deviceAliasError,
  deviceMacError,
  deviceSnError,
  normalizeMac,
  normalizeSn,
  type AddDeviceBody,
  type DeviceAllReply,
  type DeviceConfig,
  type DeviceConfigRef,
  type DeviceCountReply,
  type DeviceDrops,
  type DeviceFilterQuery,
  type DeviceItem,
  type DeviceListQuery,
  type DeviceRealtime,
  type DeviceRealtimeReply,
  type DeviceRefBody,
  type DeviceTypeReply,
  type ListReply,
  type LiveDeviceEvent,
  type TelemetrySettings,
  type UpdateDeviceBody,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import type { LiveHub } from '../../platform/realtime/hub.ts';
import { background, isUniqueViolation, type Db } from '../../platform/store/db.ts';
import type { CommandService } from './commands.ts';
import type { DeviceLink } from '../../platform/gateway/device-link.ts';
import { isTrusted, statusOf, welcomeOf, type LiveDevices } from './live.ts';
import {
  BULK_IDS,
  aliasTaken,
  assignConfig,
  claimDevice,
  countDevices,
  findDevice,
  findDeviceBySn,
  findDevicesByIds,
  findProfileRefs,
  insertDevice,
  listDevices,
  macInUse,
  pageDevices,
  tallyDevices,
  tenantHasDevices,
  updateDevice,
  type DeviceFilter,
  type DevicePageQuery,
  type DeviceRow,
} from './store.ts';
import { sortOrders } from '../../platform/store/order.ts';

/** Unpaged lists stop here. */
export const ALL_DEVICES_MAX = 10_000;

const ORDER = sortOrders({
  CreateTime: 'created_at',
  SN: 'sn',
  Alias: 'alias',
  Type: 'type',
  Status: 'status',
});

function filterOf(q: DeviceFilterQuery & { Drift?: boolean | undefined }): DeviceFilter {
  return {
    parent: q.Parent,
    status: q.Status,
    type: q.Type,
    search: q.search,
    registered: q.Registered,
    drift: q.Drift,
    model: q.Model,
    hwVersion: q.HWVersion,
  };
}

/** The profiles the device items name, by id: their tenant, name and revision now. */
type ProfileRefs = ReadonlyMap<string, { tenant_id: string; name: string; revision: number }>;
const NO_PROFILES: ProfileRefs = new Map();

/** A device's live config news waits this long for others, so a delivery to many is read in batches. */
const CONFIG_NEWS_MS = 250;

/**
 * Running, assigned, drift and update available (docs/configuration.md): a name only from a profile
 * of the device's own tenant, so a device reporting another tenant's profile id learns nothing of it.
 */
export function configOf(
  r: Pick<
    DeviceRow,
    'tenant_id' | 'config_id' | 'config_revision' | 'assigned_config_id' | 'assigned_revision'
  >,
  profiles: ProfileRefs,
): DeviceConfig {
  const profile = (id: string) => {
    const p = profiles.get(id);
    return p && p.tenant_id === r.tenant_id ? p : undefined;
  };
  const ref = (id: string | null, revision: number | null): DeviceConfigRef | null =>
    id === null || revision === null
      ? null
      : { Profile: id, Name: profile(id)?.name ?? null, Revision: revision };
  const running = ref(r.config_id, r.config_revision);
  const assigned = ref(r.assigned_config_id, r.assigned_revision);
  const latest = assigned ? (profile(assigned.Profile)?.revision ?? null) : null;
  return {
    Running: running,
    Assigned: assigned,
    Latest: latest,
    Drift:
      assigned !== null && (running?.Profile !== assigned.Profile || running.Revision !== assigned.Revision),
    Outdated: assigned !== null && latest !== null && latest > assigned.Revision,
  };
}

/** Realtime fields are unknown (null) or zero while the device is offline (spec §3). */
function realtimeOf(r: DeviceRow): DeviceRealtime {
  const on = r.online === 1;
  return {
    IP: on ? r.ip : null,
    NetMask: on ? r.mask : null,
    GateWay: on ? r.gateway : null,
    DNS1: on ? r.dns1 : null,
    DNS2: on ? r.dns2 : null,
    TxRate: on ? r.tx_rate : 0,
    RxRate: on ? r.rx_rate : 0,
    UpTime: on ? r.uptime_s : 0,
  };
}

/**
 * The gateway's per-device drop counters (platform/gateway/counters.ts), read for the device items:
 * in memory, since `since`.
 */
export interface DropCounts {
  readonly since: number;
  drops(sn: string): DeviceDrops;
}

const NO_DROPS: DropCounts = { since: 0, drops: () => ({}) };

function itemOf(r: DeviceRow, counted: DropCounts, profiles: ProfileRefs = NO_PROFILES): DeviceItem {
  const on = r.online === 1;
  return {
    _id: r.id,
    SN: r.sn,
    MAC: r.registered === 1 ? r.mac : r.hello_mac,
    Alias: r.alias,
    Online: on,
    Type: r.type,
    Model: r.model,
    IsMain: r.is_main === 1,
    HWVersion: r.hw_version,
    FWVersion: r.fw_version,
    Registered: r.registered === 1,
    Trusted: r.trusted === 1,
    Parent: r.parent,
    ACSN: r.ac_sn,
    Status: r.status as DeviceStatus,
    Tenant: r.tenant_id,
    CreateTime: r.created_at,
    OnlineTime: r.online_at,
    EndTime: r.offline_at,
    PublicIP: on ? r.public_ip : null,
    CPUUsed: on ? r.cpu_pct : null,
    MemoryUsed: on ? r.mem_pct : null,
    Drops: counted.drops(r.sn),
    DropsSince: counted.since,
    Config: configOf(r, profiles),
    ...realtimeOf(r),
  };
}

/** The trust and status a registration change leaves, from the row's reported facts. */
function judged(r: Pick<DeviceRow, 'hello_mac' | 'online'>, registered: boolean, mac: string) {
  const d = { registered, mac, helloMac: r.hello_mac, online: r.online === 1 };
  return { trusted: isTrusted(d) ? 1 : 0, status: statusOf(d) };
}

export class DeviceService {
  /** Devices (ids) whose configuration changed, announced together after CONFIG_NEWS_MS. */
  private readonly configNews = new Set<string>();
  private configTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly live: LiveDevices,
    private readonly link: DeviceLink,
    private readonly commands: CommandService,
    private readonly hub: LiveHub | null = null,
    private readonly counted: DropCounts = NO_DROPS,
  ) {}

  /** Tells the browsers of the tenant concerned (and the administrator's) of a registry change. */
  private announce(tenantId: string | null, event: LiveDeviceEvent, item: DeviceItem): DeviceItem {
    this.hub?.publish(tenantId, { topic: 'device', data: { ...item, Event: event } });
    return item;
  }

  /** The profiles the rows name, read once for all of them (one query per page, none without any). */
  private async profilesOf(scope: Scope, rows: readonly DeviceRow[]): Promise<ProfileRefs> {
    const ids = new Set<string>();
    for (const r of rows) {
      if (r.config_id !== null) ids.add(r.config_id);
      if (r.assigned_config_id !== null) ids.add(r.assigned_config_id);
    }
    if (ids.size === 0) return NO_PROFILES;
    const found = await findProfileRefs(this.db, scope, [...ids]);
    return new Map(found.map((p) => [p.id, p]));
  }

  /** Rows as items, with this node's newer reports merged and the profiles they name. */
  private async itemsOf(scope: Scope, rows: DeviceRow[]): Promise<DeviceItem[]> {
    const current = rows.map((r) => this.live.current(r));
    const profiles = await this.profilesOf(scope, current);
    return current.map((r) => itemOf(r, this.counted, profiles));
  }

  /**
   * What a device runs or should run changed (a `state.config` report, a confirmed delivery): its
   * browsers get the whole item (`updated`), so a list row shows the new configuration and drift at
   * once, and a list filtered by drift reads its page again. Gathered for CONFIG_NEWS_MS, so a
   * delivery to many devices costs a read per batch rather than per device.
   */
  configChanged(deviceId: string): void {
    this.configNews.add(deviceId);
    if (this.configTimer) return;
    this.configTimer = setTimeout(() => void this.announceConfigs(), CONFIG_NEWS_MS);
    this.configTimer.unref();
  }

  private async announceConfigs(): Promise<void> {
    this.configTimer = null;
    const ids = [...this.configNews];
    this.configNews.clear();
    if (!this.hub || ids.length === 0) return;
    try {
      await this.live.settled({ config: true });
      const admin: Scope = { tenantId: null, admin: true };
      // News, gathered from a delivery's thousands of reports: no request waits for it.
      const rows = (await findDevicesByIds(background(this.db), admin, ids)).filter((r) =>
        this.hub!.watched(r.tenant_id),
      );
      for (const item of await this.itemsOf(admin, rows)) this.announce(item.Tenant, 'updated', item);
    } catch {
      // Live news only: the lists read the same from the store.
    }
  }

  /** A device the caller may see, by _id or SN: 12123 without either, 12003 when not visible. */
  async require(scope: Scope, ref: DeviceRefBody): Promise<DeviceRow> {
    if (!ref._id && !ref.SN?.trim()) throw new AppError(ErrorCode.DeviceIdInvalid);
    const row = await findDevice(this.db, scope, {
      id: ref._id,
      sn: ref.SN?.trim() ? normalizeSn(ref.SN) : undefined,
    });
    // Another tenant's device answers like a missing one: its existence is not the caller's to know.
    if (!row) throw new AppError(ErrorCode.DeviceNotExist);
    return row;
  }

  private async read(scope: Scope, id: string): Promise<DeviceItem> {
    await this.live.settled();
    const row = await findDevice(this.db, scope, { id });
    if (!row) throw new AppError(ErrorCode.DeviceNotExist);
    return (await this.itemsOf(scope, [row]))[0]!;
  }

  /**
   * The device's live state takes the new registration; a connected device gets a new welcome.
   * `db`: the background lane when a delivery's assignments call it (assignConfig).
   */
  private async registrationChanged(sn: string, db = this.db): Promise<void> {
    const row = await findDeviceBySn(db, sn);
    const d = row ? this.live.refresh(row) : null;
    if (d?.session && this.live.isConnected(sn)) {
      const w = welcomeOf(d);
      d.statsIntervalS = w.telemetry.statsIntervalS;
      await this.link.welcome(sn, d.session, w.registered, w.telemetry).catch(() => undefined);
    }
  }

  async add(scope: Scope, body: AddDeviceBody): Promise<DeviceItem> {
    // A registration belongs to a tenant; the administrator has none.
    if (scope.admin || !scope.tenantId) throw new AppError(ErrorCode.NoAccessRights);
    const tenantId = scope.tenantId;
    const snError = deviceSnError(body.SN);
    if (snError) throw new AppError(snError);
    const macError = deviceMacError(body.MAC);
    if (macError) throw new AppError(macError);
    const sn = normalizeSn(body.SN!);
    const mac = normalizeMac(body.MAC!)!;
    let alias = sn;
    if (body.Alias !== undefined && body.Alias.trim() !== '') {
      const aliasError = deviceAliasError(body.Alias);
      if (aliasError) throw new AppError(aliasError, { max: 64 });
      alias = body.Alias.trim();
    }
    return this.claim(scope, tenantId, sn, mac, alias, body.Type, true);
  }

  private async claim(
    scope: Scope,
    tenantId: string,
    sn: string,
    mac: string,
    alias: string,
    type: DeviceType | undefined,
    retry: boolean,
  ): Promise<DeviceItem> {
    const existing = await findDeviceBySn(this.db, sn);
    if (existing?.tenant_id === tenantId) throw new AppError(ErrorCode.DeviceAlreadyRegistered);
    if (existing?.tenant_id) throw new AppError(ErrorCode.DeviceOwnedByOtherTenant);
    // The device has told us its MAC: the one typed must be it.
    if (existing?.hello_mac && existing.hello_mac !== mac) throw new AppError(ErrorCode.SnMacMismatch);
    if (existing?.type != null && type !== undefined && existing.type !== type) {
      throw new AppError(ErrorCode.DeviceTypeInvalid);
    }
    if (await macInUse(this.db, mac, sn)) throw new AppError(ErrorCode.DeviceMacExists);
    if (await aliasTaken(this.db, scope, alias, null)) throw new AppError(ErrorCode.DeviceNameExists);
    const now = this.clock();
    const registration = {
      tenant_id: tenantId,
      registered: 1,
      mac,
      alias,
      parent: null,
      is_main: 0,
      registered_at: now,
      updated_at: now,
    };
    let id: string;
    if (existing) {
      const judgedNow = judged(existing, true, mac);
      const taken = await claimDevice(this.db, sn, {
        ...registration,
        ...judgedNow,
        type: existing.type ?? type ?? null,
      });
      if (taken === 0) {
        if (retry) return this.claim(scope, tenantId, sn, mac, alias, type, false);
        throw new AppError(ErrorCode.DeviceOwnedByOtherTenant);
      }
      id = existing.id;
    } else {
      id = newId();
      try {
        await insertDevice(this.db, { id, sn, ...registration, type: type ?? null, created_at: now });
      } catch (err) {
        // The device connected at this very moment and was recorded: take that record.
        if (retry && isUniqueViolation(err)) return this.claim(scope, tenantId, sn, mac, alias, type, false);
        throw err;
      }
    }
    await this.registrationChanged(sn);
    return this.announce(tenantId, 'registered', await this.read(scope, id));
  }

  /** spec §4: the registration can be removed (after confirmation); open commands are cancelled. */
  async unregister(scope: Scope, ref: DeviceRefBody): Promise<DeviceItem> {
    const row = await this.require(scope, ref);
    if (row.registered !== 1) throw new AppError(ErrorCode.DeviceNotRegistered);
    const changed = await updateDevice(this.db, scope, row.id, {
      tenant_id: null,
      registered: 0,
      mac: '',
      alias: '',
      parent: null,
      is_main: 0,
      registered_at: null,
      // What the tenant's deliveries gave it is the tenant's: a next owner starts from the defaults.
      assigned_config_id: null,
      assigned_revision: null,
      telemetry: null,
      updated_at: this.clock(),
      ...judged(row, false, ''),
    });
    if (changed === 0) throw new AppError(ErrorCode.UnregisterFailed);
    await this.commands.cancelOpen(scope, row.id);
    await this.registrationChanged(row.sn);
    // The tenant that lost the device hears of it; the item now has no tenant.
    return this.announce(
      row.tenant_id,
      'unregistered',
      await this.read({ tenantId: null, admin: true }, row.id),
    );
  }

  async update(scope: Scope, body: UpdateDeviceBody): Promise<DeviceItem> {
    const row = await this.require(scope, body);
    if (body.Alias === undefined) throw new AppError(ErrorCode.DeviceNothingToUpdate);
    const aliasError = deviceAliasError(body.Alias);
    if (aliasError) throw new AppError(aliasError, { max: 64 });
    const alias = body.Alias.trim();
    // Aliases are unique within the device's tenant.
    const owner: Scope = { tenantId: row.tenant_id, admin: row.tenant_id === null };
    if (row.tenant_id !== null && (await aliasTaken(this.db, owner, alias, row.id))) {
      throw new AppError(ErrorCode.DeviceNameExists);
    }
    if ((await updateDevice(this.db, scope, row.id, { alias, updated_at: this.clock() })) === 0) {
      throw new AppError(ErrorCode.DeviceUpdateFailed);
    }
    return this.announce(row.tenant_id, 'updated', await this.read(scope, row.id));
  }

  async list(scope: Scope, q: DeviceListQuery): Promise<ListReply<DeviceItem>> {
    await this.live.settled({ config: q.Drift !== undefined });
    const { rows, count } = await pageDevices(this.db, scope, {
      ...filterOf(q),
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
      ...ORDER[q.sort]!,
    });
    return {
      list: await this.itemsOf(scope, rows),
      count,
      limit: q.limit,
      page: q.page,
      sort: q.sort,
    };
  }

  async all(scope: Scope, q: DeviceFilterQuery): Promise<DeviceAllReply> {
    const f = filterOf(q);
    await this.live.settled({ config: f.drift !== undefined });
    const [rows, count] = await Promise.all([
      listDevices(this.db, scope, f, ALL_DEVICES_MAX),
      countDevices(this.db, scope, f),
    ]);
    return { list: await this.itemsOf(scope, rows), count };
  }

  async realtime(
    scope: Scope,
    q: DeviceFilterQuery & { SN?: string | undefined },
  ): Promise<DeviceRealtimeReply> {
    await this.live.settled();
    const sns = q.SN?.split(',')
      .map((s) => normalizeSn(s))
      .filter((s) => s !== '');
    const rows = await listDevices(this.db, scope, { ...filterOf(q), sns }, ALL_DEVICES_MAX);
    const list = rows.map((r) => ({
      _id: r.id,
      SN: r.sn,
      onlineStatus: r.status as DeviceStatus,
      datas: realtimeOf(this.live.current(r)),
    }));
    return { list, count: list.length };
  }

  async types(scope: Scope, q: DeviceFilterQuery): Promise<DeviceTypeReply> {
    await this.live.settled();
    const tally = await tallyDevices(this.db, scope, filterOf(q));
    const list = Object.values(DeviceType).map((type) => {
      const of = tally.filter((t) => t.type === type);
      return {
        Type: type,
        Total: of.reduce((n, t) => n + t.n, 0),
        Online: of.filter((t) => t.status === DeviceStatus.Online).reduce((n, t) => n + t.n, 0),
      };
    });
    return { list };
  }

  async counts(scope: Scope, q: { Parent?: (string | null)[] | undefined }): Promise<DeviceCountReply> {
    await this.live.settled();
    const tally = await tallyDevices(this.db, scope, { parent: q.Parent });
    const sum = (pick: (t: (typeof tally)[number]) => boolean) =>
      tally.filter(pick).reduce((n, t) => n + t.n, 0);
    return {
      Total: sum(() => true),
      Online: sum((t) => t.status === DeviceStatus.Online),
      Offline: sum((t) => t.status === DeviceStatus.Offline),
      Useless: sum((t) => t.status === DeviceStatus.Useless),
      Registered: sum((t) => t.registered === 1),
      Trusted: sum((t) => t.trusted === 1),
    };
  }

  /** A page of the scope's devices by any filter, with this node's newer reports merged (config's lists). */
  async page(scope: Scope, q: DevicePageQuery): Promise<{ rows: DeviceRow[]; count: number }> {
    await this.live.settled({ config: q.drift !== undefined });
    // A delivery's targets by SN, hundreds at once: in the background lane, not before the lists.
    const db = (q.sns?.length ?? 0) > BULK_IDS ? background(this.db) : this.db;
    const { rows, count } = await pageDevices(db, scope, q);
    return { rows: rows.map((r) => this.live.current(r)), count };
  }

  /**
   * A delivery of a profile to this device of the tenant succeeded (the config domain hears it):
   * the profile and revision it should run from now on, and the profile's telemetry settings, which
   * every welcome carries from now on. A connected device gets them at once in a new welcome of its
   * session (protocol §5.3: a welcome may come at any time and replaces the settings whole).
   */
  async assignConfig(
    tenantId: string,
    deviceId: string,
    ref: { id: string; revision: number },
    telemetry: TelemetrySettings,
  ): Promise<boolean> {
    const patch = {
      assigned_config_id: ref.id,
      assigned_revision: ref.revision,
      telemetry: JSON.stringify(telemetry),
      updated_at: this.clock(),
    };
    // One per confirmed device of a delivery: in the store's background lane, behind the requests.
    const work = background(this.db);
    if ((await assignConfig(work, tenantId, deviceId, patch)) === 0) return false;
    const row = await findDevice(work, { tenantId, admin: false }, { id: deviceId });
    const before = row ? this.live.peek(row.sn)?.telemetry : undefined;
    if (row && JSON.stringify(before ?? null) !== patch.telemetry)
      await this.registrationChanged(row.sn, work);
    this.configChanged(deviceId);
    return true;
  }

  /** Registered devices keep a tenant from being abandoned (25006). */
  tenantInUse(tenantId: string): Promise<boolean> {
    return tenantHasDevices(this.db, { tenantId: null, admin: true }, tenantId);
  }
}
