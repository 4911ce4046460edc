/**
 * The tables of clients, their connections, traffic and counts per device (docs/clients.md). Each is declared
 * into the store's `Database` (platform/store/db.ts) below, so queries anywhere see it while the platform
 * imports no domain.
 */
import type { Generated, Selectable } from 'kysely';

/** A client of a tenant's APs and routers, by MAC (docs/clients.md): its current state. */
export interface ClientTable {
  id: string;
  tenant_id: string;
  mac: string;
  ip: string | null;
  name: Generated<string>;
  alias: Generated<string>;
  /** 'online' | 'offline' | 'kicked'. */
  status: Generated<string>;
  device_id: string | null;
  device_sn: Generated<string>;
  device_type: number | null;
  ac_sn: string | null;
  link: Generated<number>;
  phy: string | null;
  ssid: string | null;
  band: string | null;
  channel: number | null;
  rssi: number | null;
  snr: number | null;
  /** Link rates, Mbit/s. */
  tx_link: number | null;
  rx_link: number | null;
  /** Bytes of the current (or last) connection. */
  tx_bytes: Generated<number>;
  rx_bytes: Generated<number>;
  /** Bytes per second between the last two snapshots. */
  tx_rate: Generated<number>;
  rx_rate: Generated<number>;
  port: number | null;
  vlan: number | null;
  authorized: number | null;
  connect_count: Generated<number>;
  /** Seconds online in the ended connections. */
  online_s: Generated<number>;
  session_id: string | null;
  session_start: number | null;
  first_seen: number;
  last_seen: number;
  cmd_id: string | null;
  cmd_kind: string | null;
  cmd_status: string | null;
  cmd_code: string | null;
  cmd_at: number | null;
}

/** The connect log: one row per connection of a client to a device. */
export interface ClientSessionTable {
  id: string;
  tenant_id: string;
  client_id: string;
  device_id: string | null;
  device_sn: string;
  link: number;
  ssid: string | null;
  band: string | null;
  start_at: number;
  /** When the connection was first written (null: before migration 0035). */
  logged_at: number | null;
  end_at: number | null;
  end_reason: string | null;
  tx_bytes: Generated<number>;
  rx_bytes: Generated<number>;
}

/** A client's traffic per hour (`hour` = start of the hour, Unix ms). */
export interface ClientFlowTable {
  client_id: string;
  tenant_id: string;
  hour: number;
  tx_bytes: Generated<number>;
  rx_bytes: Generated<number>;
}

/** A device's online clients, kept by the client tracker with the clients it writes (the dashboard's online users). */
export interface ClientCountTable {
  device_id: string;
  tenant_id: string;
  online: number;
}

export type ClientRow = Selectable<ClientTable>;
export type ClientSessionRow = Selectable<ClientSessionTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    clients: ClientTable;
    client_sessions: ClientSessionTable;
    client_flow: ClientFlowTable;
    client_counts: ClientCountTable;
  }
}
