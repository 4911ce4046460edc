/**
 * A network's log (the dashboard's network log, spec §3 network log; `DELETE /v1/dashboard/delNetlog`):
 * the network created or changed, devices joining and leaving, devices going online and offline, the
 * topology changing. Entries keep a code and its values and are read in the reader's language. Device
 * status changes come from the live devices and are written in batches.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  ErrorCode,
  NETWORK_LOG_TEXTS,
  type DelNetlogBody,
  type DelNetlogReply,
  type Lang,
  type ListReply,
  type NetlogItem,
  type NetlogQuery,
  type NetworkLogCode,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import type { LiveDevices } from '../device/live.ts';
import type { DevicePlacement } from '../device/placement.ts';
import { requireNetwork } from './store.ts';

const SYSTEM: Scope = { tenantId: null, admin: true };
export const NETLOG_FLUSH_MS = 2000;
/** Entries are kept this long. */
export const NETLOG_KEEP_MS = 90 * 24 * 3600 * 1000;

function textOf(code: string, params: Record<string, string | number>, lang: Lang): string {
  const texts = (NETWORK_LOG_TEXTS as Record<string, { en: string; zh: string }>)[code];
  if (!texts) return code;
  return texts[lang].replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}

/** Device names in an entry: the first few, then how many more. */
export function namesOf(names: string[], max = 5): string {
  return names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} +${names.length - max}`;
}

export class NetworkLog {
  private readonly statuses = new Map<string, boolean>();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly placement: DevicePlacement,
    private readonly live: LiveDevices,
  ) {}

  /**
   * Listens to devices going online and offline. Not through the live hub: a listener there would
   * count as a browser watching every tenant, and every flush would build every device's message.
   */
  start(): void {
    this.unsubscribe = this.live.onStatusChange((d) => {
      if (d.tenantId) this.statuses.set(d.id, d.online);
    });
    this.timer = setInterval(() => void this.flush(), NETLOG_FLUSH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  async write(
    entries: {
      tenantId: string;
      networkId: string;
      code: NetworkLogCode;
      params: Record<string, string | number>;
    }[],
  ): Promise<void> {
    if (entries.length === 0) return;
    const now = this.clock();
    await this.db
      .insertInto('network_logs')
      .values(
        entries.map((e) => ({
          id: newId(),
          tenant_id: e.tenantId,
          network_id: e.networkId,
          code: e.code,
          params: JSON.stringify(e.params),
          created_at: now,
        })),
      )
      .execute();
  }

  /** Writes the status changes heard since the last pass (devices in a network only). */
  async flush(): Promise<void> {
    try {
      if (this.statuses.size > 0) {
        const changes = new Map(this.statuses);
        this.statuses.clear();
        const rows = await this.placement.find(SYSTEM, [...changes.keys()]);
        await this.write(
          rows
            .filter((r) => r.parent !== null && r.tenant_id !== null)
            .map((r) => ({
              tenantId: r.tenant_id!,
              networkId: r.parent!,
              code: changes.get(r.id) ? 'device_online' : 'device_offline',
              params: { name: r.alias || r.sn },
            })),
        );
      }
      const now = this.clock();
      if (now - this.lastPrune > 3600_000) {
        this.lastPrune = now;
        await this.db
          .deleteFrom('network_logs')
          .where('created_at', '<', now - NETLOG_KEEP_MS)
          .execute();
      }
    } catch (err) {
      this.log.error({ err }, 'network log flush failed');
    }
  }

  async list(scope: Scope, q: NetlogQuery, lang: Lang): Promise<ListReply<NetlogItem>> {
    const network = await requireNetwork(this.db, scope, q._id);
    await this.flush();
    const base = this.db.selectFrom('network_logs').where('network_id', '=', network.id);
    const [rows, total] = await Promise.all([
      base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map((r) => ({
        _id: r.id,
        Network: r.network_id,
        Code: r.code,
        Text: textOf(r.code, JSON.parse(r.params) as Record<string, string | number>, lang),
        CreateTime: r.created_at,
      })),
      count: Number(total.n),
      limit: q.limit,
      page: q.page,
      sort: q.sort ?? '-CreateTime',
    };
  }

  /** A removed network's log goes with it. */
  async networkRemoved(scope: Scope, id: string): Promise<void> {
    let q = this.db.deleteFrom('network_logs').where('network_id', '=', id);
    if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
    await q.execute();
  }

  /** Removes one entry (`_id`) or a network's whole log (`Network`). */
  async remove(scope: Scope, body: DelNetlogBody): Promise<DelNetlogReply> {
    let q = this.db.deleteFrom('network_logs');
    if (!scope.admin) q = q.where('tenant_id', '=', scope.tenantId ?? '');
    if (body._id) {
      q = q.where('id', '=', body._id);
    } else if (body.Network) {
      q = q.where('network_id', '=', (await requireNetwork(this.db, scope, body.Network)).id);
    } else {
      throw new AppError(ErrorCode.ValidationFailed, { detail: '_id or Network' });
    }
    const res = await q.executeTakeFirst();
    const count = Number(res.numDeletedRows);
    if (body._id && count === 0) throw new AppError(ErrorCode.NotFound);
    return { list: { ok: 1, count } };
  }
}
