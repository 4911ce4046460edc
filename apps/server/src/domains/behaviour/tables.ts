/** The behaviour domain's tables (migration 0027-behaviour; docs/analytics.md, "DNS behaviour"). */
import type { Selectable } from 'kysely';

/** A tenant's privacy setting; no row: the default (aggregated, 30 days). */
export interface BehaviourSettingsTable {
  tenant_id: string;
  /** off | aggregated | full */
  privacy: string;
  retention_days: number;
  updated_at: number;
}

/** A tenant's watched domain (the domain and its subdomains). */
export interface DnsWatchTable {
  id: string;
  tenant_id: string;
  domain: string;
  remark: string;
  created_at: number;
}

/**
 * Queries per network, domain and bucket (`dns_domain_hours`: UTC hours; `dns_domain_days`: UTC
 * days). `network_id` '*' holds the tenant's totals over all its networks (and devices in none),
 * '' the devices in no network. `clients`: distinct clients within one hour (the day row: its
 * highest hour). No MAC.
 */
export interface DnsDomainBucketTable {
  tenant_id: string;
  network_id: string;
  domain: string;
  bucket: number;
  queries: number;
  clients: number;
  last_at: number;
}

/** Per client, domain and UTC hour: only with the `full` privacy setting, removed after the retention. */
export interface DnsClientHourTable {
  tenant_id: string;
  network_id: string;
  mac: string;
  domain: string;
  bucket: number;
  queries: number;
  last_at: number;
}

/** The administrator's catalogue edits over the shipped file: a category, or null to hide an entry. */
export interface DnsCatalogueEditTable {
  domain: string;
  category: string | null;
  updated_at: number;
}

export type BehaviourSettingsRow = Selectable<BehaviourSettingsTable>;
export type DnsWatchRow = Selectable<DnsWatchTable>;
export type DnsDomainBucketRow = Selectable<DnsDomainBucketTable>;
export type DnsClientHourRow = Selectable<DnsClientHourTable>;
export type DnsCatalogueEditRow = Selectable<DnsCatalogueEditTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    behaviour_settings: BehaviourSettingsTable;
    dns_watch: DnsWatchTable;
    dns_domain_hours: DnsDomainBucketTable;
    dns_domain_days: DnsDomainBucketTable;
    dns_client_hours: DnsClientHourTable;
    dns_catalogue_edits: DnsCatalogueEditTable;
  }
}
