/**
 * Which network a device is in and which device is a network's main one (spec §3 Parent and IsMain,
 * §4 "a main device must be set before others"). The network domain decides; these are the device
 * side's reads and writes it goes through.
 */
import type { Scope } from '../../platform/auth/guard.ts';
import type { Clock } from '../../platform/ids.ts';
import { background, type Db } from '../../platform/store/db.ts';
import type { LiveDevices } from './live.ts';
import {
  BULK_IDS,
  findDevicesByIds,
  listDevices,
  mainDevicesOf,
  placeDevices,
  releaseNetworkDevices,
  tallyByParent,
  type DeviceRow,
} from './store.ts';

export interface NetworkTally {
  /** Per device type: all devices and the online ones. */
  byType: Map<number, { total: number; online: number }>;
  /** Every device, whatever its type, and the online ones. */
  total: number;
  online: number;
}

export class DevicePlacement {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly live: LiveDevices,
  ) {}

  /**
   * The devices of these ids the scope sees (missing ids are absent from the answer). Hundreds
   * (a delivery's targets) are read in the store's background lane, not before the lists.
   */
  find(scope: Scope, ids: string[]): Promise<DeviceRow[]> {
    return findDevicesByIds(ids.length > BULK_IDS ? background(this.db) : this.db, scope, ids);
  }

  /** Devices of one network, by SN (at most 10 000). */
  async inNetwork(scope: Scope, networkId: string): Promise<DeviceRow[]> {
    await this.live.settled();
    return listDevices(this.db, scope, { parent: [networkId] }, 10_000);
  }

  /** Devices of one type, of some networks or all, by SN (at most 10 000). */
  async ofType(scope: Scope, type: number, networkIds?: string[]): Promise<DeviceRow[]> {
    await this.live.settled();
    return listDevices(this.db, scope, { type, parent: networkIds }, 10_000);
  }

  /** Main device _id per network (networks without one are absent). */
  mains(scope: Scope, networkIds: string[]): Promise<Map<string, string>> {
    return mainDevicesOf(this.db, scope, networkIds);
  }

  /** Device totals per network and type, online ones apart. */
  async tally(scope: Scope, networkIds: string[]): Promise<Map<string, NetworkTally>> {
    await this.live.settled();
    const rows = await tallyByParent(this.db, scope, networkIds);
    const out = new Map<string, NetworkTally>();
    for (const id of networkIds) out.set(id, { byType: new Map(), total: 0, online: 0 });
    for (const r of rows) {
      const of = out.get(r.parent)!;
      of.total += r.n;
      if (r.status === 'Online') of.online += r.n;
      if (r.type === null) continue;
      const byType = of.byType;
      const t = byType.get(r.type) ?? { total: 0, online: 0 };
      t.total += r.n;
      if (r.status === 'Online') t.online += r.n;
      byType.set(r.type, t);
    }
    return out;
  }

  /** Puts devices into a network (or none), `main` marking the main device among them. */
  async place(scope: Scope, ids: string[], parent: string | null, main: string | null): Promise<number> {
    const now = this.clock();
    const others = ids.filter((id) => id !== main);
    let n = await placeDevices(this.db, scope, others, { parent, is_main: 0, updated_at: now });
    if (main !== null)
      n += await placeDevices(this.db, scope, [main], { parent, is_main: 1, updated_at: now });
    return n;
  }

  /** Every device of a network returns to no network (inside the caller's transaction, if given). */
  release(scope: Scope, networkId: string, db: Db = this.db): Promise<number> {
    return releaseNetworkDevices(db, scope, networkId, this.clock());
  }
}
