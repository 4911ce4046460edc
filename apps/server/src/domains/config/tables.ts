/**
 * The tables of configuration profiles and their versions (spec §3 Config; docs/configuration.md).
 * Each is declared into the store's `Database` (platform/store/db.ts) below, so queries anywhere see
 * it while the platform imports no domain.
 */
import type { Selectable } from 'kysely';

/** A tenant's configuration profile for one device type: what a delivery sends to its devices. */
export interface ConfigProfileTable {
  id: string;
  tenant_id: string;
  /** DeviceType of the contract: 2 AP, 3 switch, 4 router (CONFIG_TYPES). */
  device_type: number;
  /**
   * The access controller (its device id) whose APs the profile is for (the `ac` calls); '' for the
   * tenant's own profiles. '' rather than null so that the unique name index covers both kinds on
   * PostgreSQL too, where nulls never collide.
   */
  controller_id: string;
  /** 'settings' (delivered inline) or 'file' (a vendor file the device downloads). */
  source: string;
  name: string;
  /** Trimmed, lower-cased name: unique per tenant, device type and controller. */
  name_key: string;
  description: string;
  /** The report timer, seconds (the contract's CYCLE_TIME). */
  cycle_time: number;
  /** JSON of the profile's sections (StoredProfileBody in service.ts), secrets included: never sent out whole. */
  body: string;
  /** Grows by one with every saved change; the version rows keep each one. */
  revision: number;
  created_by: string;
  created_at: number;
  updated_by: string;
  updated_at: number;
}

/**
 * One saved version of a profile: written with the profile in one transaction on every create and
 * change, never changed afterwards, and kept when the profile is deleted (what was delivered stays
 * readable: a delivery names a profile and a revision).
 */
export interface ConfigVersionTable {
  id: string;
  tenant_id: string;
  /** No foreign key: the versions outlive their profile. */
  profile_id: string;
  revision: number;
  /** 'created' | 'updated' | 'deleted' (the last holds the body as it was). */
  action: string;
  name: string;
  description: string;
  cycle_time: number;
  body: string;
  /** JSON array of the top-level fields that differ from the revision before (empty on create). */
  changes: string;
  /** Who saved it: the account's id and its name at the time (the history shows the name). */
  user_id: string;
  user_name: string;
  created_at: number;
}

export type ConfigProfileRow = Selectable<ConfigProfileTable>;
export type ConfigVersionRow = Selectable<ConfigVersionTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    config_profiles: ConfigProfileTable;
    config_versions: ConfigVersionTable;
  }
}
