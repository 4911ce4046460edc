import { describe, expect, it } from 'vitest';
import {
  ConfigIssueStatus,
  type DeliveryDeviceItem,
  type DeliveryItem,
  type DeliveryLiveData,
  type ListReply,
} from '@netconsole/contract';
import { outcomeKey, patchDeliveryDevices, progressOf, targetIssueStatus } from './delivery-status.ts';
import {
  isCancellable,
  isUnknownCampaign as isUnknownDelivery,
  patchCampaigns as patchDeliveries,
  totalsOf,
} from '#shared/delivery/delivery-status.ts';

const item: DeliveryItem = {
  _id: 'c1',
  Kind: 'config',
  Profile: 'p1',
  ProfileName: 'Office',
  Revision: 3,
  CreateTime: 1,
  EffectiveTime: null,
  ExpireTime: 2,
  Status: 'running',
  Staged: null,
  Total: 2,
  Succeeded: 0,
  Failed: 0,
  Pending: 2,
  Creator: 'u1',
  CreatorName: 'owner1',
  Firmware: null,
  Validity: null,
  Window: null,
  Concurrency: null,
};

const row: DeliveryDeviceItem = {
  Delivery: 'c1',
  Kind: 'config',
  Profile: 'p1',
  ProfileName: 'Office',
  Revision: 3,
  Device: 'd1',
  SN: 'AP1',
  Alias: 'lobby',
  Status: ConfigIssueStatus.Issuing,
  State: 'sent',
  Stage: null,
  Code: null,
  Detail: null,
  UpdateTime: 1,
  Percent: null,
  StartTime: null,
  EndTime: null,
  FromVersion: null,
  ToVersion: null,
};

const list = <T>(rows: T[]): ListReply<T> => ({
  list: rows,
  count: rows.length,
  limit: 10,
  page: 1,
  sort: null,
});

describe('targetIssueStatus: the table of docs/delivery.md', () => {
  it.each([
    ['pending', null, ConfigIssueStatus.Issuing],
    ['issuing', null, ConfigIssueStatus.Issuing],
    ['held', null, ConfigIssueStatus.Issuing],
    ['sent', null, ConfigIssueStatus.Issuing],
    ['accepted', null, ConfigIssueStatus.Issuing],
    ['progress', 'downloading', ConfigIssueStatus.Issuing],
    ['progress', 'applying', ConfigIssueStatus.Issuing],
    ['succeeded', null, ConfigIssueStatus.Success],
    ['failed', 'downloading', ConfigIssueStatus.DownloadFailed],
    ['failed', 'verifying', ConfigIssueStatus.DownloadFailed],
    ['failed', 'applying', ConfigIssueStatus.ApplyFailed],
    ['failed', 'rebooting', ConfigIssueStatus.ApplyFailed],
    ['failed', null, ConfigIssueStatus.Failed],
    ['rejected', null, ConfigIssueStatus.Failed],
    ['expired', null, ConfigIssueStatus.Failed],
    ['expired', 'downloading', ConfigIssueStatus.DownloadFailed],
    ['timed_out', 'applying', ConfigIssueStatus.ApplyFailed],
    ['cancelled', null, ConfigIssueStatus.Failed],
  ] as const)('%s at %s is %i', (status, stage, expected) => {
    expect(targetIssueStatus(status, stage)).toBe(expected);
  });
});

