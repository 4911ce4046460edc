/**
 * DNS behaviour (docs/analytics.md, "DNS behaviour"): the privacy setting per tenant, the watch
 * list, the catalogue and the readings over what the ingest stored.
 */
import {
  DNS_PRIVACY_DEFAULT,
  DNS_PRIVACY_MODES,
  DNS_REMARK_MAX,
  DNS_RETENTION_DAYS,
  DNS_WATCH_MAX,
  ErrorCode,
  normalizeDomain,
  normalizeMac,
  type DeviceBehaviourList,
  type DeviceBehaviourQuery,
  type DeviceBehaviourRow,
  type DnsAddBody,
  type DnsCatalogueBody,
  type DnsCatalogueDelBody,
  type DnsCatalogueList,
  type DnsCatalogueQuery,
  type DnsCountReply,
  type DnsDelBody,
  type DnsGetAllQuery,
  type DnsPrivacyBody,
  type DnsPrivacyMode,
  type DnsPrivacyReply,
  type DnsWatchItem,
  type DnsWatchList,
  type ListPartUrlQuery,
  type PartUrlList,
} from '@netconsole/contract';
import type { Scope } from '../../platform/auth/guard.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import type { NetworkRow } from '../network/tables.ts';
import { isCategory, type Catalogue } from './catalogue.ts';
import { DAY_MS, HOUR_MS, bucketsOf, resolvePeriod, type Period, type PeriodInput } from './period.ts';
import {
  ALL_NETWORKS,
  clientTotals,
  countWatch,
  deleteWatch,
  distinctClients,
  domainTotals,
  findWatch,
  firstNetworkZone,
  insertWatch,
  networksOfDomains,
  pageWatch,
  pruneBuckets,
  pruneClientHours,
  readSettings,
  tenantsWithClientRows,
  upsertSettings,
  watchedDomains,
  type DnsWatchRow,
  type DomainTotal,
} from './store.ts';

const ADMIN: Scope = { tenantId: null, admin: true };
/** Hour rows are kept this long (the longest period, 31 days, and its edges); day rows DAYS_KEPT. */
export const HOURS_KEPT_MS = 32 * DAY_MS;
export const DAYS_KEPT_MS = 400 * DAY_MS;
/** Watched domains matched against this many of the period's names at most. */
const MATCH_MAX = 1000;
/** Names a watch row's network count looks at. */
const NETWORK_NAMES = 3;

export interface PrivacySetting {
  privacy: DnsPrivacyMode;
  retentionDays: number;
  updatedAt: number | null;
}

const DEFAULT_SETTING: PrivacySetting = {
  privacy: DNS_PRIVACY_DEFAULT,
  retentionDays: DNS_RETENTION_DAYS.default,
  updatedAt: null,
};

export interface BehaviourDeps {
  db: Db;
  clock: Clock;
  catalogue: Catalogue;
  /** A network the scope sees. */
  findNetwork: (scope: Scope, id: string) => Promise<NetworkRow | undefined>;
  tenantExists: (id: string) => Promise<boolean>;
  /** The tenant's in-memory counts of what its new setting no longer allows are dropped. */
  onPrivacyChange?: (tenantId: string, privacy: DnsPrivacyMode) => void;
  /** The server's zone, for a network without one. */
  serverZone?: string;
}

interface Ctx {
  period: Period;
  network: NetworkRow | null;
  privacy: DnsPrivacyMode;
}

function sameOrSub(domain: string, watched: string): boolean {
  return domain === watched || domain.endsWith(`.${watched}`);
}

export class BehaviourService {
  private settings = new Map<string, PrivacySetting>();
  private readonly serverZone: string;

  constructor(private readonly d: BehaviourDeps) {
    this.serverZone = d.serverZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  }

  // ---- privacy ----

  async loadSettings(): Promise<void> {
    const rows = await readSettings(this.d.db);
    this.settings = new Map(
      rows.map((r) => [
        r.tenant_id,
        {
          privacy: (DNS_PRIVACY_MODES as readonly string[]).includes(r.privacy)
            ? (r.privacy as DnsPrivacyMode)
            : DNS_PRIVACY_DEFAULT,
          retentionDays: r.retention_days,
          updatedAt: r.updated_at,
        },
      ]),
    );
  }

