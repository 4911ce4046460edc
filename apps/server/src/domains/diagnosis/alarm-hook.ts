/**
 * Alarms from diagnoses (issue 18, docs/diagnosis.md "Alarms"): each ended device result of a run a
 * timer started tells, per target, whether the network quality is bad (1 poor or 0 interrupt:
 * raise the packet-loss alarm, type 12) or good again (2 good, 3 excellent: clear it). A target
 * with no result (code 2: could not resolve or send) tells nothing. The alarm domain listens to
 * `diagnosis.quality` and feeds its engine (the subject is the target, so the alarm reads "… on
 * www.baidu.com" and the next good run of a timer with that target clears it).
 */
import { AlarmType, NetworkQuality, ResultCode, type TargetResultItem } from '@netconsole/contract';
import type { DiagnosisResultRow, DiagnosisRunRow } from './tables.ts';

export interface DiagnosisQualityNotice {
  tenantId: string | null;
  deviceId: string;
  sn: string;
  networkId: string | null;
  runId: string;
  timerId: string;
  timerName: string | null;
  /** The alarm type to raise or clear: packet loss. */
  alarmType: typeof AlarmType.PacketLoss;
  /** The alarm's subject: the target. */
  target: string;
  quality: number;
  lossPct: number;
  /** true: raise (poor, interrupt); false: clear (good, excellent). */
  bad: boolean;
  at: number;
}

declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** A timed diagnosis's quality of one target from one device (alarm-hook.ts). */
    'diagnosis.quality': DiagnosisQualityNotice;
  }
}

export function qualityNotices(
  run: DiagnosisRunRow,
  r: DiagnosisResultRow,
  targets: readonly TargetResultItem[],
): DiagnosisQualityNotice[] {
  if (!run.timer_id) return [];
  return targets
    .filter((t) => t.Code !== ResultCode.NoResult)
    .map((t) => ({
      tenantId: r.tenant_id,
      deviceId: r.device_id,
      sn: r.sn,
      networkId: r.network_id,
      runId: run.id,
      timerId: run.timer_id!,
      timerName: run.timer_name,
      alarmType: AlarmType.PacketLoss,
      target: t.Target,
      quality: t.Quality,
      lossPct: t.Loss,
      bad: t.Quality <= NetworkQuality.Poor,
      at: Number(r.updated_at),
    }));
}
