/**
 * DNS behaviour (issue 19 point 6; spec §7 DNS/BEHAVIOUR and FLOW listPartURL; docs/analytics.md,
 * "DNS behaviour"): the domains clients ask for, from the devices' `dns` reports (protocol §6.8),
 * grouped into categories by a versioned domain → category catalogue; a tenant's watch list of
 * domains; and the tenant's privacy setting, applied when reports arrive:
 *
 * - `off`: nothing is stored;
 * - `aggregated` (the default): per network, domain and hour the number of queries and of distinct
 *   clients; no MAC is kept;
 * - `full`: also per client, domain and hour, removed after `RetentionDays`.
 *
 * Periods are `today`, `7d` (the last 7 days, today included), `30d` or `custom` (`Start`/`End`,
 * Unix ms), at most 31 days; day boundaries are those of the network's time zone (tenant-wide: the
 * tenant's first network's, else UTC). Times are Unix ms.
 */
import { z } from 'zod';
import type { Label } from '../enums.ts';
import { listReply, pageQuery } from '../paging.ts';

// ---- privacy ----

export const DNS_PRIVACY_MODES = ['off', 'aggregated', 'full'] as const;
export type DnsPrivacyMode = (typeof DNS_PRIVACY_MODES)[number];
export const DNS_PRIVACY_DEFAULT: DnsPrivacyMode = 'aggregated';
export const DNS_RETENTION_DAYS = { min: 1, max: 365, default: 30 } as const;
export const dnsPrivacyLabels: Record<DnsPrivacyMode, Label> = {
  off: { en: 'Off: nothing is stored', zh: '关闭：不保存任何记录' },
  aggregated: {
    en: 'Aggregated: counts per network and domain, no client addresses',
    zh: '汇总：仅按网络和域名计数，不保存终端地址',
  },
  full: {
    en: 'Full: per-client records, kept for the retention period',
    zh: '完整：保存每个终端的记录，按保留期限删除',
  },
};

export const dnsPrivacyReply = z.object({
  Privacy: z.enum(DNS_PRIVACY_MODES),
  RetentionDays: z.number().int(),
  /** null while the tenant has never changed the default. */
  UpdateTime: z.number().nullable(),
});
export type DnsPrivacyReply = z.infer<typeof dnsPrivacyReply>;

/** `POST /v1/dns/privacy` (docs/api-extensions.tsv). Loose inputs: the service answers 29044/29045. */
export const dnsPrivacyBody = z.object({
  Privacy: z.string().max(32).optional(),
  RetentionDays: z.number().optional(),
  /** The administrator names the tenant; a tenant's own account changes its own. */
  Tenant: z.string().max(64).optional(),
});
export type DnsPrivacyBody = z.infer<typeof dnsPrivacyBody>;
export const dnsPrivacyQuery = z.object({ Tenant: z.string().max(64).optional() });
export type DnsPrivacyQuery = z.infer<typeof dnsPrivacyQuery>;

// ---- categories and the catalogue ----

export const DNS_CATEGORIES = [
  'video',
  'social',
  'messaging',
  'search',
  'shopping',
  'news',
  'games',
  'music',
  'education',
  'finance',
  'cloud',
  'software',
  'ads',
  'adult',
  'other',
] as const;
export type DnsCategory = (typeof DNS_CATEGORIES)[number];
/** A domain no catalogue entry covers. */
export const DNS_UNCATEGORISED: DnsCategory = 'other';
export const dnsCategoryLabels: Record<DnsCategory, Label> = {
  video: { en: 'Video', zh: '视频' },
  social: { en: 'Social media', zh: '社交媒体' },
  messaging: { en: 'Messaging', zh: '即时通讯' },
  search: { en: 'Search and portals', zh: '搜索与门户' },
  shopping: { en: 'Shopping', zh: '购物' },
  news: { en: 'News', zh: '新闻' },
  games: { en: 'Games', zh: '游戏' },
  music: { en: 'Music and audio', zh: '音乐与音频' },
  education: { en: 'Education', zh: '教育' },
  finance: { en: 'Finance', zh: '金融' },
  cloud: { en: 'Cloud and work', zh: '云服务与办公' },
  software: { en: 'Software updates', zh: '软件更新' },
  ads: { en: 'Advertising and tracking', zh: '广告与跟踪' },
  adult: { en: 'Adult', zh: '成人内容' },
  other: { en: 'Other', zh: '其他' },
};

