/**
 * What the gateway took and what it dropped, per reason and per device (protocol §8): the codec's
 * reasons, the rate limit, QoS 1 repeats, messages of no open session, the broker's refusals, and
 * the gateway's own failures. Nothing dropped goes uncounted. Kept in memory since the process
 * started (the device API shows them with that time); a restart starts from zero.
 */
import type { DeviceDropReason, DeviceDrops } from '@netconsole/contract';

export type GatewayDrop = DeviceDropReason;

export interface CounterSnapshot {
  received: number;
  accepted: number;
  dropped: Partial<Record<GatewayDrop, number>>;
  /**
   * Accepted messages of a kind no domain handles yet (`logs`, `dns`, …), and reports on commands of a
   * kind no domain issues (`acks/<cmd>`): kept, not lost silently. Totals only.
   */
  unhandled: Record<string, number>;
}

/**
 * Per-device tallies kept at most; past it the device heard of least recently is forgotten, so SNs
 * invented by a client (refused CONNECTs name any SN) cannot grow memory or push real devices out
 * for long.
 */
export const MAX_COUNTED_DEVICES = 100_000;

export class GatewayCounters {
  private readonly total: CounterSnapshot = { received: 0, accepted: 0, dropped: {}, unhandled: {} };
  /** In order of last use: the first entry is the one to forget. */
  private readonly devices = new Map<string, CounterSnapshot>();

  /**
   * @param since When counting started (Unix ms), shown with a device's drops.
   * @param max Per-device tallies kept at most.
   */
  constructor(
    readonly since: number = Date.now(),
    private readonly max: number = MAX_COUNTED_DEVICES,
  ) {}

  private of(sn: string | null | undefined): CounterSnapshot | null {
    if (!sn) return null;
    let c = this.devices.get(sn);
    if (c) {
      // Most recently used last (a Map keeps insertion order).
      this.devices.delete(sn);
    } else {
      c = { received: 0, accepted: 0, dropped: {}, unhandled: {} };
      if (this.devices.size >= this.max) this.devices.delete(this.devices.keys().next().value!);
    }
    this.devices.set(sn, c);
    return c;
  }

  received(sn: string | null): void {
    this.total.received++;
    const c = this.of(sn);
    if (c) c.received++;
  }

  accepted(sn: string): void {
    this.total.accepted++;
    const c = this.of(sn);
    if (c) c.accepted++;
  }

  dropped(sn: string | null | undefined, reason: GatewayDrop): void {
    this.total.dropped[reason] = (this.total.dropped[reason] ?? 0) + 1;
    const c = this.of(sn);
    if (c) c.dropped[reason] = (c.dropped[reason] ?? 0) + 1;
  }

  unhandled(kind: string): void {
    this.total.unhandled[kind] = (this.total.unhandled[kind] ?? 0) + 1;
  }

  snapshot(sn?: string): CounterSnapshot {
    const c = sn === undefined ? this.total : this.devices.get(sn);
    return c
      ? {
          received: c.received,
          accepted: c.accepted,
          dropped: { ...c.dropped },
          unhandled: { ...c.unhandled },
        }
      : { received: 0, accepted: 0, dropped: {}, unhandled: {} };
  }

  /** A device's drops per reason (reasons without drops absent), for its API item. */
  drops(sn: string): DeviceDrops {
    return { ...this.devices.get(sn)?.dropped };
  }
}
