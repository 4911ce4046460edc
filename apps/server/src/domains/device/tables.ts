/**
 * The tables of devices and their commands. Each is declared into the store's `Database`
 * (platform/store/db.ts) below, so queries anywhere see it while the platform imports no domain.
 */
import type { Generated, GeneratedAlways, Selectable } from 'kysely';

/** A device: registration columns (tenant side) and the facts its messages reported (gateway). */
export interface DeviceTable {
  id: string;
  sn: string;
  /** null: connected but registered by no tenant. */
  tenant_id: string | null;
  /** The MAC the tenant registered ('' while unregistered). */
  mac: Generated<string>;
  alias: Generated<string>;
  registered: Generated<number>;
  /** Network id (issue 5). */
  parent: string | null;
  is_main: Generated<number>;
  registered_at: number | null;
  created_at: number;
  updated_at: number;
  type: number | null;
  model: Generated<string>;
  hw_version: Generated<string>;
  fw_version: Generated<string>;
  /** The main MAC the device's hello reported ('' before the first hello). */
  hello_mac: Generated<string>;
  /**
   * lower(SN, alias, MAC, reported MAC), newline-separated: what the device search looks in. The
   * store keeps it (a generated column on PostgreSQL, triggers on SQLite); never written here.
   */
  search_key: GeneratedAlways<string>;
  trusted: Generated<number>;
  /** 'Online' | 'Offline' | 'Useless' (spec §3 status list). */
  status: Generated<string>;
  online: Generated<number>;
  session: string | null;
  boot_id: string | null;
  online_at: number | null;
  offline_at: number | null;
  offline_reason: string | null;
  last_seen_at: number | null;
  stats_interval_s: Generated<number>;
  /** JSON array of the command kinds of the last hello. */
  capabilities: string | null;
  ac_sn: string | null;
  ip: string | null;
  mask: string | null;
  gateway: string | null;
  dns1: string | null;
  dns2: string | null;
  public_ip: string | null;
  uptime_s: Generated<number>;
  tx_bytes: Generated<number>;
  rx_bytes: Generated<number>;
  /** Bytes per second, from the last two stats. */
  tx_rate: Generated<number>;
  rx_rate: Generated<number>;
  cpu_pct: number | null;
  mem_pct: number | null;
  /** The configuration the device reports in force (`state.config`); null before any or after a reset. */
  config_id: Generated<string | null>;
  config_revision: Generated<number | null>;
  /** The profile and revision the latest successful delivery gave it (docs/configuration.md). */
  assigned_config_id: Generated<string | null>;
  assigned_revision: Generated<number | null>;
  /** JSON TelemetrySettings of that profile, sent in every welcome; null: the protocol's defaults. */
  telemetry: Generated<string | null>;
}

export interface DeviceCommandTable {
  id: string;
  device_id: string;
  tenant_id: string | null;
  sn: string;
  kind: string;
  /** JSON of the command's own fields (e.g. delayS). */
  body: Generated<string>;
  /** CommandStatus of the contract. */
  status: Generated<string>;
  stage: string | null;
  percent: number | null;
  code: string | null;
  detail: string | null;
  /** JSON of a succeeded report's result. */
  result: string | null;
  issued_by: string | null;
  issued_at: number;
  expires_at: number;
  sent_at: number | null;
  send_count: Generated<number>;
  reported_at: number | null;
  finished_at: number | null;
}

export type DeviceRow = Selectable<DeviceTable>;
export type CommandRow = Selectable<DeviceCommandTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    devices: DeviceTable;
    device_commands: DeviceCommandTable;
  }
}
