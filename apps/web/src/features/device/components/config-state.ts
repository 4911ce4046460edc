import type { DeviceConfig, DeviceConfigRef, DeviceItem } from '@netconsole/contract';

/**
 * What the Configuration cell flags: drift (the device runs something else than it was given) before
 * an update available (the profile it was given was saved since); null when neither.
 */
export type ConfigFlag = 'drift' | 'outdated' | null;

export function configFlag(config: DeviceConfig): ConfigFlag {
  if (config.Drift) return 'drift';
  return config.Outdated ? 'outdated' : null;
}

/** A profile and revision as the cell writes it: "Head office · r3"; a removed profile by `gone`. */
export function refText(ref: DeviceConfigRef, gone: string): string {
  return `${ref.Name ?? gone} · r${ref.Revision}`;
}

/**
 * A re-delivery sends the assigned profile again, at its current revision: only for a device that
 * drifted or has an update, and whose profile still exists.
 */
export function canRedeliver(device: Pick<DeviceItem, 'Config'>): boolean {
  const c = device.Config;
  return c.Assigned !== null && c.Latest !== null && configFlag(c) !== null;
}

/** One delivery per assigned profile: the devices of a selection that can be re-delivered, grouped. */
export function redeliveries(
  devices: readonly Pick<DeviceItem, '_id' | 'Config'>[],
): { profile: string; name: string; devices: string[] }[] {
  const byProfile = new Map<string, { profile: string; name: string; devices: string[] }>();
  for (const d of devices) {
    if (!canRedeliver(d)) continue;
    const a = d.Config.Assigned!;
    const group = byProfile.get(a.Profile) ?? { profile: a.Profile, name: a.Name ?? '', devices: [] };
    group.devices.push(d._id);
    byProfile.set(a.Profile, group);
  }
  return [...byProfile.values()];
}
