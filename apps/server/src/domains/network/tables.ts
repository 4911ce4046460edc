/**
 * The tables of networks (sites) and their log. Each is declared into the store's `Database`
 * (platform/store/db.ts) below, so queries anywhere see it while the platform imports no domain.
 */
import type { Generated, Selectable } from 'kysely';

/** A tenant's site (spec §3 Network). */
export interface NetworkTable {
  id: string;
  tenant_id: string;
  name: string;
  /** Trimmed, lower-cased name: unique per tenant. */
  name_key: string;
  type: Generated<string>;
  longitude: number;
  latitude: number;
  address: Generated<string>;
  logo_path: string | null;
  /** IANA zone of the site's clock (firmware maintenance windows); null: the server's (0020). */
  time_zone: string | null;
  created_at: number;
  updated_at: number;
}

/** An entry of a network's log (the dashboard's network log). */
export interface NetworkLogTable {
  id: string;
  tenant_id: string;
  network_id: string;
  /** NETWORK_LOG_TEXTS of the contract. */
  code: string;
  /** JSON of the text's values. */
  params: string;
  created_at: number;
}

export type NetworkRow = Selectable<NetworkTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    networks: NetworkTable;
    network_logs: NetworkLogTable;
  }
}
