/**
 * The tenant's notification settings (webhooks, the accounts' WeChat and app bindings), the
 * records of every send, and maintenance windows (docs/notifications.md).
 */
import { randomBytes } from 'node:crypto';
import {
  APP_TOKEN_RE,
  BINDINGS_PER_ACCOUNT_MAX,
  ErrorCode,
  MAINTENANCE_MAX_MS,
  MAINTENANCE_REASON_MAX,
  WEBHOOK_URL_MAX,
  WEBHOOKS_PER_TENANT_MAX,
  WECHAT_OPENID_RE,
  type AddBindingBody,
  type AddMaintenanceBody,
  type AddWebhookBody,
  type AddWebhookReply,
  type BindingItem,
  type ListReply,
  type MaintenanceItem,
  type MaintenanceQuery,
  type NotifyChannel,
  type NotifyCountReply,
  type NotifyKind,
  type NotifyRecordItem,
  type NotifyRecordQuery,
  type NotifyStatus,
  type UpdateWebhookBody,
  type UpdateWebhookReply,
  type WebhookItem,
} from '@netconsole/contract';
import type { Principal, Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import { maskRecipient } from './digest.ts';
import {
  deleteBinding,
  deleteWebhook,
  endWindow,
  findNetwork,
  findWebhook,
  findWindow,
  insertBinding,
  insertWebhook,
  insertWindow,
  listBindings,
  listWebhooks,
  pageRecords,
  pageWindows,
  updateWebhook,
  windowCovers,
  type MaintenanceRow,
  type RecordRow,
  type WebhookRow,
} from './store.ts';

/** The tenant a setting is written for; the administrator has none (16078). */
function tenantOf(scope: Scope): string {
  if (!scope.tenantId) throw new AppError(ErrorCode.NotifyTenantRequired);
  return scope.tenantId;
}

function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** An http(s) URL without spaces, at most WEBHOOK_URL_MAX characters (16060 otherwise). */
export function checkWebhookUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new AppError(ErrorCode.NotifyWebhookUrlInvalid);
  }
  if (!/^https?:$/.test(parsed.protocol) || url.length > WEBHOOK_URL_MAX || /\s/.test(url)) {
    throw new AppError(ErrorCode.NotifyWebhookUrlInvalid);
  }
  return url;
}

function levelsOf(levels: number[]): string {
  const set = [...new Set(levels)].sort();
  if (set.length === 0 || set.some((l) => l < 1 || l > 3)) throw new AppError(ErrorCode.NotifyLevelsInvalid);
  return set.join(',');
}

function webhookItem(r: WebhookRow): WebhookItem {
  return {
    _id: r.id,
    Name: r.name,
    Url: r.url,
    Enabled: r.enabled === 1,
    Levels: r.levels.split(',').map(Number),
    SecretHint: r.secret.slice(0, 12),
    CreateTime: r.created_at,
    UpdateTime: r.updated_at,
  };
}

function recordItem(r: RecordRow): NotifyRecordItem {
  const channel = r.channel as NotifyChannel;
  return {
    _id: r.id,
    Tenant: r.tenant_id,
    Network: r.network_id,
    NetworkName: r.network_name,
    Channel: channel,
    Kind: r.kind as NotifyKind,
    Recipient: maskRecipient(channel, r.recipient, r.label),
    Alarms: JSON.parse(r.alarm_ids) as string[],
    AlarmCount: r.alarm_count,
    Subject: r.subject,
    Status: r.status as NotifyStatus,
    Reason: r.reason,
    Attempts: r.attempts,
    CreateTime: r.created_at,
    SentTime: r.sent_at,
  };
}

export class NotificationSettings {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  // ---- webhooks ----

  async webhooks(scope: Scope): Promise<ListReply<WebhookItem>> {
    const rows = await listWebhooks(this.db, scope);
    return {
      list: rows.map(webhookItem),
      count: rows.length,
      limit: WEBHOOKS_PER_TENANT_MAX,
      page: 1,
      sort: null,
    };
  }

