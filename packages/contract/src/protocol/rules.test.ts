import { describe, expect, it } from 'vitest';
import { AlarmType, ConfigIssueStatus, FirmwareIssueStatus, NetworkQuality, ResultCode } from '../enums.ts';
import { COMMAND_STAGES } from './acks.ts';
import { EXAMPLES } from './examples.ts';
import {
  EVENT_ALARM_TYPE,
  EVENT_SWITCH_TYPE,
  configIssueStatusOf,
  firmwareIssueStatusOf,
  networkQualityOf,
  resultCodeOf,
} from './rules.ts';
import { DEVICE_EVENT_TYPES } from './up.ts';

describe('diagnosis rules', () => {
  it('grade network quality', () => {
    expect(networkQualityOf(0, 100, null)).toBe(NetworkQuality.Interrupt);
    expect(networkQualityOf(10, 0, 50)).toBe(NetworkQuality.Excellent);
    expect(networkQualityOf(10, 0, 51)).toBe(NetworkQuality.Good);
    expect(networkQualityOf(10, 5, 150)).toBe(NetworkQuality.Good);
    expect(networkQualityOf(10, 5.1, 20)).toBe(NetworkQuality.Poor);
    expect(networkQualityOf(10, 0, 151)).toBe(NetworkQuality.Poor);
  });

  it('give the result code', () => {
    expect(resultCodeOf(0, 0)).toBe(ResultCode.NoResult);
    expect(resultCodeOf(4, 0)).toBe(ResultCode.Fail);
    expect(resultCodeOf(4, 1)).toBe(ResultCode.Pass);
  });

  it('agree with every diagnosis result of the examples', () => {
    type R = {
      sent: number;
      received: number;
      lossPct: number;
      rttAvgMs: number | null;
      code: number;
      quality: number;
    };
    const results: R[] = [];
    for (const e of EXAMPLES) {
      const result = (e.message as { result?: R & { results?: R[] } }).result;
      if (e.message.cmd !== 'run_diagnosis' || !result) continue;
      if (result.results) results.push(...result.results);
      else results.push(result);
    }
    expect(results.length).toBeGreaterThan(2);
    for (const r of results) {
      expect(r.code).toBe(resultCodeOf(r.sent, r.received));
      expect(r.quality).toBe(networkQualityOf(r.received, r.lossPct, r.rttAvgMs));
    }
  });
});

describe('delivery status', () => {
  it('of firmware follows the device reports', () => {
    expect(firmwareIssueStatusOf(null)).toBe(FirmwareIssueStatus.Issuing);
    expect(firmwareIssueStatusOf({ state: 'accepted' })).toBe(FirmwareIssueStatus.Issuing);
    expect(firmwareIssueStatusOf({ state: 'progress', stage: 'downloading' })).toBe(
      FirmwareIssueStatus.Issuing,
    );
    expect(firmwareIssueStatusOf({ state: 'succeeded' })).toBe(FirmwareIssueStatus.Applied);
    expect(firmwareIssueStatusOf({ state: 'rejected' })).toBe(FirmwareIssueStatus.IssueFailed);
    expect(firmwareIssueStatusOf({ state: 'failed', stage: 'downloading' })).toBe(
      FirmwareIssueStatus.IssueFailed,
    );
    expect(firmwareIssueStatusOf({ state: 'failed', stage: 'verifying' })).toBe(
      FirmwareIssueStatus.IssueFailed,
    );
    expect(firmwareIssueStatusOf({ state: 'failed', stage: 'applying' })).toBe(
      FirmwareIssueStatus.ApplyFailed,
    );
    expect(firmwareIssueStatusOf({ state: 'failed', stage: 'rebooting' })).toBe(
      FirmwareIssueStatus.ApplyFailed,
    );
    expect(firmwareIssueStatusOf({ state: 'failed' })).toBe(FirmwareIssueStatus.IssueFailed);
    expect(firmwareIssueStatusOf(null, true)).toBe(FirmwareIssueStatus.IssueFailed);
    expect(firmwareIssueStatusOf({ state: 'progress', stage: 'rebooting' }, true)).toBe(
      FirmwareIssueStatus.ApplyFailed,
    );
  });

  it('of configuration follows the device reports', () => {
    expect(configIssueStatusOf(null)).toBe(ConfigIssueStatus.Issuing);
    expect(configIssueStatusOf({ state: 'progress', stage: 'applying' })).toBe(ConfigIssueStatus.Issuing);
    expect(configIssueStatusOf({ state: 'succeeded' })).toBe(ConfigIssueStatus.Success);
    expect(configIssueStatusOf({ state: 'failed', stage: 'applying' })).toBe(ConfigIssueStatus.ApplyFailed);
    expect(configIssueStatusOf({ state: 'failed', stage: 'downloading' })).toBe(
      ConfigIssueStatus.DownloadFailed,
    );
    expect(configIssueStatusOf({ state: 'failed', stage: 'verifying' })).toBe(
      ConfigIssueStatus.DownloadFailed,
    );
    expect(configIssueStatusOf({ state: 'failed' })).toBe(ConfigIssueStatus.Failed);
    expect(configIssueStatusOf({ state: 'rejected' })).toBe(ConfigIssueStatus.Failed);
    expect(configIssueStatusOf(null, true)).toBe(ConfigIssueStatus.Failed);
    expect(configIssueStatusOf({ state: 'progress', stage: 'downloading' }, true)).toBe(
      ConfigIssueStatus.DownloadFailed,
    );
  });

  it('uses stages the commands define', () => {
    expect(COMMAND_STAGES.upgrade_firmware).toEqual([
      'downloading',
      'verifying',
      'waiting',
      'applying',
      'rebooting',
    ]);
    expect(COMMAND_STAGES.apply_config).toEqual(['downloading', 'verifying', 'applying', 'rebooting']);
  });

  it('reads a failure while waiting for the window like one at verifying: the old image still runs', () => {
    expect(firmwareIssueStatusOf({ state: 'failed', stage: 'waiting' })).toBe(
      FirmwareIssueStatus.IssueFailed,
    );
    expect(firmwareIssueStatusOf({ state: 'progress', stage: 'waiting' })).toBe(FirmwareIssueStatus.Issuing);
    expect(firmwareIssueStatusOf({ state: 'progress', stage: 'waiting' }, true)).toBe(
      FirmwareIssueStatus.IssueFailed,
    );
  });
});

describe('event maps', () => {
  it('give the seven switch event types to seven events', () => {
    expect(Object.values(EVENT_SWITCH_TYPE).sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('name only known events', () => {
    for (const type of [...Object.keys(EVENT_SWITCH_TYPE), ...Object.keys(EVENT_ALARM_TYPE)]) {
      expect(DEVICE_EVENT_TYPES).toContain(type);
    }
    expect(EVENT_ALARM_TYPE.loop).toBe(AlarmType.SwitchLoop);
  });
});
