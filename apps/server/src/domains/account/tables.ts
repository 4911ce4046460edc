/**
 * The tables of verification codes and the sends counted for their rate limits. Each is declared into the
 * store's `Database` (platform/store/db.ts) below, so queries anywhere see it while the platform imports no
 * domain.
 */
import type { Selectable } from 'kysely';

export interface VerificationCodeTable {
  id: string;
  /** 'email' | 'phone' | 'forgot' | 'ticket' */
  purpose: string;
  /** The address or phone (stored form) the code was sent to. */
  target: string;
  user_id: string;
  secret_hash: string;
  attempts: number;
  created_at: number;
  expires_at: number;
  /** Set when used, superseded or spent by wrong tries. */
  used_at: number | null;
}

export interface SendEventTable {
  key: string;
  sent_at: number;
}

export type CodeRow = Selectable<VerificationCodeTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    verification_codes: VerificationCodeTable;
    send_events: SendEventTable;
  }
}
