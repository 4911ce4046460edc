/**
 * Table types. Times are Unix milliseconds (int8 on PostgreSQL, integer on SQLite); flags are
 * 0/1 integers so one set of queries serves both engines.
 */
import type { Generated } from 'kysely';

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

export interface HelpWordTable {
  name: string;
  lang: string;
  contents: string;
  owner: string;
  updated_at: number;
}

export interface AppReleaseTable {
  id: string;
  platform: string;
  version: string;
  url: string;
  notes: string;
  active: number;
  created_at: number;
}

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

export interface OutboxTable {
  id: string;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
}

/** A device: registration columns (tenant side) and the facts its messages reported (gateway). */
export interface DeviceTable {
  id: string;
  sn: string;
  /** null: connected but registered by no tenant. */
  tenant_id: string | null;
  /** The MAC the tenant registered ('' while unregistered). */
  mac: Generated<string>;
  alias: Generated<string>;
  registered: Generated<number>;
  /** Network id (issue 5). */
  parent: string | null;
  is_main: Generated<number>;
  registered_at: number | null;
  created_at: number;
  updated_at: number;
  type: number | null;
  model: Generated<string>;
  hw_version: Generated<string>;
  fw_version: Generated<string>;
  /** The main MAC the device's hello reported ('' before the first hello). */
  hello_mac: Generated<string>;
  trusted: Generated<number>;
  /** 'Online' | 'Offline' | 'Useless' (spec §3 status list). */
  status: Generated<string>;
  online: Generated<number>;
  session: string | null;
  boot_id: string | null;
  online_at: number | null;
  offline_at: number | null;
  offline_reason: string | null;
  last_seen_at: number | null;
  stats_interval_s: Generated<number>;
  /** JSON array of the command kinds of the last hello. */
  capabilities: string | null;
  ac_sn: string | null;
  ip: string | null;
  mask: string | null;
  gateway: string | null;
  dns1: string | null;
  dns2: string | null;
  public_ip: string | null;
  uptime_s: Generated<number>;
  tx_bytes: Generated<number>;
  rx_bytes: Generated<number>;
  /** Bytes per second, from the last two stats. */
  tx_rate: Generated<number>;
  rx_rate: Generated<number>;
  cpu_pct: number | null;
  mem_pct: number | null;
}

export interface DeviceCommandTable {
  id: string;
  device_id: string;
  tenant_id: string | null;
  sn: string;
  kind: string;
  /** JSON of the command's own fields (e.g. delayS). */
  body: Generated<string>;
  /** CommandStatus of the contract. */
  status: Generated<string>;
  stage: string | null;
  percent: number | null;
  code: string | null;
  detail: string | null;
  /** JSON of a succeeded report's result. */
  result: string | null;
  issued_by: string | null;
  issued_at: number;
  expires_at: number;
  sent_at: number | null;
  send_count: Generated<number>;
  reported_at: number | null;
  finished_at: number | null;
}

export interface Database {
  tenants: TenantTable;
  users: UserTable;
  sessions: SessionTable;
  login_failures: LoginFailureTable;
  help_words: HelpWordTable;
  app_releases: AppReleaseTable;
  verification_codes: VerificationCodeTable;
  send_events: SendEventTable;
  outbox: OutboxTable;
  devices: DeviceTable;
  device_commands: DeviceCommandTable;
}
