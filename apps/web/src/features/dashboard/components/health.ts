import { compareFirmwareVersions, type DeviceCountReply } from '@netconsole/contract';

/**
 * The dashboard's health ratios (spec §9: to one decimal): online = online / all devices;
 * registered = registered / all; trusted = trusted / registered; firmware = devices running the
 * newest known version of their model and hardware version / devices with a model and a firmware
 * version. "Newest known" is the library's: the newest of the images of that model and hardware
 * and of the versions its devices run (compareFirmwareVersions), so the tile and /fwconf/info
 * count the same devices as behind (apps/web/README.md).
 */
export interface Ratio {
  part: number;
  whole: number;
  /** Percent to one decimal; null when there is nothing to divide by. */
  percent: number | null;
}

export function ratio(part: number, whole: number): Ratio {
  return { part, whole, percent: whole > 0 ? Math.round((part / whole) * 1000) / 10 : null };
}

export function formatPercent(r: Ratio): string {
  return r.percent === null ? '—' : `${r.percent.toFixed(1)}%`;
}

/** What the firmware ratio reads of a device or an image. */
export interface Versioned {
  Model: string;
  HWVersion: string;
  FWVersion: string;
}

const keyOf = (v: Versioned) => `${v.Model}\u0000${v.HWVersion}`;

export function firmwareRatio(devices: readonly Versioned[], images: readonly Versioned[] = []): Ratio {
  const known = devices.filter((d) => d.Model.trim() !== '' && d.FWVersion.trim() !== '');
  const newest = new Map<string, string>();
  for (const v of [...known, ...images]) {
    const seen = newest.get(keyOf(v));
    if (seen === undefined || compareFirmwareVersions(v.FWVersion, seen) > 0)
      newest.set(keyOf(v), v.FWVersion);
  }
  const current = known.filter(
    (d) => compareFirmwareVersions(d.FWVersion, newest.get(keyOf(d))!) === 0,
  ).length;
  return ratio(current, known.length);
}

export interface HealthRatios {
  online: Ratio;
  firmware: Ratio | null;
  registered: Ratio;
  trusted: Ratio;
}

export function healthRatios(
  counts: DeviceCountReply,
  devices: readonly Versioned[] | undefined,
  /** The library's images; absent (not loaded, or not readable): the devices' versions alone. */
  images?: readonly Versioned[],
): HealthRatios {
  return {
    online: ratio(counts.Online, counts.Total),
    firmware: devices ? firmwareRatio(devices, images) : null,
    registered: ratio(counts.Registered, counts.Total),
    trusted: ratio(counts.Trusted, counts.Registered),
  };
}
