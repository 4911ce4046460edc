/**
 * The tables of device samples and their roll-ups (docs/telemetry.md). Each is declared into the store's
 * `Database` (platform/store/db.ts) below, so queries anywhere see it while the platform imports no domain.
 */
import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * One span of a device's samples (telemetry_5m, _1h, _1d; docs/telemetry.md): sums, counts and
 * highs, so several rows of one span merge by addition. Averages are sum / count.
 */
export interface TelemetrySeriesTable {
  device_id: string;
  /** The device's tenant when the samples were taken; null: no tenant (unregistered). */
  tenant_id: string | null;
  type: number | null;
  /** Start of the span, ms. */
  bucket: number;
  /** Stats samples. */
  n: number;
  cpu_sum: Generated<number>;
  cpu_n: Generated<number>;
  cpu_max: number | null;
  mem_sum: Generated<number>;
  mem_n: Generated<number>;
  mem_max: number | null;
  temp_sum: Generated<number>;
  temp_n: Generated<number>;
  temp_max: number | null;
  /** Bytes moved in the measured intervals, and those intervals' length in seconds. */
  rx_bytes: Generated<number>;
  tx_bytes: Generated<number>;
  span_s: Generated<number>;
  /** Bytes/s of the fastest interval. */
  rx_rate_max: number | null;
  tx_rate_max: number | null;
  clients_sum: Generated<number>;
  clients_max: number | null;
  /** W. */
  poe_used_sum: Generated<number>;
  poe_n: Generated<number>;
  poe_used_max: number | null;
  poe_budget: number | null;
}

/** The last stats, state and port table of a device (JSON where it is a table). */
export interface TelemetryLatestTable {
  device_id: string;
  tenant_id: string | null;
  stats_at: number | null;
  cpu_pct: number | null;
  mem_pct: number | null;
  mem_total_kb: number | null;
  temp_c: number | null;
  clients: number | null;
  poe_budget_w: number | null;
  poe_used_w: number | null;
  rx_rate: number | null;
  tx_rate: number | null;
  uptime_s: number | null;
  radio_stats: string | null;
  state_at: number | null;
  state: string | null;
  ports_at: number | null;
  ports: string | null;
  /** The ingest's open span and counter mark (JSON), read back after a restart (docs/telemetry.md). */
  carry: Generated<string | null>;
}

export interface TelemetryRollupTable {
  /** '1h' or '1d'. */
  res: string;
  done_until: number;
}

/**
 * The fleet's figures of one hour for one tenant (docs/telemetry.md, "Fleet hours"), written with
 * the hour roll-up so that reclcount and reapcount read a row per tenant and hour.
 */
export interface TelemetryFleetHourTable {
  /** The devices' tenant when they reported; null: unregistered devices. */
  tenant_id: string | null;
  /** Start of the hour, ms. */
  bucket: number;
  /** Each device's average clients over the hour, summed; controllers left out. */
  clients: number;
  /** Access points (type 2) that reported in the hour. */
  aps: number;
}

/**
 * A network's gateways' or access points' uplink bytes in one 5-minute span (docs/telemetry.md,
 * "Network spans"): written with the devices' rows, by the network each device was in then.
 */
export interface TelemetryNetSpanTable {
  /** Start of the span, ms. */
  bucket: number;
  network_id: string;
  /** 4: gateways (routers), 2: access points. */
  type: number;
  tenant_id: string;
  tx_bytes: number;
  rx_bytes: number;
}

export type SeriesRow = Insertable<TelemetrySeriesTable>;
export type NetSpanRow = Insertable<TelemetryNetSpanTable>;
export type LatestRow = Selectable<TelemetryLatestTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    telemetry_5m: TelemetrySeriesTable;
    telemetry_1h: TelemetrySeriesTable;
    telemetry_1d: TelemetrySeriesTable;
    telemetry_fleet_1h: TelemetryFleetHourTable;
    telemetry_net_5m: TelemetryNetSpanTable;
    telemetry_latest: TelemetryLatestTable;
    telemetry_rollups: TelemetryRollupTable;
  }
}
