/**
 * Table types. Times are Unix milliseconds (int8 on PostgreSQL, integer on SQLite); flags are
 * 0/1 integers so one set of queries serves both engines.
 */
import type { Generated, GeneratedAlways } from 'kysely';

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
  /**
   * lower(SN, alias, MAC, reported MAC), newline-separated: what the device search looks in. The
   * store keeps it (a generated column on PostgreSQL, triggers on SQLite); never written here.
   */
  search_key: GeneratedAlways<string>;
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

/**
 * One span of a device's samples (telemetry_5m, _1h, _1d; docs/telemetry.md): sums, counts and
 * highs, so several rows of one span merge by addition. Averages are sum / count.
 */
export interface TelemetrySeriesTable {
  device_id: string;
  /** The device's tenant when the samples were taken; null: no tenant (unregistered). */
  tenant_id: string | null;
  type: number | null;
  /** Start of the span, ms. */
  bucket: number;
  /** Stats samples. */
  n: number;
  cpu_sum: Generated<number>;
  cpu_n: Generated<number>;
  cpu_max: number | null;
  mem_sum: Generated<number>;
  mem_n: Generated<number>;
  mem_max: number | null;
  temp_sum: Generated<number>;
  temp_n: Generated<number>;
  temp_max: number | null;
  /** Bytes moved in the measured intervals, and those intervals' length in seconds. */
  rx_bytes: Generated<number>;
  tx_bytes: Generated<number>;
  span_s: Generated<number>;
  /** Bytes/s of the fastest interval. */
  rx_rate_max: number | null;
  tx_rate_max: number | null;
  clients_sum: Generated<number>;
  clients_max: number | null;
  /** W. */
  poe_used_sum: Generated<number>;
  poe_n: Generated<number>;
  poe_used_max: number | null;
  poe_budget: number | null;
}

/** The last stats, state and port table of a device (JSON where it is a table). */
export interface TelemetryLatestTable {
  device_id: string;
  tenant_id: string | null;
  stats_at: number | null;
  cpu_pct: number | null;
  mem_pct: number | null;
  mem_total_kb: number | null;
  temp_c: number | null;
  clients: number | null;
  poe_budget_w: number | null;
  poe_used_w: number | null;
  rx_rate: number | null;
  tx_rate: number | null;
  uptime_s: number | null;
  radio_stats: string | null;
  state_at: number | null;
  state: string | null;
  ports_at: number | null;
  ports: string | null;
  /** The ingest's open span and counter mark (JSON), read back after a restart (docs/telemetry.md). */
  carry: Generated<string | null>;
}

export interface TelemetryRollupTable {
  /** '1h' or '1d'. */
  res: string;
  done_until: number;
}

/** A tenant's site (spec §3 Network). */
export interface NetworkTable {
  id: string;
  tenant_id: string;
  name: string;
  /** Trimmed, lower-cased name: unique per tenant. */
  name_key: string;
  type: Generated<string>;
  longitude: number;
  latitude: number;
  address: Generated<string>;
  logo_path: string | null;
  created_at: number;
  updated_at: number;
}

/** A device's online clients, kept by the client tracker with the clients it writes (the dashboard's online users). */
export interface ClientCountTable {
  device_id: string;
  tenant_id: string;
  online: number;
}

/** A client of a tenant's APs and routers, by MAC (docs/clients.md): its current state. */
export interface ClientTable {
  id: string;
  tenant_id: string;
  mac: string;
  ip: string | null;
  name: Generated<string>;
  alias: Generated<string>;
  /** 'online' | 'offline' | 'kicked'. */
  status: Generated<string>;
  device_id: string | null;
  device_sn: Generated<string>;
  device_type: number | null;
  ac_sn: string | null;
  link: Generated<number>;
  phy: string | null;
  ssid: string | null;
  band: string | null;
  channel: number | null;
  rssi: number | null;
  snr: number | null;
  /** Link rates, Mbit/s. */
  tx_link: number | null;
  rx_link: number | null;
  /** Bytes of the current (or last) connection. */
  tx_bytes: Generated<number>;
  rx_bytes: Generated<number>;
  /** Bytes per second between the last two snapshots. */
  tx_rate: Generated<number>;
  rx_rate: Generated<number>;
  port: number | null;
  vlan: number | null;
  authorized: number | null;
  connect_count: Generated<number>;
  /** Seconds online in the ended connections. */
  online_s: Generated<number>;
  session_id: string | null;
  session_start: number | null;
  first_seen: number;
  last_seen: number;
  cmd_id: string | null;
  cmd_kind: string | null;
  cmd_status: string | null;
  cmd_code: string | null;
  cmd_at: number | null;
}

/** The connect log: one row per connection of a client to a device. */
export interface ClientSessionTable {
  id: string;
  tenant_id: string;
  client_id: string;
  device_id: string | null;
  device_sn: string;
  link: number;
  ssid: string | null;
  band: string | null;
  start_at: number;
  end_at: number | null;
  end_reason: string | null;
  tx_bytes: Generated<number>;
  rx_bytes: Generated<number>;
}

/** A client's traffic per hour (`hour` = start of the hour, Unix ms). */
export interface ClientFlowTable {
  client_id: string;
  tenant_id: string;
  hour: number;
  tx_bytes: Generated<number>;
  rx_bytes: Generated<number>;
}

/** A device's latest LLDP neighbours (JSON of the protocol's entries). */
export interface DeviceLldpTable {
  device_id: string;
  tenant_id: string | null;
  neighbors: string;
  updated_at: number;
}

/** A network's topology while it lasted (spec §3 history record). */
export interface TopologySnapshotTable {
  id: string;
  tenant_id: string;
  network_id: string;
  created_at: number;
  /** null: in force. */
  ended_at: number | null;
  hash: string;
  /** JSON of the tree (domains/topology/tree.ts). */
  tree: string;
}

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

/** An entry of a network's log (the dashboard's network log). */
export interface NetworkLogTable {
  id: string;
  tenant_id: string;
  network_id: string;
  /** NETWORK_LOG_TEXTS of the contract. */
  code: string;
  /** JSON of the text's values. */
  params: string;
  created_at: number;
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
  clients: ClientTable;
  client_counts: ClientCountTable;
  client_sessions: ClientSessionTable;
  client_flow: ClientFlowTable;
  networks: NetworkTable;
  device_lldp: DeviceLldpTable;
  topology_snapshots: TopologySnapshotTable;
  messages: MessageTable;
  network_logs: NetworkLogTable;
  telemetry_5m: TelemetrySeriesTable;
  telemetry_1h: TelemetrySeriesTable;
  telemetry_1d: TelemetrySeriesTable;
  telemetry_latest: TelemetryLatestTable;
  telemetry_rollups: TelemetryRollupTable;
}
