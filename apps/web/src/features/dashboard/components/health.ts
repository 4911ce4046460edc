import type { DeviceCountReply } from '@netconsole/contract';

/**
 * The dashboard's health ratios (spec §9: to one decimal): online = online / all devices;
 * registered = registered / all; trusted = trusted / registered; firmware = devices running the
 * newest firmware seen among the devices of their model / devices with a model and a firmware
 * version (apps/web/README.md).
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

/** Compares firmware versions by their numbers (v2.10.001 > v2.9.9); equal numbers by text. */
export function compareVersions(a: string, b: string): number {
  const na = a.match(/\d+/g)?.map(Number) ?? [];
  const nb = b.match(/\d+/g)?.map(Number) ?? [];
  for (let i = 0; i < Math.max(na.length, nb.length); i++) {
    const d = (na[i] ?? -1) - (nb[i] ?? -1);
    if (d !== 0) return d;
  }
  return a.localeCompare(b);
}

export function firmwareRatio(devices: readonly { Model: string; FWVersion: string }[]): Ratio {
  const known = devices.filter((d) => d.Model.trim() !== '' && d.FWVersion.trim() !== '');
  const newest = new Map<string, string>();
  for (const d of known) {
    const seen = newest.get(d.Model);
    if (seen === undefined || compareVersions(d.FWVersion, seen) > 0) newest.set(d.Model, d.FWVersion);
  }
  const current = known.filter((d) => compareVersions(d.FWVersion, newest.get(d.Model)!) === 0).length;
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
  devices: readonly { Model: string; FWVersion: string }[] | undefined,
): HealthRatios {
  return {
    online: ratio(counts.Online, counts.Total),
    firmware: devices ? firmwareRatio(devices) : null,
    registered: ratio(counts.Registered, counts.Total),
    trusted: ratio(counts.Trusted, counts.Registered),
  };
}
