/**
 * Rules both ends must compute the same way: the quality of a diagnosis, the console's delivery
 * status from a device's reports, and which events feed the switch event log and the alarms.
 */
import {
  AlarmType,
  ConfigIssueStatus,
  FirmwareIssueStatus,
  NetworkQuality,
  ResultCode,
  SwitchEventType,
} from '../enums.ts';
import type { ReportState } from './acks.ts';
import type { DeviceEventType } from './up.ts';

/** Network quality from loss and average round trip (doc §Diagnosis). */
export const QUALITY_THRESHOLDS = {
  excellent: { maxLossPct: 0, maxRttMs: 50 },
  good: { maxLossPct: 5, maxRttMs: 150 },
} as const;

export function networkQualityOf(received: number, lossPct: number, rttAvgMs: number | null): NetworkQuality {
  if (received <= 0 || rttAvgMs === null) return NetworkQuality.Interrupt;
  const { excellent, good } = QUALITY_THRESHOLDS;
  if (lossPct <= excellent.maxLossPct && rttAvgMs <= excellent.maxRttMs) return NetworkQuality.Excellent;
  if (lossPct <= good.maxLossPct && rttAvgMs <= good.maxRttMs) return NetworkQuality.Good;
  return NetworkQuality.Poor;
}

/** 2 no result when nothing could be sent, 1 pass when anything answered, else 0 fail. */
export function resultCodeOf(sent: number, received: number): ResultCode {
  if (sent <= 0) return ResultCode.NoResult;
  return received > 0 ? ResultCode.Pass : ResultCode.Fail;
}

/** The latest report the server holds for a command, or null before the first one. */
export interface LastReport {
  state: ReportState;
  stage?: string;
}

/** Stages after which a failure means the device could not apply what it had received intact. */
const APPLY_STAGES: ReadonlySet<string> = new Set(['applying', 'rebooting']);
const TRANSFER_STAGES: ReadonlySet<string> = new Set(['downloading', 'verifying']);

/**
 * The console's firmware delivery status. `timedOut`: the command expired undelivered, or no
 * terminal report came in time after the last one.
 */
export function firmwareIssueStatusOf(last: LastReport | null, timedOut = false): FirmwareIssueStatus {
  if (last?.state === 'succeeded') return FirmwareIssueStatus.Applied;
  if (last?.state === 'failed' || last?.state === 'rejected' || timedOut) {
    const stage = last?.state === 'rejected' ? undefined : last?.stage;
    return stage !== undefined && APPLY_STAGES.has(stage)
      ? FirmwareIssueStatus.ApplyFailed
      : FirmwareIssueStatus.IssueFailed;
  }
  return FirmwareIssueStatus.Issuing;
}

/** The console's configuration delivery status, with the same inputs. */
export function configIssueStatusOf(last: LastReport | null, timedOut = false): ConfigIssueStatus {
  if (last?.state === 'succeeded') return ConfigIssueStatus.Success;
  if (last?.state === 'failed' || last?.state === 'rejected' || timedOut) {
    const stage = last?.state === 'rejected' ? undefined : last?.stage;
    if (stage !== undefined && APPLY_STAGES.has(stage)) return ConfigIssueStatus.ApplyFailed;
    if (stage !== undefined && TRANSFER_STAGES.has(stage)) return ConfigIssueStatus.DownloadFailed;
    return ConfigIssueStatus.Failed;
  }
  return ConfigIssueStatus.Issuing;
}

/** Events that are entries of a switch's event log (spec §3, types 1-7). */
export const EVENT_SWITCH_TYPE: Readonly<Partial<Record<DeviceEventType, SwitchEventType>>> = {
  system: SwitchEventType.System,
  stp: SwitchEventType.Stp,
  reboot_completed: SwitchEventType.RebootCompleted,
  port_down: SwitchEventType.PortLinkDown,
  port_up: SwitchEventType.PortLinkUp,
  loop: SwitchEventType.LoopStatus,
  config_error: SwitchEventType.CfgSetError,
};

/** Events that raise (active true) or clear (active false) an alarm. Port down/up pairs make a link flap. */
export const EVENT_ALARM_TYPE: Readonly<Partial<Record<DeviceEventType, AlarmType>>> = {
  loop: AlarmType.SwitchLoop,
  poe: AlarmType.Poe,
  network_loop: AlarmType.NetworkLoop,
  dhcp_server: AlarmType.DhcpServer,
  link: AlarmType.Link,
  pppoe: AlarmType.Pppoe,
  vpn: AlarmType.Vpn,
  dhcp_pool: AlarmType.DhcpPool,
  port_down: AlarmType.PortLinkDownUp,
  port_up: AlarmType.PortLinkDownUp,
};
