/**
 * The delivery engine's tables (migrations/0016-delivery.ts, docs/delivery.md): a campaign sends one
 * command kind to many devices; each target row follows its device's command. Times are Unix ms.
 */
import type { Generated, Selectable } from 'kysely';
import type { DeliveryStatus } from '@netconsole/contract';

/**
 * DeliveryStatus of the contract: scheduled (before its effective time), running, then finished
 * (every target ended), cancelled (by a user), stopped (the staged rule) or expired (targets still
 * open at the expiry).
 */
export type CampaignStatus = DeliveryStatus;

/**
 * A target's status: `pending` (not issued yet: waiting for its turn or its share), `issuing` (claimed,
 * the command being stored), then its command's status (CommandStatus of the contract: held, sent,
 * accepted, progress, succeeded, failed, rejected, expired, timed_out, cancelled), copied from the
 * command row whenever it changes. `expired` and `cancelled` are also what a target that never got
 * a command ends as (code `not_started`, `stopped` for the staged rule).
 */
export type TargetStatus =
  | 'pending'
  | 'issuing'
  | 'held'
  | 'sent'
  | 'accepted'
  | 'progress'
  | 'succeeded'
  | 'failed'
  | 'rejected'
  | 'expired'
  | 'timed_out'
  | 'cancelled';

export interface DeliveryCampaignTable {
  id: string;
  /** The tenant whose devices it targets; null for an administrator's campaign. */
  tenant_id: string | null;
  /** The command kind (apply_config, upgrade_firmware, run_diagnosis, reset). */
  kind: string;
  /** What it delivers, for the lists: a profile id and revision, a firmware id … */
  ref_id: string | null;
  ref_revision: number | null;
  ref_name: string | null;
  /** JSON: the command body most targets get (a target's own body overrides it). */
  body: string;
  created_by: string | null;
  created_at: number;
  effective_at: number;
  expires_at: number;
  status: CampaignStatus;
  /** At most this many targets in flight at once; null: no limit. */
  concurrency: number | null;
  /** Firmware: spec §3 issue validity (0 permanent, 1 from a time, 2 a period); null for other kinds (0019). */
  validity: number | null;
  /** Staged: the first share (percent of the targets) and the failure share that stops the rest. */
  first_percent: number | null;
  max_fail_percent: number | null;
  /** Why it ended early: `cancelled`, `fail_threshold`. */
  stop_reason: string | null;
  ended_by: string | null;
  /** When the last target ended. */
  finished_at: number | null;
  updated_at: number;
  /** The node stepping the campaign now, until when (a lease), and the requests for a step. */
  step_node: Generated<string | null>;
  step_until: Generated<number | null>;
  pokes: Generated<number>;
}

export interface DeliveryTargetTable {
  campaign_id: string;
  device_id: string;
  tenant_id: string | null;
  sn: string;
  /** 1: the first share of a staged campaign (every target of an unstaged one); 2: the rest. */
  wave: number;
  /** Issue order within the campaign (online devices first, then by SN). */
  position: number;
  status: TargetStatus;
  /** The command's last reported stage, reason code and the device's own text. */
  stage: string | null;
  code: string | null;
  detail: string | null;
  percent: number | null;
  /** JSON of the command body when it differs from the campaign's. */
  body: string | null;
  command_id: string | null;
  /** Commands issued for this target (a retry after `busy` or `interrupted` issues another). */
  attempts: Generated<number>;
  updated_at: number;
  finished_at: number | null;
  /** The device's first report on its command (migration 0019): with finished_at, its duration. */
  started_at: number | null;
  /** Firmware: the version the device ran when the campaign started (0019); null for other kinds. */
  from_version: string | null;
}

export type CampaignRow = Selectable<DeliveryCampaignTable>;
export type TargetRow = Selectable<DeliveryTargetTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    delivery_campaigns: DeliveryCampaignTable;
    delivery_targets: DeliveryTargetTable;
  }
}
