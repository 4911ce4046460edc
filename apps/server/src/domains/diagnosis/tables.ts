/**
 * The diagnosis tables (docs/diagnosis.md), declared into the store's `Database`: runs, each
 * device's result of a run, and the per-target points the records' chart reads.
 */
import type { Selectable } from 'kysely';

export interface DiagnosisRunTable {
  id: string;
  /** null: the administrator's. */
  tenant_id: string | null;
  /** 'network' | 'portal'. */
  kind: string;
  /** 1 ping, 2 MTR. */
  type: number;
  /** JSON string[]: the ping targets (a portal diagnosis: the hosts of its URL and servers). */
  targets: string;
  count: number;
  size: number;
  portal_url: string | null;
  /** JSON RadiusServer[]. */
  radius: string;
  /** The run_diagnosis command's body as issued (JSON): how a command row is matched to its run. */
  body: string;
  /** 'running' | 'ended'. */
  status: string;
  creator_id: string | null;
  creator_name: string | null;
  timer_id: string | null;
  timer_name: string | null;
  /** The delivery campaign that sends the commands. */
  campaign_id: string | null;
  created_at: number;
  ended_at: number | null;
  devices: number;
  passed: number;
  failed: number;
  no_result: number;
}

export interface DiagnosisResultTable {
  id: string;
  run_id: string;
  tenant_id: string | null;
  device_id: string;
  sn: string;
  device_name: string;
  network_id: string | null;
  network_name: string | null;
  command_id: string | null;
  status: string;
  percent: number;
  /** ResultCode over the targets and checks; null while running. */
  result: number | null;
  /** The worst NetworkQuality of the targets; null while running or without target results. */
  quality: number | null;
  /** JSON TargetResultItem[]. */
  results: string;
  /** JSON ServiceCheckResultItem[]. */
  checks: string;
  error: string | null;
  created_at: number;
  updated_at: number;
}

export interface DiagnosisPointTable {
  result_id: string;
  target: string;
  run_id: string;
  tenant_id: string | null;
  device_id: string;
  timer_id: string | null;
  at: number;
  code: number;
  quality: number;
  loss: number;
  min: number | null;
  avg: number | null;
  max: number | null;
}

export type DiagnosisRunRow = Selectable<DiagnosisRunTable>;
export type DiagnosisResultRow = Selectable<DiagnosisResultTable>;
export type DiagnosisPointRow = Selectable<DiagnosisPointTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    diagnosis_runs: DiagnosisRunTable;
    diagnosis_results: DiagnosisResultTable;
    diagnosis_points: DiagnosisPointTable;
  }
}
