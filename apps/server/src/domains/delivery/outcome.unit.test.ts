import { describe, expect, it } from 'vitest';
import type { ConfigIssueStatus, FirmwareIssueStatus } from '@netconsole/contract';
import { configStatusOfTarget, firmwareStatusOfTarget, issueStatusOf } from './outcome.ts';
import type { TargetStatus } from './tables.ts';

describe('issue statuses of targets (docs/delivery.md, protocol §11.3)', () => {
  const cases: [TargetStatus, string | null, ConfigIssueStatus, FirmwareIssueStatus][] = [
    ['pending', null, 4, 4],
    ['issuing', null, 4, 4],
    ['held', null, 4, 4],
    ['sent', null, 4, 4],
    ['accepted', null, 4, 4],
    ['progress', 'downloading', 4, 4],
    ['succeeded', null, 1, 1],
    ['failed', 'downloading', 3, 3],
    ['failed', 'verifying', 3, 3],
    ['failed', 'applying', 2, 2],
    ['failed', 'rebooting', 2, 2],
    ['failed', null, 0, 3],
    ['rejected', null, 0, 3],
    ['expired', null, 0, 3],
    ['timed_out', 'applying', 2, 2],
    ['timed_out', 'downloading', 3, 3],
    ['cancelled', null, 0, 3],
  ];
  it.each(cases)('%s at %s: configuration %i, firmware %i', (status, stage, config, firmware) => {
    expect(configStatusOfTarget(status, stage)).toBe(config);
    expect(firmwareStatusOfTarget(status, stage)).toBe(firmware);
    expect(issueStatusOf('apply_config', status, stage)).toBe(config);
    expect(issueStatusOf('upgrade_firmware', status, stage)).toBe(firmware);
    expect(issueStatusOf('reset', status, stage)).toBeNull();
  });

  it('reads firmware waiting for its window as issuing, and its end there as issue failed (the old image runs)', () => {
    expect(firmwareStatusOfTarget('progress', 'waiting')).toBe(4);
    expect(firmwareStatusOfTarget('failed', 'waiting')).toBe(3);
    expect(firmwareStatusOfTarget('cancelled', 'waiting')).toBe(3);
    expect(firmwareStatusOfTarget('timed_out', 'waiting')).toBe(3);
    // The server's version check fails a silent fall-back at rebooting: apply failed.
    expect(firmwareStatusOfTarget('failed', 'rebooting')).toBe(2);
  });
});
