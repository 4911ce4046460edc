/**
 * The table of messages to tenants. It is declared into the store's `Database` (platform/store/db.ts) below,
 * so queries anywhere see it while the platform imports no domain.
 */
import type { Generated, Selectable } from 'kysely';

/** A message to a tenant (spec §3). */
export interface MessageTable {
  id: string;
  tenant_id: string;
  /** 'system' | 'admin'. */
  type: string;
  /** System messages: the code of the contract's SYSTEM_MESSAGES and its values (JSON). */
  code: string | null;
  params: string | null;
  /** Administrator's messages: the text as written. */
  title: Generated<string>;
  content: Generated<string>;
  sender_id: string | null;
  created_at: number;
  read_at: number | null;
}

export type MessageRow = Selectable<MessageTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    messages: MessageTable;
  }
}
