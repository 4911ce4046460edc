/**
 * The table of tenants. It is declared into the store's `Database` (platform/store/db.ts) below, so queries
 * anywhere see it while the platform imports no domain.
 */
import type { Selectable } from 'kysely';

export interface TenantTable {
  id: string;
  name: string;
  status: number;
  phone: string;
  email: string;
  op_certified: number;
  op_analysis: number;
  op_financial: number;
  op_adduser: number;
  level: number;
  service_start: number | null;
  service_end: number | null;
  /** Percent off the list price for devices, SMS packages and cloud service (0-100). */
  discount_device: number;
  discount_sms: number;
  discount_cloud: number;
  logo_path: string | null;
  created_at: number;
  updated_at: number;
}

export type TenantRow = Selectable<TenantTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    tenants: TenantTable;
  }
}
