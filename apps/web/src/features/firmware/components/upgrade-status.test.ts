import { describe, expect, it } from 'vitest';
import {
  FirmwareIssueStatus,
  type DeliveryDeviceItem,
  type DeliveryItem,
  type DeliveryLiveData,
  type ListReply,
} from '@netconsole/contract';
import {
  isUnknownCampaign,
  patchCampaigns as patchUpgrades,
  totalsOf,
} from '#shared/delivery/delivery-status.ts';
import { durationMs, outcomeKey, patchUpgradeDevices, targetFirmwareStatus } from './upgrade-status.ts';

const isUnknownUpgrade = (reply: ListReply<DeliveryItem> | undefined, data: DeliveryLiveData) =>
  isUnknownCampaign(reply, data, 'firmware');

const upgrade: DeliveryItem = {
  _id: 'u1',
  Kind: 'firmware',
  Profile: null,
  ProfileName: null,
  Revision: null,
  CreateTime: 1,
  EffectiveTime: null,
  ExpireTime: 2,
  Status: 'running',
  Staged: null,
  Total: 2,
  Succeeded: 0,
  Failed: 0,
  Pending: 2,
  Creator: 'me',
  CreatorName: 'me',
  Firmware: { _id: 'fw', Model: 'A1', HWVersion: 'HW1.0', FWVersion: 'v2.00.003' },
  Validity: 0,
  Window: null,
  Concurrency: null,
};
const device: DeliveryDeviceItem = {
  Delivery: 'u1',
  Kind: 'firmware',
  Profile: null,
  ProfileName: null,
  Revision: null,
  Device: 'd1',
  SN: 'AP1',
  Alias: 'ap1',
  Status: FirmwareIssueStatus.Issuing,
  State: 'sent',
  Stage: null,
  Code: null,
  Detail: null,
  UpdateTime: 1,
  Percent: null,
  StartTime: null,
  EndTime: null,
  FromVersion: 'v2.00.002',
  ToVersion: 'v2.00.003',
};
const list = <T>(...items: T[]): ListReply<T> => ({
  list: items,
  count: items.length,
  limit: 10,
  page: 1,
  sort: '',
});
const target = (over: Partial<Extract<DeliveryLiveData, { Event: 'target' }>>): DeliveryLiveData => ({
  Event: 'target',
  Campaign: 'u1',
  Device: 'd1',
  SN: 'AP1',
  Status: 'progress',
  Stage: 'downloading',
  Code: null,
  Detail: null,
  Percent: 40,
  ...over,
});

describe('firmware issue status of a target (spec §3: 1 applied, 2 apply failed, 3 issue failed, 4 issuing)', () => {
  it('follows the device only', () => {
    expect(targetFirmwareStatus('held', null)).toBe(FirmwareIssueStatus.Issuing);
    expect(targetFirmwareStatus('progress', 'rebooting')).toBe(FirmwareIssueStatus.Issuing);
    expect(targetFirmwareStatus('succeeded', null)).toBe(FirmwareIssueStatus.Applied);
    expect(targetFirmwareStatus('failed', 'verifying')).toBe(FirmwareIssueStatus.IssueFailed);
    expect(targetFirmwareStatus('failed', 'rebooting')).toBe(FirmwareIssueStatus.ApplyFailed);
    expect(targetFirmwareStatus('expired', null)).toBe(FirmwareIssueStatus.IssueFailed);
  });
});

describe('live messages over the lists', () => {
  it('move a device along with its download percent, then end it with its time', () => {
    const downloading = patchUpgradeDevices(list(device), target({}), 1000)!.list[0]!;
    expect(downloading).toMatchObject({
      State: 'progress',
      Stage: 'downloading',
      Percent: 40,
      StartTime: 1000,
    });
    const flashing = patchUpgradeDevices(
      list(downloading),
      target({ Stage: 'applying', Percent: null }),
      2000,
    )!.list[0]!;
    // No percent in the message: the last one stays.
    expect(flashing).toMatchObject({ Stage: 'applying', Percent: 40, StartTime: 1000, EndTime: null });
    const failed = patchUpgradeDevices(
      list(flashing),
      target({ Status: 'failed', Stage: 'rebooting', Code: 'version_mismatch', Percent: null }),
      5000,
    )!.list[0]!;
    expect(failed).toMatchObject({
      Status: FirmwareIssueStatus.ApplyFailed,
      Code: 'version_mismatch',
      EndTime: 5000,
    });
    expect(durationMs(failed)).toBe(4000);
    expect(outcomeKey(failed)).toBe('code.version_mismatch');
  });

  it('leave other upgrades alone and count a campaign', () => {
    const reply = list(device);
    expect(patchUpgradeDevices(reply, target({ Campaign: 'other' }))).toBe(reply);
    const counts = { succeeded: 1, failed: 1, held: 1 };
    expect(totalsOf(counts)).toEqual({ Total: 3, Succeeded: 1, Failed: 1, Pending: 1 });
    const campaign: DeliveryLiveData = {
      Event: 'campaign',
      Campaign: 'u1',
      Kind: 'firmware',
      Status: 'finished',
      Counts: counts,
    };
    expect(patchUpgrades(list(upgrade), campaign)!.list[0]).toMatchObject({
      Status: 'finished',
      Succeeded: 1,
    });
    expect(isUnknownUpgrade(list(upgrade), { ...campaign, Campaign: 'new' })).toBe(true);
    // A configuration delivery is not this list's.
    expect(isUnknownUpgrade(list(upgrade), { ...campaign, Campaign: 'new', Kind: 'config' })).toBe(false);
  });

  it('say where a device is, never a bare "failed"', () => {
    expect(outcomeKey({ State: 'held', Code: null, Stage: null })).toBe('state.held');
    expect(outcomeKey({ State: 'progress', Code: null, Stage: 'waiting' })).toBe('stage.waiting');
    expect(outcomeKey({ State: null, Code: null, Stage: null })).toBe('state.waiting');
    expect(outcomeKey({ State: 'failed', Code: 'md5_mismatch', Stage: 'verifying' })).toBe(
      'code.md5_mismatch',
    );
    expect(durationMs({ StartTime: null, EndTime: null })).toBeNull();
  });
});