  /** The ingest's question, answered from memory. */
  settingOf(tenantId: string): PrivacySetting {
    return this.settings.get(tenantId) ?? DEFAULT_SETTING;
  }

  private async tenantFor(scope: Scope, named: string | undefined): Promise<string> {
    if (!scope.admin) return scope.tenantId ?? '';
    if (!named) throw new AppError(ErrorCode.DnsTenantRequired);
    if (!(await this.d.tenantExists(named))) throw new AppError(ErrorCode.TenantNotFound);
    return named;
  }

  async getPrivacy(scope: Scope, tenant: string | undefined): Promise<DnsPrivacyReply> {
    const id = await this.tenantFor(scope, tenant);
    const s = this.settingOf(id);
    return { Privacy: s.privacy, RetentionDays: s.retentionDays, UpdateTime: s.updatedAt };
  }

  async setPrivacy(scope: Scope, body: DnsPrivacyBody): Promise<DnsPrivacyReply> {
    const id = await this.tenantFor(scope, body.Tenant);
    const current = this.settingOf(id);
    const privacy = body.Privacy ?? current.privacy;
    if (!(DNS_PRIVACY_MODES as readonly string[]).includes(privacy))
      throw new AppError(ErrorCode.DnsPrivacyInvalid);
    const days = body.RetentionDays ?? current.retentionDays;
    if (!Number.isInteger(days) || days < DNS_RETENTION_DAYS.min || days > DNS_RETENTION_DAYS.max) {
      throw new AppError(ErrorCode.DnsRetentionInvalid, {
        min: DNS_RETENTION_DAYS.min,
        max: DNS_RETENTION_DAYS.max,
      });
    }
    const now = this.d.clock();
    const mode = privacy as DnsPrivacyMode;
    await upsertSettings(this.d.db, { tenant_id: id, privacy: mode, retention_days: days, updated_at: now });
    this.settings.set(id, { privacy: mode, retentionDays: days, updatedAt: now });
    this.d.onPrivacyChange?.(id, mode);
    // What the new setting does not allow goes now: per-client rows unless full, or past the retention.
    await pruneClientHours(this.d.db, id, mode === 'full' ? now - days * DAY_MS : null);
    return { Privacy: mode, RetentionDays: days, UpdateTime: now };
  }

  // ---- periods ----

  private async context(scope: Scope, q: PeriodInput & { Network?: string | undefined }): Promise<Ctx> {
    let network: NetworkRow | null = null;
    if (q.Network !== undefined && q.Network !== '') {
      network = (await this.d.findNetwork(scope, q.Network)) ?? null;
      if (!network) throw new AppError(ErrorCode.DnsNetworkNotFound);
    }
    let zone = 'UTC';
    if (network) zone = network.time_zone ?? this.serverZone;
    else if (!scope.admin) zone = (await firstNetworkZone(this.d.db, scope.tenantId ?? '')) ?? 'UTC';
    const period = resolvePeriod(q, this.d.clock(), zone);
    const tenant = network?.tenant_id ?? scope.tenantId;
    const privacy = tenant ? this.settingOf(tenant).privacy : DNS_PRIVACY_DEFAULT;
    return { period, network, privacy };
  }

  /** Per domain over the period (hour rows at its edges, day rows between). */
  private async totals(
    scope: Scope,
    network: string,
    period: Period,
    domains?: readonly string[],
  ): Promise<DomainTotal[]> {
    const b = bucketsOf(period);
    const [hours, days] = await Promise.all([
      domainTotals(this.d.db, scope, 'dns_domain_hours', network, b.hours, domains),
      b.days ? domainTotals(this.d.db, scope, 'dns_domain_days', network, [b.days], domains) : [],
    ]);
    const out = new Map<string, DomainTotal>();
    for (const r of [...hours, ...days]) {
      const t = out.get(r.domain);
      if (!t) out.set(r.domain, { ...r });
      else {
        t.queries += r.queries;
        t.clients = Math.max(t.clients, r.clients);
        t.last_at = Math.max(t.last_at, r.last_at);
      }
    }
    return [...out.values()];
  }

