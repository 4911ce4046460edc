/**
 * The arithmetic of `npm run bench:alarms`: which alarm is which (the dark switches' own, offline
 * alarms suppression should have held back, others), and each expected alarm's delay from the last
 * will of its switch and APs to when an observer saw it. Pure functions.
 */
import { AlarmType, type AlarmItem } from '@netconsole/contract';
import { quantile } from '../support/cli.ts';
import type { Outage } from './plan.ts';
import type { Sighting } from './watch.ts';

export interface Spread {
  n: number;
  p50: number;
  p95: number;
  max: number;
}

export function spread(values: readonly number[]): Spread {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, p50: quantile(s, 0.5), p95: quantile(s, 0.95), max: s.at(-1) ?? NaN };
}

/** The alarms raised since the outage, sorted out. */
export interface Sorted {
  /** A dark switch's offline alarm, with its outage. */
  expected: { sighting: Sighting; outage: Outage }[];
  /** Offline alarms of the dark devices that are not a switch's (suppression missed them). */
  unsuppressed: Sighting[];
  /** "All devices offline" of a hit network (its router stays up: not expected). */
  wholeNetwork: Sighting[];
  /** Every other alarm (other devices, other types: the fleet's own noise), by type. */
  others: Map<number, number>;
}

export function sortAlarms(
  sightings: readonly Sighting[],
  outages: readonly Outage[],
  hitNetworks: ReadonlySet<string>,
): Sorted {
  const bySwitch = new Map(outages.map((o) => [o.switchSn, o]));
  const dark = new Set(outages.flatMap((o) => o.apSns));
  const out: Sorted = { expected: [], unsuppressed: [], wholeNetwork: [], others: new Map() };
  for (const s of sightings) {
    const a = s.item;
    const outage = a.SN ? bySwitch.get(a.SN) : undefined;
    if (a.Type === AlarmType.DeviceOffline && outage) out.expected.push({ sighting: s, outage });
    else if (a.Type === AlarmType.DeviceOffline && a.SN && dark.has(a.SN)) out.unsuppressed.push(s);
    else if (a.Type === AlarmType.AllDevicesOffline && a.Network && hitNetworks.has(a.Network))
      out.wholeNetwork.push(s);
    else out.others.set(a.Type, (out.others.get(a.Type) ?? 0) + 1);
  }
  return out;
}

/** When the server took each dark device's will (its EndTime); the crash time where it has none. */
export function lastWillOf(
  outage: Outage,
  endTimes: ReadonlyMap<string, number | null>,
  crashedAt: number,
): number {
  return Math.max(...[outage.switchSn, ...outage.apSns].map((sn) => endTimes.get(sn) ?? crashedAt));
}

export interface Delays {
  /** From the last will of the switch and its APs to the alarm first seen, ms. */
  raw: Spread;
  /** The same, less the grace period the engine waits. */
  beyondGrace: Spread;
  /** To the alarm seen with every AP counted behind it (its final `Behind`). */
  complete: Spread;
  /** Expected alarms this observer never saw. */
  missing: number;
}

export function delays(
  expected: Sorted['expected'],
  seen: ReadonlyMap<string, Sighting>,
  lastWill: (o: Outage) => number,
  graceMs: number,
  outageCount: number,
): Delays {
  const raw: number[] = [];
  const complete: number[] = [];
  for (const { sighting, outage } of expected) {
    const s = seen.get(sighting.item._id);
    if (!s) continue;
    const will = lastWill(outage);
    raw.push(s.firstAt - will);
    if (s.item.Behind === outage.apSns.length) complete.push(s.behindAt - will);
  }
  return {
    raw: spread(raw),
    beyondGrace: spread(raw.map((r) => r - graceMs)),
    complete: spread(complete),
    missing: outageCount - raw.length,
  };
}

export function alarmLabel(a: AlarmItem): string {
  return `${a.SN ?? a.NetworkName ?? a.Network} (${a.Name.en}, ${a.Behind} behind)`;
}
