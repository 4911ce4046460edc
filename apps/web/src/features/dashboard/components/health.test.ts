import { describe, expect, it } from 'vitest';
import { compareVersions, firmwareRatio, formatPercent, healthRatios, ratio } from './health.ts';

describe('health ratios', () => {
  it('are percentages to one decimal, none without a denominator', () => {
    expect(ratio(2, 3).percent).toBe(66.7);
    expect(formatPercent(ratio(1, 3))).toBe('33.3%');
    expect(formatPercent(ratio(3, 3))).toBe('100.0%');
    expect(ratio(0, 0).percent).toBeNull();
    expect(formatPercent(ratio(0, 0))).toBe('—');
  });

  it('take trusted over the registered devices, the rest over all', () => {
    const r = healthRatios({ Total: 8, Online: 6, Offline: 2, Useless: 0, Registered: 4, Trusted: 3 }, []);
    expect(r.online.percent).toBe(75);
    expect(r.registered.percent).toBe(50);
    expect(r.trusted).toMatchObject({ part: 3, whole: 4, percent: 75 });
    expect(r.firmware?.percent).toBeNull();
    expect(
      healthRatios({ Total: 1, Online: 1, Offline: 0, Useless: 0, Registered: 1, Trusted: 1 }, undefined)
        .firmware,
    ).toBeNull();
  });

  it('count a device current when it runs the newest version seen for its model', () => {
    const r = firmwareRatio([
      { Model: 'A1', FWVersion: 'v2.00.002' },
      { Model: 'A1', FWVersion: 'v2.10.001' },
      { Model: 'A1', FWVersion: 'v2.9.9' },
      { Model: 'B2', FWVersion: 'v1.02.005' },
      // Unknown model or version: left out of both sides.
      { Model: '', FWVersion: 'v1' },
      { Model: 'C1', FWVersion: '' },
    ]);
    expect(r).toEqual({ part: 2, whole: 4, percent: 50 });
  });

  it('compare versions by their numbers', () => {
    expect(compareVersions('v2.10.001', 'v2.9.9')).toBeGreaterThan(0);
    expect(compareVersions('v1.02.005', 'v1.2.5')).not.toBe(0);
    expect(compareVersions('v1.0', 'v1.0.1')).toBeLessThan(0);
    expect(compareVersions('v3.01.004', 'v3.01.004')).toBe(0);
  });
});
