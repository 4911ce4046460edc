/**
 * The log domain's tables (migrations/0021-log.ts, docs/logs.md): the audit log, device logs and the
 * retention per tenant. Times are Unix ms; flags 0/1.
 */
import type { Generated, Selectable } from 'kysely';

/** One state-changing call, once answered. Append-only: only the retention job deletes rows. */
export interface AuditLogTable {
  id: string;
  tenant_id: string | null;
  account_id: string | null;
  /** The account name (for a sign-in: the name tried). */
  account_name: string;
  role: number | null;
  address: string;
  method: string;
  /** The route's path pattern (`/v1/user/disabled/:id`), never the query. */
  path: string;
  code: number;
  module: string;
  object: string;
  /** 0 ok, else the error code answered. */
  outcome: number;
  level: number;
  source: number;
  created_at: number;
}

/** A device's log line (`kind` log) or event (`kind` event). */
export interface DeviceLogTable {
  id: string;
  tenant_id: string;
  device_id: string;
  sn: string;
  network_id: string | null;
  kind: string;
  level: number;
  severity: number | null;
  /** A line's subsystem or an event's type token. */
  module: string;
  /** The switch event type 1-7, else null. */
  type: number | null;
  port: number | null;
  active: number | null;
  code: string | null;
  text: string;
  /** 0 new, 1 handled (PUT /v1/log/updateLogList). */
  status: Generated<number>;
  created_at: number;
  received_at: number;
}

export interface LogSettingsTable {
  tenant_id: string;
  audit_days: number;
  device_days: number;
  updated_at: number;
}

export type AuditLogRow = Selectable<AuditLogTable>;
export type DeviceLogRow = Selectable<DeviceLogTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    audit_logs: AuditLogTable;
    device_logs: DeviceLogTable;
    log_settings: LogSettingsTable;
  }
}
