/**
 * The table of mobile app releases. It is declared into the store's `Database` (platform/store/db.ts) below,
 * so queries anywhere see it while the platform imports no domain.
 */
import type { Selectable } from 'kysely';

export interface AppReleaseTable {
  id: string;
  platform: string;
  version: string;
  url: string;
  notes: string;
  active: number;
  created_at: number;
}

export type ReleaseRow = Selectable<AppReleaseTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    app_releases: AppReleaseTable;
  }
}