  private hourRange(period: Period): [number, number] {
    return [Math.floor(period.start / HOUR_MS) * HOUR_MS, period.end];
  }

  // ---- the watch list ----

  private itemOf(r: DnsWatchRow): DnsWatchItem {
    return {
      _id: r.id,
      Domain: r.domain,
      Remark: r.remark,
      Category: this.d.catalogue.categoryOf(r.domain),
      Tenant: r.tenant_id,
      CreateTime: r.created_at,
    };
  }

  async addWatch(scope: Scope, body: DnsAddBody): Promise<DnsWatchItem> {
    const domain = normalizeDomain(body.Domain ?? '');
    if (domain === null) throw new AppError(ErrorCode.DnsDomainInvalid);
    const remark = (body.Remark ?? '').trim();
    if (remark.length > DNS_REMARK_MAX)
      throw new AppError(ErrorCode.DnsRemarkTooLong, { max: DNS_REMARK_MAX });
    const tenantId = await this.tenantFor(scope, body.Tenant);
    if (await findWatch(this.d.db, ADMIN, { domain, tenantId })) throw new AppError(ErrorCode.DnsWatchExists);
    if ((await countWatch(this.d.db, tenantId)) >= DNS_WATCH_MAX) {
      throw new AppError(ErrorCode.DnsWatchFull, { max: DNS_WATCH_MAX });
    }
    const row = { id: newId(), tenant_id: tenantId, domain, remark, created_at: this.d.clock() };
    if (!(await insertWatch(this.d.db, row))) throw new AppError(ErrorCode.DnsWatchExists);
    return this.itemOf(row);
  }

  async delWatch(scope: Scope, body: DnsDelBody): Promise<DnsCountReply> {
    let row: DnsWatchRow | undefined;
    if (body._id) row = await findWatch(this.d.db, scope, { id: body._id });
    else if (body.Domain !== undefined) {
      const domain = normalizeDomain(body.Domain);
      if (domain === null) throw new AppError(ErrorCode.DnsDomainInvalid);
      const tenantId = scope.admin ? await this.tenantFor(scope, body.Tenant) : undefined;
      row = await findWatch(this.d.db, scope, { domain, ...(tenantId ? { tenantId } : {}) });
    }
    if (!row) throw new AppError(ErrorCode.DnsWatchNotFound);
    return { count: await deleteWatch(this.d.db, scope, row.id) };
  }

  async watchList(scope: Scope, q: DnsGetAllQuery): Promise<DnsWatchList> {
    const ctx = await this.context(scope, q);
    const { rows, count } = await pageWatch(this.d.db, scope, (q.page - 1) * q.limit, q.limit);
    const key = ctx.network?.id ?? ALL_NETWORKS;
    // Per tenant of the page (one, but for the administrator): its names of the period.
    const totalsOf = new Map<string, DomainTotal[]>();
    for (const tenant of new Set(rows.map((r) => r.tenant_id))) {
      const own = scope.admin ? { tenantId: tenant, admin: false } : scope;
      totalsOf.set(tenant, await this.totals(own, key, ctx.period));
    }
    const hitsOf = rows.map((r) =>
      (totalsOf.get(r.tenant_id) ?? []).filter((t) => sameOrSub(t.domain, r.domain)).slice(0, MATCH_MAX),
    );
    // Networks: where the watched name or its busiest subdomains were asked on the period's (UTC)
    // days — at most NETWORK_NAMES names a row, so a name with thousands of subdomains (a CDN's)
    // stays one short index read.
    const names = [
      ...new Set(
        hitsOf.flatMap((hits) =>
          [...hits]
            .sort((a, b) => b.queries - a.queries)
            .slice(0, NETWORK_NAMES)
            .map((t) => t.domain),
        ),
      ),
    ];
    const places = ctx.network
      ? []
      : await networksOfDomains(
          this.d.db,
          scope,
          Math.floor(ctx.period.start / DAY_MS) * DAY_MS,
          ctx.period.end,
          names,
        );
    const list = [];
    for (const [i, r] of rows.entries()) {
      const hits = hitsOf[i]!;
      const own = scope.admin ? { tenantId: r.tenant_id, admin: false } : scope;
      const mine = new Set(hits.map((t) => t.domain));
      const queries = hits.reduce((s, t) => s + t.queries, 0);
      const last = hits.length > 0 ? Math.max(...hits.map((t) => t.last_at)) : null;
      const exact = this.settingOf(r.tenant_id).privacy === 'full';
      const clients = exact
        ? await distinctClients(this.d.db, own, ctx.network?.id ?? null, ...this.hourRange(ctx.period), [
            ...mine,
          ])
        : Math.max(0, ...hits.map((t) => t.clients));
      const networks = ctx.network
        ? Number(hits.length > 0)
        : new Set(
            places.filter((p) => p.tenant_id === r.tenant_id && mine.has(p.domain)).map((p) => p.network_id),
          ).size;
      list.push({
        ...this.itemOf(r),
        Queries: queries,
        Clients: clients,
        ClientsExact: exact,
        Networks: networks,
        LastSeen: last,
      });
    }
    return {
      list,
      count,
      limit: q.limit,
      page: q.page,
      sort: 'Domain',
      Privacy: ctx.privacy,
      Start: ctx.period.start,
      End: ctx.period.end,
    };
  }