/** 1-253 characters of letters, digits, `_`, `.`, `-` (protocol §6.8), labels of 1-63. */
export const DNS_DOMAIN_MAX = 253;
const DOMAIN_RE =
  /^(?=.{1,253}$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** The stored form of a domain: trimmed, lower case, without the final dot; null when invalid. */
export function normalizeDomain(value: string): string | null {
  let s = value.trim().toLowerCase();
  if (s.endsWith('.')) s = s.slice(0, -1);
  return DOMAIN_RE.test(s) ? s : null;
}

export const dnsCatalogueQuery = pageQuery.extend({
  search: z.string().max(253).optional(),
  Category: z.enum(DNS_CATEGORIES).optional(),
});
export type DnsCatalogueQuery = z.infer<typeof dnsCatalogueQuery>;
export const dnsCatalogueEntry = z.object({
  Domain: z.string(),
  Category: z.enum(DNS_CATEGORIES),
  /** shipped: from the catalogue file; edited: the administrator's entry (added or changed). */
  Source: z.enum(['shipped', 'edited']),
});
export type DnsCatalogueEntry = z.infer<typeof dnsCatalogueEntry>;
export const dnsCatalogueList = listReply(dnsCatalogueEntry).extend({
  /** The shipped file's version, and `+N` when the administrator edited N entries. */
  Version: z.string(),
  UpdateTime: z.number().nullable(),
});
export type DnsCatalogueList = z.infer<typeof dnsCatalogueList>;
/** `POST /v1/dns/catalogue` (administrator): add or change an entry. */
export const dnsCatalogueBody = z.object({
  Domain: z.string().max(1000).optional(),
  Category: z.string().max(32).optional(),
});
export type DnsCatalogueBody = z.infer<typeof dnsCatalogueBody>;
/** `POST /v1/dns/catalogue/del` (administrator): drop an entry (a shipped one is hidden). */
export const dnsCatalogueDelBody = z.object({ Domain: z.string().max(1000).optional() });
export type DnsCatalogueDelBody = z.infer<typeof dnsCatalogueDelBody>;

// ---- periods ----

export const DNS_PERIODS = ['today', '7d', '30d', 'custom'] as const;
export type DnsPeriod = (typeof DNS_PERIODS)[number];
export const DNS_PERIOD_MAX_DAYS = 31;
export const dnsPeriodQuery = z.object({
  Period: z.enum(DNS_PERIODS).default('7d'),
  Start: z.coerce.number().int().min(0).optional(),
  End: z.coerce.number().int().min(0).optional(),
  /** A network id: only its data (and its time zone). */
  Network: z.string().max(64).optional(),
});

// ---- the watch list ----

export const DNS_WATCH_MAX = 200;
export const DNS_REMARK_MAX = 100;

export const dnsAddBody = z.object({
  Domain: z.string().max(1000).optional(),
  Remark: z.string().max(1000).optional(),
  /** The administrator names the tenant. */
  Tenant: z.string().max(64).optional(),
});
export type DnsAddBody = z.infer<typeof dnsAddBody>;
export const dnsDelBody = z.object({
  /** The entry's id, or its domain. */
  _id: z.string().max(64).optional(),
  Domain: z.string().max(1000).optional(),
  Tenant: z.string().max(64).optional(),
});
export type DnsDelBody = z.infer<typeof dnsDelBody>;
export const dnsWatchItem = z.object({
  _id: z.string(),
  Domain: z.string(),
  Remark: z.string(),
  Category: z.enum(DNS_CATEGORIES),
  Tenant: z.string(),
  CreateTime: z.number(),
});
export type DnsWatchItem = z.infer<typeof dnsWatchItem>;
export const dnsCountReply = z.object({ count: z.number().int() });
export type DnsCountReply = z.infer<typeof dnsCountReply>;

export const dnsGetAllQuery = pageQuery.extend(dnsPeriodQuery.shape);
export type DnsGetAllQuery = z.infer<typeof dnsGetAllQuery>;
/** A watched domain with who visited it (the domain itself and its subdomains) in the period. */
export const dnsWatchRow = dnsWatchItem.extend({
  Queries: z.number().int(),
  /**
   * Distinct clients: exact from per-client records when the privacy setting is `full` (within the
   * retention); otherwise the highest hourly count of distinct clients, a lower bound.
   */
  Clients: z.number().int(),
  ClientsExact: z.boolean(),
  Networks: z.number().int(),
  LastSeen: z.number().nullable(),
});
export type DnsWatchRow = z.infer<typeof dnsWatchRow>;
export const dnsWatchList = listReply(dnsWatchRow).extend({
  Privacy: z.enum(DNS_PRIVACY_MODES),
  Start: z.number(),
  End: z.number(),
});
export type DnsWatchList = z.infer<typeof dnsWatchList>;

// ---- behaviour per client or network ----

export const DNS_BEHAVIOUR_SORTS = [
  '-Queries',
  'Queries',
  '-Clients',
  'Clients',
  '-LastSeen',
  'Domain',
] as const;
export const deviceBehaviourQuery = pageQuery.extend(dnsPeriodQuery.shape).extend({
  /** A client: its own rows (only kept with the `full` privacy setting). */
  MAC: z.string().max(64).optional(),
  Category: z.enum(DNS_CATEGORIES).optional(),
  search: z.string().max(253).optional(),
});
export type DeviceBehaviourQuery = z.infer<typeof deviceBehaviourQuery>;
export const deviceBehaviourRow = z.object({
  Domain: z.string(),
  Category: z.enum(DNS_CATEGORIES),
  /** The client (MAC, stored form) when asked for one, else null. */
  MAC: z.string().nullable(),
  /** The network's id and name when asked for one; null across the tenant. */
  Network: z.string().nullable(),
  NetworkName: z.string().nullable(),
  Queries: z.number().int(),
  Clients: z.number().int(),
  LastSeen: z.number().nullable(),
  Watched: z.boolean(),
});
export type DeviceBehaviourRow = z.infer<typeof deviceBehaviourRow>;
export const deviceBehaviourList = listReply(deviceBehaviourRow).extend({
  Privacy: z.enum(DNS_PRIVACY_MODES),
  Start: z.number(),
  End: z.number(),
});
export type DeviceBehaviourList = z.infer<typeof deviceBehaviourList>;

// ---- top domains / categories ----

export const DNS_TOP_MAX = 100;
export const listPartUrlQuery = dnsPeriodQuery.extend({
  MAC: z.string().max(64).optional(),
  By: z.enum(['domain', 'category']).default('domain'),
  Top: z.coerce.number().int().min(1).max(DNS_TOP_MAX).default(10),
});
export type ListPartUrlQuery = z.infer<typeof listPartUrlQuery>;
export const partUrlRow = z.object({
  /** The domain, or the category id (`By=category`). */
  Key: z.string(),
  Category: z.enum(DNS_CATEGORIES),
  Queries: z.number().int(),
  Clients: z.number().int(),
  /** Share of all queries of the period, 0-100 with two decimals. */
  Share: z.number(),
});
export type PartUrlRow = z.infer<typeof partUrlRow>;
export const partUrlList = listReply(partUrlRow).extend({
  Privacy: z.enum(DNS_PRIVACY_MODES),
  /** All queries of the period (every domain). */
  Total: z.number().int(),
  Start: z.number(),
  End: z.number(),
});
export type PartUrlList = z.infer<typeof partUrlList>;
