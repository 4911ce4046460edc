/**
 * Clients of a tenant (spec §3 Client, §4): the lists and details the console shows, aliases, and
 * kick and release through the command machinery to the AP or router the client is on. What the
 * devices report is kept by LiveClients (live.ts), which writes it within a second (FLUSH_EVERY_MS):
 * reads answer from the store as it is and never wait for those writes (with ~100,000 clients
 * reporting there is always some to wait for); writes (alias, kick) write the reports first.
 */
import {
  ALL_CLIENTS_MAX,
  ErrorCode,
  KICK_BLOCK_DEFAULT_S,
  clientAliasError,
  clientMacError,
  commandDeliveryText,
  normalizeMac,
  normalizeSn,
  type ClientAllReply,
  type ClientControlBody,
  type ClientControlReply,
  type ClientFilterQuery,
  type ClientFlowQuery,
  type ClientFlowReply,
  type ClientInfoQuery,
  type ClientInfoReply,
  type ClientItem,
  type ClientListQuery,
  type ClientStatisReply,
  type ClientStatus,
  type CommandStatus,
  type ConnectLogItem,
  type Lang,
  type ListReply,
  type SessionEndReason,
  type UpdateClientAliasBody,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import type { CommandService } from '../device/commands.ts';
import { vendorOf } from './vendor.ts';
import type { LiveDevices } from '../device/live.ts';
import type { LiveClients } from './live.ts';
import {
  aliasTaken,
  countClients,
  findClient,
  flowHours,
  listClients,
  onlinePerDevice,
  onlinePerNetwork,
  pageClients,
  pageSessions,
  tallyClients,
  updateClient,
  type ClientFilter,
  type ClientView,
  type SessionRow,
} from './store.ts';
import { sortOrders } from '../../platform/store/order.ts';

const HOUR_MS = 3_600_000;
/** Devices listed by getAllStatis. */
const STATIS_DEVICES_MAX = 100;

const ORDER = sortOrders({
  LastSeen: 'last_seen',
  FirstSeen: 'first_seen',
  MAC: 'mac',
  Name: 'name',
  RSSI: 'rssi',
  ConnectCount: 'connect_count',
});

function filterOf(q: ClientFilterQuery): ClientFilter {
  const sn = q.SN === undefined ? '' : normalizeSn(q.SN);
  return {
    status: q.Status,
    deviceId: q.Device,
    deviceSn: sn === '' ? undefined : sn,
    parent: q.Parent,
    link: q.Link,
    search: q.search,
  };
}

function itemOf(r: ClientView, now: number): ClientItem {
  const online = r.status === 'online';
  const current =
    online && r.session_start !== null ? Math.max(0, Math.round((now - r.session_start) / 1000)) : 0;
  return {
    _id: r.id,
    MAC: r.mac,
    IP: r.ip,
    Name: r.name,
    Alias: r.alias,
    Vendor: vendorOf(r.mac),
    Tenant: r.tenant_id,
    Status: r.status as ClientStatus,
    Device: r.device_id,
    SN: r.device_sn,
    DeviceType: r.device_type,
    DeviceAlias: r.device_alias ?? '',
    Parent: r.parent,
    AC: r.ac_sn,
    Link: r.link,
    Mode: r.phy,
    SSID: r.ssid,
    Band: r.band,
    Channel: r.channel,
    RSSI: r.rssi,
    SNR: r.snr,
    TxLinkRate: r.tx_link,
    RxLinkRate: r.rx_link,
    TxBytes: r.tx_bytes,
    RxBytes: r.rx_bytes,
    TxRate: online ? r.tx_rate : 0,
    RxRate: online ? r.rx_rate : 0,
    Port: r.port,
    VLAN: r.vlan,
    Authorized: r.authorized === null ? null : r.authorized === 1,
    ConnectCount: r.connect_count,
    OnlineTime: r.online_s + current,
    ConnectTime: online ? r.session_start : null,
    FirstSeen: r.first_seen,
    LastSeen: r.last_seen,
    LastCommand:
      r.cmd_id && r.cmd_kind && r.cmd_status
        ? {
            CommandId: r.cmd_id,
            Command: r.cmd_kind as 'kick_client' | 'release_client',
            Status: r.cmd_status as CommandStatus,
            Code: r.cmd_code,
            Time: r.cmd_at ?? 0,
          }
        : null,
  };
}

function logItemOf(r: SessionRow & { device_alias: string | null }, now: number): ConnectLogItem {
  return {
    _id: r.id,
    Device: r.device_id,
    SN: r.device_sn,
    DeviceAlias: r.device_alias ?? '',
    Link: r.link,
    SSID: r.ssid,
    Band: r.band,
    StartTime: r.start_at,
    EndTime: r.end_at,
    OnlineTime: Math.max(0, Math.round(((r.end_at ?? now) - r.start_at) / 1000)),
    Reason: r.end_reason as SessionEndReason | null,
    TxBytes: r.tx_bytes,
    RxBytes: r.rx_bytes,
  };
}

export class ClientService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly live: LiveClients,
    private readonly devices: LiveDevices,
    private readonly commands: CommandService,
  ) {}

  /** Clients online now per network (the dashboard's online users). */
  async onlineByNetwork(scope: Scope, networkIds: string[]): Promise<Map<string, number>> {
    return onlinePerNetwork(this.db, scope, networkIds);
  }

  /** One client the caller may see, by MAC or _id: 13002 for a bad MAC, 13005 when not visible. */
  private async require(
    scope: Scope,
    ref: { MAC?: string | undefined; _id?: string | undefined },
  ): Promise<ClientView> {
    let mac: string | undefined;
    if (ref.MAC !== undefined || ref._id === undefined) {
      const error = clientMacError(ref.MAC);
      if (error) throw new AppError(error);
      mac = normalizeMac(ref.MAC!)!;
    }
    const row = await findClient(this.db, scope, { mac, id: ref._id });
    // Another tenant's client answers like a missing one.
    if (!row) throw new AppError(ErrorCode.ClientNotExist);
    return row;
  }

  async list(scope: Scope, q: ClientListQuery): Promise<ListReply<ClientItem>> {
    const { rows, count } = await pageClients(this.db, scope, {
      ...filterOf(q),
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
      ...ORDER[q.sort]!,
    });
    const now = this.clock();
    return { list: rows.map((r) => itemOf(r, now)), count, limit: q.limit, page: q.page, sort: q.sort };
  }

  async all(scope: Scope, q: ClientFilterQuery): Promise<ClientAllReply> {
    const f = filterOf(q);
    const [rows, count] = await Promise.all([
      listClients(this.db, scope, f, ALL_CLIENTS_MAX),
      countClients(this.db, scope, f),
    ]);
    const now = this.clock();
    return { list: rows.map((r) => itemOf(r, now)), count };
  }

  async statis(scope: Scope, q: ClientFilterQuery): Promise<ClientStatisReply> {
    const f = filterOf(q);
    const [tally, perDevice] = await Promise.all([
      tallyClients(this.db, scope, f),
      f.status === undefined || f.status === 'online'
        ? onlinePerDevice(this.db, scope, f, STATIS_DEVICES_MAX)
        : Promise.resolve([]),
    ]);
    const sum = (pick: (t: (typeof tally)[number]) => boolean) =>
      tally.filter(pick).reduce((n, t) => n + t.n, 0);
    const bands = new Map<string, number>();
    for (const t of tally) {
      if (t.status === 'online' && t.link === 1 && t.band !== null)
        bands.set(t.band, (bands.get(t.band) ?? 0) + t.n);
    }
    return {
      Total: sum(() => true),
      Online: sum((t) => t.status === 'online'),
      Offline: sum((t) => t.status === 'offline'),
      Kicked: sum((t) => t.status === 'kicked'),
      Wired: sum((t) => t.status === 'online' && t.link === 0),
      Wireless: sum((t) => t.status === 'online' && t.link === 1),
      Bands: [...bands].sort(([a], [b]) => Number(a) - Number(b)).map(([Band, Online]) => ({ Band, Online })),
      Devices: perDevice.map((d) => ({
        _id: d.device_id,
        SN: d.device_sn,
        Alias: d.alias ?? '',
        Type: d.device_type,
        Online: d.n,
      })),
    };
  }

  async info(scope: Scope, q: ClientInfoQuery): Promise<ClientInfoReply> {
    const client = await this.require(scope, q);
    const { rows, count } = await pageSessions(this.db, scope, {
      clientId: client.id,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
      direction: q.sort === 'StartTime' ? 'asc' : 'desc',
    });
    const now = this.clock();
    return {
      Client: itemOf(client, now),
      list: rows.map((r) => logItemOf(r, now)),
      count,
      limit: q.limit,
      page: q.page,
      sort: q.sort,
    };
  }

  /** Traffic by hour (day) or by 24 hours (week, month), ending with the current hour. */
  async flow(scope: Scope, q: ClientFlowQuery): Promise<ClientFlowReply> {
    const client = await this.require(scope, q);
    const now = this.clock();
    const end = Math.floor(now / HOUR_MS) * HOUR_MS + HOUR_MS;
    const [buckets, size] = q.Range === 'day' ? [24, HOUR_MS] : [q.Range === 'week' ? 7 : 30, 24 * HOUR_MS];
    const from = end - buckets * size;
    const list = Array.from({ length: buckets }, (_, i) => ({
      Time: from + i * size,
      TxBytes: 0,
      RxBytes: 0,
    }));
    for (const h of await flowHours(this.db, scope, client.id, from, end)) {
      const bucket = list[Math.floor((h.hour - from) / size)];
      if (!bucket) continue;
      bucket.TxBytes += h.tx_bytes;
      bucket.RxBytes += h.rx_bytes;
    }
    const online = client.status === 'online';
    return {
      MAC: client.mac,
      Range: q.Range,
      Unit: q.Range === 'day' ? 'hour' : 'day',
      list,
      TxBytes: list.reduce((n, b) => n + b.TxBytes, 0),
      RxBytes: list.reduce((n, b) => n + b.RxBytes, 0),
      TxRate: online ? client.tx_rate : 0,
      RxRate: online ? client.rx_rate : 0,
    };
  }

  async updateAlias(scope: Scope, body: UpdateClientAliasBody): Promise<ClientItem> {
    const macError = clientMacError(body.MAC);
    if (macError) throw new AppError(macError);
    const aliasError = clientAliasError(body.Alias);
    if (aliasError) throw new AppError(aliasError, { max: 64 });
    // A write acts on every report received so far, so those are written first.
    await this.live.flush();
    const client = await this.require(scope, { MAC: body.MAC });
    const alias = (body.Alias ?? '').trim();
    if (alias !== '' && (await aliasTaken(this.db, client.tenant_id, alias, client.id))) {
      throw new AppError(ErrorCode.ClientNameDuplicated);
    }
    if ((await updateClient(this.db, scope, client.id, { alias })) === 0) {
      throw new AppError(ErrorCode.ClientListUpdateFailed);
    }
    this.live.announce({ tenantId: client.tenant_id, event: 'alias', MAC: client.mac, SN: client.device_sn });
    return this.read(scope, client.id);
  }

  private async read(scope: Scope, id: string): Promise<ClientItem> {
    const row = await findClient(this.db, scope, { id });
    if (!row) throw new AppError(ErrorCode.ClientNotExist);
    return itemOf(row, this.clock());
  }

  /**
   * spec §4: kick a client (the device disconnects and blocks it) or release it (lifts the block).
   * It goes to the AP or router the client is on, or was last on; the client becomes `kicked` when
   * that device reports success. 13003 / 13006 when it cannot be done at all.
   */
  async control(
    scope: Scope,
    userId: string | null,
    body: ClientControlBody,
    lang: Lang,
  ): Promise<ClientControlReply> {
    const kick = body.command === 'kick';
    const failed = kick ? ErrorCode.ClientKickFailed : ErrorCode.ClientReleaseFailed;
    await this.live.flush();
    const client = await this.require(scope, { MAC: body.MAC });
    if (client.device_id === null) throw new AppError(failed);
    const kind = kick ? 'kick_client' : 'release_client';
    // A device that said which commands it implements never gets another (protocol §7.2).
    const device = await this.devices.get(client.device_sn);
    if (device?.capabilities && !device.capabilities.includes(kind)) throw new AppError(failed);
    const payload = kick
      ? { mac: client.mac, blockS: body.blockS ?? KICK_BLOCK_DEFAULT_S }
      : { mac: client.mac };
    const issued = await this.commands.issueClientCommand(scope, userId, client.device_id, kind, payload);
    // The device is no longer the caller's (unregistered, or moved to another tenant).
    if (!issued) throw new AppError(failed);
    // The caller's next read shows the command on the client.
    await this.live.flush();
    return {
      MAC: client.mac,
      Device: issued.deviceId,
      SN: issued.sn,
      Command: kind,
      CommandId: issued.commandId,
      Delivery: issued.delivery,
      Message: commandDeliveryText(issued.delivery, lang),
    };
  }
}
