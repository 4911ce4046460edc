import { describe, expect, it } from 'vitest';
import type { DeviceConfig, DeviceItem } from '@netconsole/contract';
import { canRedeliver, configFlag, redeliveries, refText } from './config-state.ts';

const ref = (Profile: string, Revision: number, Name: string | null = 'Head office') => ({
  Profile,
  Name,
  Revision,
});
const config = (over: Partial<DeviceConfig> = {}): DeviceConfig => ({
  Running: null,
  Assigned: null,
  Latest: null,
  Drift: false,
  Outdated: false,
  ...over,
});
const device = (id: string, c: DeviceConfig): Pick<DeviceItem, '_id' | 'Config'> => ({ _id: id, Config: c });

describe('the Configuration cell', () => {
  it('flags drift before an update available, and nothing for a device in step', () => {
    expect(configFlag(config())).toBeNull();
    expect(configFlag(config({ Running: ref('p', 1), Assigned: ref('p', 1), Latest: 1 }))).toBeNull();
    expect(configFlag(config({ Assigned: ref('p', 1), Latest: 1, Drift: true }))).toBe('drift');
    expect(configFlag(config({ Assigned: ref('p', 1), Latest: 2, Outdated: true }))).toBe('outdated');
    expect(configFlag(config({ Assigned: ref('p', 1), Latest: 2, Drift: true, Outdated: true }))).toBe(
      'drift',
    );
  });

  it('writes a profile and revision, a removed profile by the word given', () => {
    expect(refText(ref('p', 3), '(deleted)')).toBe('Head office · r3');
    expect(refText(ref('p', 3, null), '(deleted)')).toBe('(deleted) · r3');
  });

  it('re-delivers only flagged devices whose profile still exists', () => {
    expect(canRedeliver(device('a', config({ Assigned: ref('p', 1), Latest: 1, Drift: true })))).toBe(true);
    expect(canRedeliver(device('a', config({ Assigned: ref('p', 1), Latest: 2, Outdated: true })))).toBe(
      true,
    );
    // In step: nothing to send.
    expect(
      canRedeliver(device('a', config({ Running: ref('p', 1), Assigned: ref('p', 1), Latest: 1 }))),
    ).toBe(false);
    // The profile is gone: nothing to send it from.
    expect(
      canRedeliver(device('a', config({ Assigned: ref('p', 1, null), Latest: null, Drift: true }))),
    ).toBe(false);
    // Never delivered to.
    expect(canRedeliver(device('a', config({ Running: ref('p', 1) })))).toBe(false);
  });

  it('groups a selection into one delivery per assigned profile, leaving out the others', () => {
    const drifted = config({ Assigned: ref('p', 1), Latest: 1, Drift: true });
    const other = config({ Assigned: ref('q', 2, 'Branch'), Latest: 3, Outdated: true });
    expect(
      redeliveries([device('a', drifted), device('b', config()), device('c', other), device('d', drifted)]),
    ).toEqual([
      { profile: 'p', name: 'Head office', devices: ['a', 'd'] },
      { profile: 'q', name: 'Branch', devices: ['c'] },
    ]);
    expect(redeliveries([device('b', config())])).toEqual([]);
  });
});