  // ---- behaviour per client or network ----

  private macOf(value: string | undefined): string | null {
    if (value === undefined || value === '') return null;
    const mac = normalizeMac(value);
    if (mac === null) throw new AppError(ErrorCode.DnsMacInvalid);
    return mac;
  }

  private async rowsOf(scope: Scope, ctx: Ctx, mac: string | null): Promise<DomainTotal[]> {
    if (mac === null) return this.totals(scope, ctx.network?.id ?? ALL_NETWORKS, ctx.period);
    // Per-client rows exist only under `full` (removed when the setting changes).
    if (ctx.privacy !== 'full' && !scope.admin) return [];
    return clientTotals(this.d.db, scope, mac, ctx.network?.id ?? null, ...this.hourRange(ctx.period));
  }

  async behaviour(scope: Scope, q: DeviceBehaviourQuery): Promise<DeviceBehaviourList> {
    const ctx = await this.context(scope, q);
    const mac = this.macOf(q.MAC);
    const search = q.search?.trim().toLowerCase();
    const watched = await watchedDomains(this.d.db, scope);
    const rows: DeviceBehaviourRow[] = [];
    for (const t of await this.rowsOf(scope, ctx, mac)) {
      const category = this.d.catalogue.categoryOf(t.domain);
      if (q.Category && category !== q.Category) continue;
      if (search && !t.domain.includes(search)) continue;
      rows.push({
        Domain: t.domain,
        Category: category,
        MAC: mac,
        Network: ctx.network?.id ?? null,
        NetworkName: ctx.network?.name ?? null,
        Queries: t.queries,
        Clients: t.clients,
        LastSeen: t.last_at,
        Watched: watched.some((w) => sameOrSub(t.domain, w)),
      });
    }
    const sort = q.sort ?? '-Queries';
    const by: Record<string, (a: DeviceBehaviourRow, b: DeviceBehaviourRow) => number> = {
      Queries: (a, b) => a.Queries - b.Queries,
      Clients: (a, b) => a.Clients - b.Clients,
      LastSeen: (a, b) => (a.LastSeen ?? 0) - (b.LastSeen ?? 0),
      Domain: (a, b) => (a.Domain < b.Domain ? -1 : a.Domain > b.Domain ? 1 : 0),
    };
    const desc = sort.startsWith('-');
    const cmp = by[sort.replace(/^-/, '')] ?? by.Queries!;
    rows.sort((a, b) => (desc ? -cmp(a, b) : cmp(a, b)) || (a.Domain < b.Domain ? -1 : 1));
    return {
      list: rows.slice((q.page - 1) * q.limit, q.page * q.limit),
      count: rows.length,
      limit: q.limit,
      page: q.page,
      sort,
      Privacy: ctx.privacy,
      Start: ctx.period.start,
      End: ctx.period.end,
    };
  }

  // ---- top domains / categories ----

