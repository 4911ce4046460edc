/**
 * The tables of alarm settings, custom and limit alarms (`alarm_rules`) and alarms. Each is declared
 * into the store's `Database` (platform/store/db.ts) below, so queries anywhere see it while the
 * platform imports no domain.
 */
import type { Generated, Selectable } from 'kysely';

/** One alarm type's settings of a network (spec §3 Alarm settings). */
export interface AlarmSettingTable {
  network_id: string;
  /** AlarmType 1-21. */
  type: number;
  tenant_id: string;
  enable: number;
  threshold: number;
  level: number | null;
  /** JSON arrays: push methods, phone numbers, e-mail addresses. */
  push: string;
  phones: string;
  emails: string;
  /** Seconds the condition holds (is gone) before raising (clearing); 0: the type's default. */
  window_s: number;
  description: string;
  updated_at: number;
}

/** A custom alarm ('custom') or a limit alarm ('limit') of a network. */
export interface AlarmRuleTable {
  id: string;
  kind: 'custom' | 'limit';
  tenant_id: string;
  network_id: string;
  /** The alarm code its alarms carry: from 1000 (custom) or 2000 (limit), per network. */
  code: number;
  name: string;
  name_key: string;
  description: string;
  metric: string;
  /** 'gt' | 'lt' (limit alarms: 'gt'). */
  compare: string;
  threshold: number;
  /** Custom alarms: only devices of this type (0: all). */
  device_type: number;
  window_s: number;
  enable: number;
  level: number | null;
  push: string;
  phones: string;
  emails: string;
  created_at: number;
  updated_at: number;
}

/** An alarm the engine raised (open while cleared_at is null). */
export interface AlarmTable {
  id: string;
  tenant_id: string;
  network_id: string | null;
  network_name: string | null;
  device_id: string | null;
  sn: string | null;
  device_name: string | null;
  type: number;
  name_en: string;
  name_zh: string;
  subject: string;
  level: number;
  text_en: string;
  text_zh: string;
  /** `<device or network>:<code>:<subject>` while open, null once cleared (unique). */
  open_key: string | null;
  raised_at: number;
  cleared_at: number | null;
  handle: Generated<number>;
  handled_by: string | null;
  handled_by_name: string | null;
  handled_at: number | null;
  behind: Generated<number>;
  repeats: Generated<number>;
}

export type AlarmSettingRow = Selectable<AlarmSettingTable>;
export type AlarmRuleRow = Selectable<AlarmRuleTable>;
export type AlarmRow = Selectable<AlarmTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    alarm_settings: AlarmSettingTable;
    alarm_rules: AlarmRuleTable;
    alarms: AlarmTable;
  }
}