  async addWebhook(scope: Scope, body: AddWebhookBody): Promise<AddWebhookReply> {
    const tenantId = tenantOf(scope);
    const url = checkWebhookUrl(body.Url);
    const levels = levelsOf(body.Levels);
    if ((await listWebhooks(this.db, scope)).length >= WEBHOOKS_PER_TENANT_MAX) {
      throw new AppError(ErrorCode.NotifyWebhookLimit);
    }
    const now = this.clock();
    const row = {
      id: newId(),
      tenant_id: tenantId,
      name: body.Name,
      url,
      secret: newSecret(),
      enabled: body.Enabled ? 1 : 0,
      levels,
      created_at: now,
      updated_at: now,
    };
    await insertWebhook(this.db, row);
    return { ...webhookItem(row), Secret: row.secret };
  }

  async updateWebhook(scope: Scope, body: UpdateWebhookBody): Promise<UpdateWebhookReply> {
    tenantOf(scope);
    const row = await findWebhook(this.db, scope, body._id);
    if (!row) throw new AppError(ErrorCode.NotifyWebhookNotFound);
    const secret = body.NewSecret ? newSecret() : null;
    const set = {
      ...(body.Name !== undefined ? { name: body.Name } : {}),
      ...(body.Url !== undefined ? { url: checkWebhookUrl(body.Url) } : {}),
      ...(body.Enabled !== undefined ? { enabled: body.Enabled ? 1 : 0 } : {}),
      ...(body.Levels !== undefined ? { levels: levelsOf(body.Levels) } : {}),
      ...(secret ? { secret } : {}),
      updated_at: this.clock(),
    };
    await updateWebhook(this.db, scope, row.id, set);
    return { ...webhookItem({ ...row, ...set }), Secret: secret };
  }

  async removeWebhook(scope: Scope, id: string): Promise<NotifyCountReply> {
    tenantOf(scope);
    const n = await deleteWebhook(this.db, scope, id);
    if (n === 0) throw new AppError(ErrorCode.NotifyWebhookNotFound);
    return { count: n };
  }

  // ---- bindings ----

  /** A tenant owner (and the administrator) sees the tenant's bindings; a co-administrator its own. */
  private static whose(scope: Scope, p: Principal): string | null {
    return scope.admin || p.type === 1 ? null : p.userId;
  }

  async bindings(scope: Scope, p: Principal): Promise<ListReply<BindingItem>> {
    const rows = await listBindings(this.db, scope, NotificationSettings.whose(scope, p));
    return {
      list: rows.map((r) => ({
        _id: r.id,
        Account: r.user_id,
        AccountName: r.user_name,
        Channel: r.channel as BindingItem['Channel'],
        Address: `${r.address.slice(0, 6)}…`,
        Label: r.label,
        CreateTime: r.created_at,
      })),
      count: rows.length,
      limit: rows.length,
      page: 1,
      sort: null,
    };
  }

  /** Binds the caller's own account; the same address again is a no-op. */
  async addBinding(scope: Scope, p: Principal, body: AddBindingBody): Promise<BindingItem> {
    const tenantId = tenantOf(scope);
    const re = body.Channel === 'wechat' ? WECHAT_OPENID_RE : APP_TOKEN_RE;
    if (!re.test(body.Address)) throw new AppError(ErrorCode.NotifyBindingAddressInvalid);
    const mine = await listBindings(this.db, scope, p.userId);
    const same = mine.find((b) => b.channel === body.Channel && b.address === body.Address);
    const row = same ?? {
      id: newId(),
      tenant_id: tenantId,
      user_id: p.userId,
      channel: body.Channel,
      address: body.Address,
      label: body.Label || (body.Channel === 'wechat' ? 'WeChat' : 'App'),
      created_at: this.clock(),
    };
    if (!same) {
      if (mine.length >= BINDINGS_PER_ACCOUNT_MAX) throw new AppError(ErrorCode.NotifyBindingLimit);
      await insertBinding(this.db, row);
    }
    return {
      _id: row.id,
      Account: p.userId,
      AccountName: p.username,
      Channel: body.Channel,
      Address: `${row.address.slice(0, 6)}…`,
      Label: row.label,
      CreateTime: row.created_at,
    };
  }

