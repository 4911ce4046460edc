/**
 * What the gateway took and what it dropped, per reason and per device (protocol §8): the codec's
 * reasons, the rate limit, QoS 1 repeats, messages of no open session, the broker's refusals, and
 * the gateway's own failures. Nothing dropped goes uncounted.
 */
import type { DropReason } from '@netconsole/contract';
import type { BusRefusal } from '../../platform/bus/bus.ts';

export type GatewayDrop = DropReason | BusRefusal | 'rate' | 'duplicate' | 'no_session' | 'internal';

export interface CounterSnapshot {
  received: number;
  accepted: number;
  dropped: Partial<Record<GatewayDrop, number>>;
}

/** Per-device tallies stop growing here (a broker without ACL could be fed endless SNs). */
const MAX_DEVICES = 100_000;

export class GatewayCounters {
  private readonly total: CounterSnapshot = { received: 0, accepted: 0, dropped: {} };
  private readonly devices = new Map<string, CounterSnapshot>();

  private of(sn: string | null | undefined): CounterSnapshot | null {
    if (!sn) return null;
    let c = this.devices.get(sn);
    if (!c && this.devices.size < MAX_DEVICES) {
      c = { received: 0, accepted: 0, dropped: {} };
      this.devices.set(sn, c);
    }
    return c ?? null;
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

  snapshot(sn?: string): CounterSnapshot {
    const c = sn === undefined ? this.total : this.devices.get(sn);
    return c
      ? { received: c.received, accepted: c.accepted, dropped: { ...c.dropped } }
      : { received: 0, accepted: 0, dropped: {} };
  }
}
