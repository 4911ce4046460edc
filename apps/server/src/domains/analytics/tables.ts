/**
 * The analytics roll-ups (docs/analytics.md, "Roll-ups"): each network's traffic per hour and the
 * clients seen at it per local day, made from the telemetry and client tables so rankings over 30
 * days read a few hundred rows per network instead of every device's hours. Declared into the
 * store's `Database` (platform/store/db.ts) below.
 */
import type { Selectable } from 'kysely';

/** A network's traffic in one UTC hour: its gateways' uplinks, else its APs' (docs/analytics.md). */
export interface AnalyticsNetHourTable {
  tenant_id: string;
  network_id: string;
  /** Start of the hour, ms. */
  hour: number;
  tx_bytes: number;
  rx_bytes: number;
}

/** A client's traffic in one UTC day (client_flow's hours summed): 30-day client rankings read days. */
export interface AnalyticsClientDayTable {
  tenant_id: string;
  client_id: string;
  /** Start of the UTC day, ms. */
  day: number;
  tx_bytes: number;
  rx_bytes: number;
}

/** A network's traffic in one of its local days (analytics_net_hour summed; migration 0028). */
export interface AnalyticsNetDayTable {
  tenant_id: string;
  network_id: string;
  /** The network's midnight starting that day, ms. */
  day: number;
  tx_bytes: number;
  rx_bytes: number;
}

/**
 * A client seen at a network: the last of the network's local days it was seen on (days since
 * 1970-01-01 of that calendar) and one bit per day of the 62 up to it (bit i: last_day - i).
 */
export interface AnalyticsNetSeenTable {
  tenant_id: string;
  network_id: string;
  client_id: string;
  last_day: number;
  days: number;
}

/**
 * How far each roll-up went (`done_until`, ms): 'traffic', 'clients', 'netdays' (local days ending
 * by then), 'seen' (connections up to an hour's start); 'users' is the former daily users' mark.
 */
/** A tenant's clients' traffic in one hour (client_flow summed; migration 0033). */
export interface AnalyticsTenantHourTable {
  tenant_id: string;
  /** Start of the hour, ms. */
  hour: number;
  tx_bytes: number;
  rx_bytes: number;
}

export interface AnalyticsMarkTable {
  name: string;
  done_until: number;
}

/**
 * A client's figures over the part of a tenant's standard period (7 or 30 local days) before its
 * state's `until`, in one generation of the rows (migration 0029, rank.ts).
 */
export interface AnalyticsClientRankTable {
  tenant_id: string;
  span: number;
  gen: number;
  client_id: string;
  tx_bytes: number;
  rx_bytes: number;
  /** tx_bytes + rx_bytes, for the traffic order's index. */
  total: number;
  online_ms: number;
  conns: number;
}

/** Which generation of a tenant's span is read, and what it holds: zone, first midnight, until. */
export interface AnalyticsClientRankStateTable {
  tenant_id: string;
  span: number;
  gen: number;
  zone: string;
  start: number;
  until: number;
}

/** A device's uplink bytes over the part of a tenant's standard period before its state's `until`. */
export interface AnalyticsDeviceRankTable {
  tenant_id: string;
  span: number;
  gen: number;
  device_id: string;
  tx_bytes: number;
  rx_bytes: number;
}

export type AnalyticsNetHourRow = Selectable<AnalyticsNetHourTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    analytics_net_hour: AnalyticsNetHourTable;
    analytics_net_day: AnalyticsNetDayTable;
    analytics_net_seen: AnalyticsNetSeenTable;
    analytics_client_day: AnalyticsClientDayTable;
    analytics_marks: AnalyticsMarkTable;
    analytics_tenant_hour: AnalyticsTenantHourTable;
    analytics_client_rank: AnalyticsClientRankTable;
    analytics_client_rank_state: AnalyticsClientRankStateTable;
    analytics_device_rank: AnalyticsDeviceRankTable;
    analytics_device_rank_state: AnalyticsClientRankStateTable;
  }
}