describe('progress', () => {
  it('counts what is open as pending, what ended otherwise than succeeded as failed', () => {
    expect(
      totalsOf({ succeeded: 3, held: 1, pending: 2, progress: 1, rejected: 1, failed: 1, cancelled: 1 }),
    ).toEqual({ Total: 10, Succeeded: 3, Failed: 3, Pending: 4 });
    expect(totalsOf({})).toEqual({ Total: 0, Succeeded: 0, Failed: 0, Pending: 0 });
  });

  it('gives "n of N confirmed" and the failed share in whole percent', () => {
    expect(progressOf({ Total: 3, Succeeded: 1, Failed: 1 })).toEqual({
      confirmed: 1,
      failed: 1,
      total: 3,
      confirmedPercent: 33,
      failedPercent: 33,
    });
    expect(progressOf({ Total: 0, Succeeded: 0, Failed: 0 }).confirmedPercent).toBe(0);
  });

  it('lets a user cancel only what has not ended', () => {
    expect(isCancellable('scheduled')).toBe(true);
    expect(isCancellable('running')).toBe(true);
    for (const s of ['finished', 'stopped', 'cancelled', 'expired'] as const)
      expect(isCancellable(s)).toBe(false);
  });
});

describe('live messages over the lists', () => {
  const campaign: DeliveryLiveData = {
    Event: 'campaign',
    Campaign: 'c1',
    Kind: 'apply_config',
    Status: 'finished',
    Counts: { succeeded: 2 },
  };
  const target: DeliveryLiveData = {
    Event: 'target',
    Campaign: 'c1',
    Device: 'd1',
    SN: 'AP1',
    Status: 'failed',
    Stage: 'applying',
    Code: 'connectivity_lost',
    Detail: 'gateway unreachable after apply',
  };

  it('a campaign message sets the status and totals of its row', () => {
    const reply = list([item, { ...item, _id: 'c2' }]);
    const next = patchDeliveries(reply, campaign)!;
    expect(next.list[0]).toMatchObject({ Status: 'finished', Total: 2, Succeeded: 2, Pending: 0, Failed: 0 });
    expect(next.list[1]).toBe(reply.list[1]);
  });

  it('leaves a list without the delivery as it is, and says it lacks it', () => {
    const reply = list([{ ...item, _id: 'other' }]);
    expect(patchDeliveries(reply, campaign)).toBe(reply);
    expect(patchDeliveries(reply, target)).toBe(reply);
    expect(isUnknownDelivery(reply, campaign)).toBe(true);
    expect(isUnknownDelivery(list([item]), campaign)).toBe(false);
    expect(isUnknownDelivery(reply, target)).toBe(false);
  });

  it('a target message gives its device row the status, stage and the device’s own text', () => {
    const reply = list([row, { ...row, Device: 'd2', SN: 'AP2' }]);
    const next = patchDeliveryDevices(reply, target, 42)!;
    expect(next.list[0]).toMatchObject({
      Status: ConfigIssueStatus.ApplyFailed,
      State: 'failed',
      Stage: 'applying',
      Code: 'connectivity_lost',
      Detail: 'gateway unreachable after apply',
      UpdateTime: 42,
    });
    expect(next.list[1]).toBe(reply.list[1]);
    expect(patchDeliveryDevices(reply, { ...target, Campaign: 'c2' })).toBe(reply);
    expect(patchDeliveryDevices(reply, { ...target, Status: 'pending' })!.list[0]!.State).toBeNull();
  });
});

describe('outcomeKey: never a bare "failed"', () => {
  it('names the reason code first, then the state or stage', () => {
    expect(outcomeKey({ State: 'failed', Code: 'connectivity_lost', Stage: 'applying' })).toBe(
      'code.connectivity_lost',
    );
    expect(outcomeKey({ State: 'rejected', Code: 'config_invalid', Stage: null })).toBe(
      'code.config_invalid',
    );
    expect(outcomeKey({ State: 'held', Code: null, Stage: null })).toBe('state.held');
    expect(outcomeKey({ State: 'progress', Code: null, Stage: 'downloading' })).toBe('stage.downloading');
    expect(outcomeKey({ State: null, Code: null, Stage: null })).toBe('state.waiting');
    expect(outcomeKey({ State: 'expired', Code: null, Stage: null })).toBe('state.expired');
    expect(outcomeKey({ State: 'succeeded', Code: null, Stage: null })).toBeNull();
  });
});
