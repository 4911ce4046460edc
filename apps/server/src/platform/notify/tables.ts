/**
 * The table of the outbox (mail and SMS kept instead of sent). It is declared into the store's `Database`
 * (platform/store/db.ts) below, so queries anywhere see it while the platform imports no domain.
 */
import type { Selectable } from 'kysely';

export interface OutboxTable {
  id: string;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
}

export type OutboxRow = Selectable<OutboxTable>;

declare module '../store/db.ts' {
  interface Database {
    outbox: OutboxTable;
  }
}
