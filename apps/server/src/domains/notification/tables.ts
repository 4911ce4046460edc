/**
 * The tables of notifications (docs/notifications.md): webhooks, accounts' WeChat and app
 * bindings, maintenance windows, the queue of alarm changes waiting for their digest, and the
 * record of every send. Declared into the store's `Database` (platform/store/db.ts) below.
 */
import type { Selectable } from 'kysely';

export interface WebhookTable {
  id: string;
  tenant_id: string;
  name: string;
  url: string;
  /** The signing secret (whsec_…), shown once when made. */
  secret: string;
  enabled: number;
  /** Alarm levels sent, comma-separated ("1,2,3"). */
  levels: string;
  created_at: number;
  updated_at: number;
}

export interface BindingTable {
  id: string;
  tenant_id: string;
  user_id: string;
  /** 'wechat' (openid) | 'app' (FCM registration token). */
  channel: string;
  address: string;
  label: string;
  created_at: number;
}

export interface MaintenanceTable {
  id: string;
  tenant_id: string;
  network_id: string;
  start_at: number;
  end_at: number;
  reason: string;
  /** Ended early at; null otherwise. */
  ended_at: number | null;
  creator_name: string;
  created_at: number;
}

export interface QueueTable {
  id: string;
  tenant_id: string;
  /** '' for an alarm of no network. */
  network_id: string;
  alarm_id: string;
  /** 'raised' | 'cleared'. */
  event: string;
  level: number;
  /** The AlarmNotice without its scope (JSON). */
  notice: string;
  /** Raised or cleared inside a maintenance window. */
  muted: number;
  /** The end of the digest window it belongs to. */
  batch_at: number;
  received_at: number;
  done_at: number | null;
}

export interface RecordTable {
  id: string;
  tenant_id: string;
  network_id: string | null;
  network_name: string | null;
  channel: string;
  /** 'digest' | 'note'. */
  kind: string;
  /** The full address (e-mail, phone, openid, token, webhook URL); masked when listed. */
  recipient: string;
  /** What lists show for webhooks and bindings (the webhook's name, the binding's label). */
  label: string;
  /** The webhook or binding sent to, if any. */
  target_id: string | null;
  /** JSON array of alarm ids (at most 100). */
  alarm_ids: string;
  alarm_count: number;
  subject: string;
  /** The text sent (a webhook: its JSON body). */
  body: string;
  status: string;
  reason: string | null;
  attempts: number;
  created_at: number;
  sent_at: number | null;
}

export type WebhookRow = Selectable<WebhookTable>;
export type BindingRow = Selectable<BindingTable>;
export type MaintenanceRow = Selectable<MaintenanceTable>;
export type QueueRow = Selectable<QueueTable>;
export type RecordRow = Selectable<RecordTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    notification_webhooks: WebhookTable;
    notification_bindings: BindingTable;
    maintenance_windows: MaintenanceTable;
    notification_queue: QueueTable;
    notification_records: RecordTable;
  }
}