  async top(scope: Scope, q: ListPartUrlQuery): Promise<PartUrlList> {
    const ctx = await this.context(scope, q);
    const mac = this.macOf(q.MAC);
    const totals = await this.rowsOf(scope, ctx, mac);
    const total = totals.reduce((s, t) => s + t.queries, 0);
    const share = (n: number) => (total === 0 ? 0 : Math.round((n / total) * 10_000) / 100);
    let rows: {
      Key: string;
      Category: ReturnType<Catalogue['categoryOf']>;
      Queries: number;
      Clients: number;
    }[];
    if (q.By === 'category') {
      const by = new Map<
        string,
        { Key: string; Category: ReturnType<Catalogue['categoryOf']>; Queries: number; Clients: number }
      >();
      for (const t of totals) {
        const c = this.d.catalogue.categoryOf(t.domain);
        const r = by.get(c) ?? { Key: c, Category: c, Queries: 0, Clients: 0 };
        r.Queries += t.queries;
        // Distinct clients do not add up across names: the highest of one name, a lower bound.
        r.Clients = Math.max(r.Clients, t.clients);
        by.set(c, r);
      }
      rows = [...by.values()];
    } else {
      rows = totals.map((t) => ({
        Key: t.domain,
        Category: this.d.catalogue.categoryOf(t.domain),
        Queries: t.queries,
        Clients: t.clients,
      }));
    }
    rows.sort((a, b) => b.Queries - a.Queries || (a.Key < b.Key ? -1 : 1));
    return {
      list: rows.slice(0, q.Top).map((r) => ({ ...r, Share: share(r.Queries) })),
      count: rows.length,
      limit: q.Top,
      page: 1,
      sort: '-Queries',
      Privacy: ctx.privacy,
      Total: total,
      Start: ctx.period.start,
      End: ctx.period.end,
    };
  }

  // ---- the catalogue ----

  catalogueList(q: DnsCatalogueQuery): DnsCatalogueList {
    const search = q.search?.trim().toLowerCase();
    const all = this.d.catalogue
      .entries()
      .filter((e) => (!q.Category || e.Category === q.Category) && (!search || e.Domain.includes(search)));
    return {
      list: all.slice((q.page - 1) * q.limit, q.page * q.limit),
      count: all.length,
      limit: q.limit,
      page: q.page,
      sort: 'Domain',
      Version: this.d.catalogue.versionLabel(),
      UpdateTime: this.d.catalogue.updatedAt(),
    };
  }

  async catalogueSet(body: DnsCatalogueBody): Promise<DnsCatalogueList['list'][number]> {
    const domain = normalizeDomain(body.Domain ?? '');
    if (domain === null) throw new AppError(ErrorCode.DnsDomainInvalid);
    const category = body.Category ?? '';
    if (!isCategory(category)) throw new AppError(ErrorCode.DnsCategoryInvalid);
    await this.d.catalogue.set(domain, category, this.d.clock());
    return { Domain: domain, Category: category, Source: 'edited' };
  }

  async catalogueDel(body: DnsCatalogueDelBody): Promise<DnsCountReply> {
    const domain = normalizeDomain(body.Domain ?? '');
    if (domain === null) throw new AppError(ErrorCode.DnsDomainInvalid);
    if (!this.d.catalogue.has(domain)) throw new AppError(ErrorCode.DnsCatalogueEntryNotFound);
    await this.d.catalogue.remove(domain, this.d.clock());
    return { count: 1 };
  }

  // ---- retention ----

  /** Per-client rows past each tenant's retention (all of them without `full`), old buckets. */
  async prune(): Promise<{ clients: number; hours: number; days: number }> {
    const now = this.d.clock();
    await this.loadSettings();
    let clients = 0;
    for (const tenant of await tenantsWithClientRows(this.d.db)) {
      const s = this.settingOf(tenant);
      clients += await pruneClientHours(
        this.d.db,
        tenant,
        s.privacy === 'full' ? now - s.retentionDays * DAY_MS : null,
      );
    }
    const hours = await pruneBuckets(this.d.db, 'dns_domain_hours', now - HOURS_KEPT_MS);
    const days = await pruneBuckets(this.d.db, 'dns_domain_days', now - DAYS_KEPT_MS);
    return { clients, hours, days };
  }
}
