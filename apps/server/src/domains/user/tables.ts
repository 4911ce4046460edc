/**
 * The tables of accounts, their sessions and failed sign-ins. Each is declared into the store's `Database`
 * (platform/store/db.ts) below, so queries anywhere see it while the platform imports no domain.
 */
import type { Selectable } from 'kysely';

export interface UserTable {
  id: string;
  tenant_id: string | null;
  username: string;
  name: string;
  role: number;
  type: number;
  password_hash: string | null;
  email: string;
  phone: string;
  status: number;
  op_certified: number;
  op_analysis: number;
  op_financial: number;
  timeout_minutes: number;
  language: string;
  online: number;
  last_login_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface SessionTable {
  id: string;
  token_hash: string;
  user_id: string;
  tenant_id: string | null;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  ended_at: number | null;
  end_reason: string | null;
  address: string;
  user_agent: string;
}

export interface LoginFailureTable {
  key: string;
  failures: number;
  first_failure_at: number;
  last_failure_at: number;
  locked_until: number | null;
}

export type UserRow = Selectable<UserTable>;
export type SessionRow = Selectable<SessionTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    users: UserTable;
    sessions: SessionTable;
    login_failures: LoginFailureTable;
  }
}
