import { describe, expect, it } from 'vitest';
import { firmwareRatio, formatPercent, healthRatios, ratio } from './health.ts';

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

  it('count a device current when it runs the newest version known for its model and hardware', () => {
    const r = firmwareRatio([
      { Model: 'A1', HWVersion: 'HW1.0', FWVersion: 'v2.00.002' },
      { Model: 'A1', HWVersion: 'HW1.0', FWVersion: 'v2.10.001' },
      { Model: 'A1', HWVersion: 'HW1.0', FWVersion: 'v2.9.009' },
      // Another hardware version of the same model has its own newest.
      { Model: 'A1', HWVersion: 'HW2.0', FWVersion: 'v1.00.001' },
      { Model: 'B2', HWVersion: 'HW1.0', FWVersion: 'v1.02.005' },
      // Unknown model or version: left out of both sides.
      { Model: '', HWVersion: 'HW1.0', FWVersion: 'v1' },
      { Model: 'C1', HWVersion: 'HW1.0', FWVersion: '' },
    ]);
    expect(r).toEqual({ part: 3, whole: 5, percent: 60 });
  });

  it("take the library's images into the newest known version", () => {
    const devices = [
      { Model: 'A1', HWVersion: 'HW1.0', FWVersion: 'v2.00.002' },
      { Model: 'A1', HWVersion: 'HW1.0', FWVersion: 'v2.00.002' },
      { Model: 'B1', HWVersion: 'HW1.0', FWVersion: 'v1.00.001' },
    ];
    // Without images every device runs the newest its kind shows.
    expect(firmwareRatio(devices).percent).toBe(100);
    const images = [
      // A newer image of A1 HW1.0 puts both A1 behind; an older one of B1 changes nothing.
      { Model: 'A1', HWVersion: 'HW1.0', FWVersion: 'v2.00.003' },
      { Model: 'B1', HWVersion: 'HW1.0', FWVersion: 'v0.09.001' },
      // An image of a hardware version no device has counts for nobody.
      { Model: 'B1', HWVersion: 'HW9.0', FWVersion: 'v9.00.000' },
    ];
    expect(firmwareRatio(devices, images)).toEqual({ part: 1, whole: 3, percent: 33.3 });
    const counts = { Total: 3, Online: 3, Offline: 0, Useless: 0, Registered: 3, Trusted: 3 };
    expect(healthRatios(counts, devices, images).firmware?.part).toBe(1);
    expect(healthRatios(counts, devices, undefined).firmware?.part).toBe(3);
  });
});