  async removeBinding(scope: Scope, p: Principal, id: string): Promise<NotifyCountReply> {
    const n = await deleteBinding(this.db, scope, NotificationSettings.whose(scope, p), id);
    if (n === 0) throw new AppError(ErrorCode.NotifyBindingNotFound);
    return { count: n };
  }

  // ---- records ----

  async records(scope: Scope, q: NotifyRecordQuery): Promise<ListReply<NotifyRecordItem>> {
    if (q.from !== undefined && q.to !== undefined && q.from >= q.to)
      throw new AppError(ErrorCode.NotifyRangeInvalid);
    const { rows, count } = await pageRecords(
      this.db,
      scope,
      {
        channel: q.Channel,
        status: q.Status,
        networkId: q.Network,
        alarmId: q.Alarm,
        from: q.from,
        to: q.to,
      },
      (q.page - 1) * q.limit,
      q.limit,
    );
    return { list: rows.map(recordItem), count, limit: q.limit, page: q.page, sort: q.sort ?? '-CreateTime' };
  }
}

function windowItem(r: MaintenanceRow & { network_name: string }): MaintenanceItem {
  return {
    _id: r.id,
    Network: r.network_id,
    NetworkName: r.network_name,
    Start: r.start_at,
    End: r.end_at,
    Reason: r.reason,
    EndedTime: r.ended_at,
    Creator: r.creator_name,
    CreateTime: r.created_at,
  };
}

/** Maintenance windows: during one, a network's alarms are recorded but nobody is told. */
export class MaintenanceService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Whether the network's notifications are muted at `at` (design-17 §2). */
  muted(tenantId: string, networkId: string, at: number): Promise<boolean> {
    return windowCovers(this.db, tenantId, networkId, at);
  }

  async list(scope: Scope, q: MaintenanceQuery): Promise<ListReply<MaintenanceItem>> {
    const active = q.Active === undefined ? undefined : q.Active === 'true';
    const { rows, count } = await pageWindows(
      this.db,
      scope,
      { networkId: q.Network, active, now: this.clock() },
      (q.page - 1) * q.limit,
      q.limit,
    );
    return { list: rows.map(windowItem), count, limit: q.limit, page: q.page, sort: q.sort ?? '-Start' };
  }

  async add(scope: Scope, p: Principal, body: AddMaintenanceBody): Promise<MaintenanceItem> {
    const tenantId = tenantOf(scope);
    const network = await findNetwork(this.db, scope, body.Network);
    if (!network) throw new AppError(ErrorCode.MaintenanceNetworkInvalid);
    const now = this.clock();
    const start = body.Start ?? now;
    if (!(body.End > start && body.End > now)) throw new AppError(ErrorCode.MaintenanceTimeInvalid);
    if (body.End - Math.max(start, now) > MAINTENANCE_MAX_MS)
      throw new AppError(ErrorCode.MaintenanceTooLong);
    if (body.Reason.length > MAINTENANCE_REASON_MAX) throw new AppError(ErrorCode.MaintenanceReasonTooLong);
    const row = {
      id: newId(),
      tenant_id: tenantId,
      network_id: network.id,
      start_at: start,
      end_at: body.End,
      reason: body.Reason,
      ended_at: null,
      creator_name: p.username,
      created_at: now,
    };
    await insertWindow(this.db, row);
    return windowItem({ ...row, network_name: network.name });
  }

  /** Ends a window early (one to come is ended before it starts). */
  async end(scope: Scope, id: string): Promise<MaintenanceItem> {
    tenantOf(scope);
    const row = await findWindow(this.db, scope, id);
    if (!row) throw new AppError(ErrorCode.MaintenanceNotFound);
    const now = this.clock();
    if ((await endWindow(this.db, scope, id, now)) === 0) throw new AppError(ErrorCode.MaintenanceOver);
    const network = await findNetwork(this.db, scope, row.network_id);
    return windowItem({ ...row, ended_at: now, network_name: network?.name ?? '' });
  }
}
