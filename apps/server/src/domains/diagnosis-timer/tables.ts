/**
 * The timers' table (migration 0025), declared into the store's `Database` (platform/store/db.ts)
 * so queries anywhere see it while the platform imports no domain.
 */
import type { Selectable } from 'kysely';

/** A recurring diagnosis at a time of day, or one of a tenant's two built-in timed tasks. */
export interface DiagnosisTimerTable {
  id: string;
  tenant_id: string;
  /** 'OnTimerPortalCheck' | 'OnTimerNetworkCheck'; null: a user's timer. */
  builtin: string | null;
  name: string;
  descr: string;
  hour: number;
  minute: number;
  second: number;
  /** 0 disabled, 1 enabled. */
  status: number;
  time_zone: string;
  /** 'network' | 'portal'. */
  kind: string;
  /** 1 ping, 2 MTR. */
  type: number;
  /** JSON string[]: device _ids (built-ins: [], chosen when they fire). */
  devices: string;
  /** JSON string[]. */
  targets: string;
  count: number;
  size: number;
  portal_url: string | null;
  /** JSON { Host, AuthPort, AcctPort }[]. */
  radius: string;
  /** The slot of the pending firing (Unix ms); null when disabled. */
  next_run: number | null;
  last_run: number | null;
  last_run_id: string | null;
  /** The catalogue code that refused the last firing; null when it dispatched. */
  last_error: number | null;
  creator_id: string | null;
  creator_name: string | null;
  created_at: number;
  updated_at: number;
}

export type DiagnosisTimerRow = Selectable<DiagnosisTimerTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    diagnosis_timers: DiagnosisTimerTable;
  }
}
