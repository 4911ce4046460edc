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

/** A client connected at a network's devices at some time of one of the network's local days. */
export interface AnalyticsNetUserTable {
  tenant_id: string;
  network_id: string;
  /** The network's midnight starting that day, ms. */
  day: number;
  client_id: string;
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

/** How far each roll-up went: 'traffic', 'users' and 'clients' (`done_until`, ms, an hour's start). */
export interface AnalyticsMarkTable {
  name: string;
  done_until: number;
}

export type AnalyticsNetHourRow = Selectable<AnalyticsNetHourTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    analytics_net_hour: AnalyticsNetHourTable;
    analytics_net_users: AnalyticsNetUserTable;
    analytics_client_day: AnalyticsClientDayTable;
    analytics_marks: AnalyticsMarkTable;
  }
}
