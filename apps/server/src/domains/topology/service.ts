/**
 * Topology of networks (spec §3): devices' LLDP neighbours kept (written when they change, in
 * batches), the tree below each network's main device, and a history record whenever that tree
 * changes — after new LLDP reports, or devices joining or leaving the network.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  PROTOCOL_TIMING,
  TOPOLOGY_HISTORY_MAX,
  type LldpHistoryReply,
  type LldpInfoReply,
  type NetworkQuery,
  type ResetTopologyBody,
  type ResetTopologyReply,
  type UpMessage,
} from '@netconsole/contract';
import { randomBytes } from 'node:crypto';
import type { Scope } from '../../platform/auth/guard.ts';
import { newId, type Clock } from '../../platform/ids.ts';
import type { Db } from '../../platform/store/db.ts';
import { newCommandId, type DeviceLink } from '../../platform/gateway/device-link.ts';
import type { LiveDevice, LiveDevices } from '../device/live.ts';
import type { DevicePlacement } from '../device/placement.ts';
import type { DeviceRow } from '../device/tables.ts';
import type { MessageService } from '../message/service.ts';
import type { NetworkLog } from '../network/netlog.ts';
import type { NetworkService } from '../network/service.ts';
import {
  clearLldp,
  currentSnapshot,
  deleteSnapshots,
  drawnNetworks,
  lldpOf,
  pruneSnapshots,
  recentSnapshots,
  replaceSnapshot,
  upsertLldp,
} from './store.ts';
import {
  buildTopology,
  markChanges,
  topologyHash,
  type LldpEntry,
  type TopoDevice,
  type TopoNode,
} from './tree.ts';

const SYSTEM: Scope = { tenantId: null, admin: true };
/** History kept per network (the API shows the newest ten). */
export const TOPOLOGY_KEEP = 50;
export const TOPOLOGY_FLUSH_MS = 2000;
/**
 * A device's own report counts while it is online and for this long after it was last heard (the
 * LLDP time-to-live devices announce): a reboot keeps its place, a device gone for good leaves the
 * tree unless a neighbour still sees it.
 */
export const LLDP_HOLD_MS = 120_000;

function deviceOf(r: DeviceRow): TopoDevice {
  return {
    id: r.id,
    sn: r.sn,
    macs: [...new Set([r.mac, r.hello_mac].filter((m) => m !== ''))],
    type: r.type,
    alias: r.alias,
    model: r.model,
    status: r.status,
  };
}

/** The neighbours as kept: the fields the tree uses, by port, so equal tables give equal text. */
function normalized(m: UpMessage<'lldp'>): string {
  const entries: LldpEntry[] = m.neighbors
    .map((n) => ({
      port: n.port,
      mac: n.mac,
      ...(n.sn !== undefined ? { sn: n.sn } : {}),
      ...(n.remotePort !== undefined ? { remotePort: n.remotePort } : {}),
      ...(n.sysName !== undefined ? { sysName: n.sysName } : {}),
      ...(n.linkMbps !== undefined ? { linkMbps: n.linkMbps } : {}),
    }))
    .sort((a, b) => a.port - b.port || a.mac.localeCompare(b.mac));
  return JSON.stringify(entries);
}

export interface TopologyOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  live: LiveDevices;
  link: DeviceLink;
  placement: DevicePlacement;
  networks: NetworkService;
  /** Tells the tenant its topology changed. */
  messages?: MessageService;
  /** The networks' log. */
  journal?: NetworkLog;
}

export class TopologyService {
  /** The neighbours last taken per device id, to skip unchanged reports. */
  private readonly known = new Map<string, string>();
  private readonly pending = new Map<string, { tenantId: string | null; neighbors: string; at: number }>();
  /** Networks whose tree must be looked at again. */
  private readonly stale = new Set<string>();
  /**
   * Devices whose status changed, with when their network's tree must be looked at again: at once
   * for one back online, after the hold for one gone (its own report then ages out).
   */
  private readonly dueDevices = new Map<string, number>();
  /** Networks to look at again from a time on (every drawn one, a hold after the server starts). */
  private readonly dueNetworks = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private writing: Promise<void> | null = null;
  /** A record being made, per network: one at a time each. */
  private readonly recording = new Map<string, Promise<void>>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly o: TopologyOptions) {}

  async start(): Promise<void> {
    this.unsubscribe = this.o.live.onStatusChange((d) => {
      if (d.tenantId === null) return;
      this.dueDevices.set(d.id, this.o.clock() + (d.online ? 0 : LLDP_HOLD_MS + TOPOLOGY_FLUSH_MS));
    });
    // Reports that aged out while the server was down show once the hold has passed.
    const at = this.o.clock() + LLDP_HOLD_MS + TOPOLOGY_FLUSH_MS;
    for (const id of await drawnNetworks(this.o.db)) this.dueNetworks.set(id, at);
    this.timer = setInterval(() => void this.flush(), TOPOLOGY_FLUSH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.flush();
  }

  /** A device's `lldp` report (from the gateway). Only a change is kept. */
  lldp(d: LiveDevice | undefined, m: UpMessage<'lldp'>, now: number): void {
    if (!d?.tenantId) return;
    const neighbors = normalized(m);
    if (this.known.get(d.id) === neighbors) return;
    this.known.set(d.id, neighbors);
    this.pending.set(d.id, { tenantId: d.tenantId, neighbors, at: now });
  }

  /** Devices joined or left these networks: their trees are looked at again. */
  networksChanged(ids: string[]): void {
    for (const id of ids) this.stale.add(id);
  }

  /** A network was removed: its history goes with it. */
  async networkRemoved(scope: Scope, id: string): Promise<void> {
    this.stale.delete(id);
    this.dueNetworks.delete(id);
    await deleteSnapshots(this.o.db, scope, id);
  }

  /** Writes new neighbours, then records the trees that changed; one pass at a time. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    this.flushing = this.pass().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async pass(): Promise<void> {
    try {
      await this.writePending();
      await this.ripen(this.o.clock());
      for (const id of [...this.stale]) {
        // A read may have recorded it meanwhile.
        if (this.stale.delete(id)) await this.recordOnce(id);
      }
    } catch (err) {
      this.o.log.error({ err }, 'topology flush failed');
    }
  }

  /** New neighbours in one transaction; their networks become stale. */
  private async writePending(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.pending.size === 0) return;
    const batch = [...this.pending.entries()];
    this.pending.clear();
    this.writing = (async () => {
      try {
        await this.o.db.transaction().execute((trx) =>
          upsertLldp(
            trx,
            batch.map(([id, p]) => ({
              device_id: id,
              tenant_id: p.tenantId,
              neighbors: p.neighbors,
              updated_at: p.at,
            })),
          ),
        );
      } catch (err) {
        // Written again with the next pass, unless a newer report came meanwhile.
        for (const [id, p] of batch) if (!this.pending.has(id)) this.pending.set(id, p);
        throw err;
      }
      await this.markParents(batch.map(([id]) => id));
    })().finally(() => {
      this.writing = null;
    });
    await this.writing;
  }

  private async markParents(deviceIds: string[]): Promise<void> {
    if (deviceIds.length === 0) return;
    for (const r of await this.o.placement.find(SYSTEM, deviceIds)) if (r.parent) this.stale.add(r.parent);
  }

  /** Devices and networks whose time has come make their networks stale. */
  private async ripen(now: number): Promise<void> {
    const devices: string[] = [];
    for (const [id, at] of this.dueDevices) {
      if (at > now) continue;
      this.dueDevices.delete(id);
      devices.push(id);
    }
    for (const [id, at] of this.dueNetworks) {
      if (at > now) continue;
      this.dueNetworks.delete(id);
      this.stale.add(id);
    }
    await this.markParents(devices);
  }

  /** Records the network's tree if it changed, never two at once for one network. */
  private async recordOnce(networkId: string): Promise<void> {
    let busy: Promise<void> | undefined;
    while ((busy = this.recording.get(networkId))) await busy;
    const run = this.record(networkId).finally(() => this.recording.delete(networkId));
    this.recording.set(networkId, run);
    await run;
  }

  /**
   * Before a read of one network: its new neighbours written and its record made if it is due,
   * and nothing else (no other network's record, no pass of the timer) is waited for.
   */
  private async settle(networkId: string): Promise<void> {
    try {
      await this.writePending();
      let busy: Promise<void> | undefined;
      while ((busy = this.recording.get(networkId))) await busy;
      if (this.stale.delete(networkId)) await this.recordOnce(networkId);
    } catch (err) {
      // The read answers with what is stored; the next pass tries again.
      this.stale.add(networkId);
      this.o.log.error({ err, networkId }, 'topology not brought up to date for a read');
    }
  }

  /** The tree of a network now, statuses live; null without a main device. */
  private async treeOf(scope: Scope, networkId: string): Promise<TopoNode | null> {
    const rows = await this.o.placement.inNetwork(scope, networkId);
    const main = rows.find((r) => r.is_main === 1);
    if (!main) return null;
    const stored = await lldpOf(
      this.o.db,
      scope,
      rows.map((r) => r.id),
    );
    const now = this.o.clock();
    const heard = new Set(
      rows
        .filter((r) => r.online === 1 || (r.last_seen_at !== null && now - r.last_seen_at <= LLDP_HOLD_MS))
        .map((r) => r.id),
    );
    const lldp = new Map<string, LldpEntry[]>();
    for (const [id, text] of stored) if (heard.has(id)) lldp.set(id, JSON.parse(text) as LldpEntry[]);
    return buildTopology(deviceOf(main), rows.map(deviceOf), lldp);
  }

  /** Starts a history record if the network's tree differs from the one in force. */
  private async record(networkId: string): Promise<void> {
    const { db, clock } = this.o;
    const network = await this.o.networks.find(SYSTEM, networkId);
    if (!network) return;
    const tree = await this.treeOf(SYSTEM, networkId);
    if (!tree) return;
    const hash = topologyHash(tree);
    const current = await currentSnapshot(db, SYSTEM, networkId);
    if (current?.hash === hash) return;
    const now = Math.max(clock(), (current?.created_at ?? 0) + 1);
    await db.transaction().execute((trx) =>
      replaceSnapshot(trx, current, {
        id: newId(),
        tenant_id: network.tenant_id,
        network_id: networkId,
        created_at: now,
        ended_at: null,
        hash,
        tree: JSON.stringify(tree),
      }),
    );
    await pruneSnapshots(db, networkId, TOPOLOGY_KEEP);
    if (current) {
      // The tenant hears of a change, not of the network's first drawing.
      const changed = markChanges(JSON.parse(current.tree) as TopoNode, tree);
      await this.o.messages?.notify(network.tenant_id, 'topology_changed', {
        network: network.name,
        changed,
      });
      await this.o.journal?.write([
        { tenantId: network.tenant_id, networkId, code: 'topology_changed', params: { changed } },
      ]);
    }
  }

  async info(scope: Scope, q: NetworkQuery): Promise<LldpInfoReply> {
    const network = await this.o.networks.require(scope, q._id);
    await this.settle(network.id);
    const [tree, current] = await Promise.all([
      this.treeOf(scope, network.id),
      currentSnapshot(this.o.db, scope, network.id),
    ]);
    return {
      Network: network.id,
      MainDevice: tree?._id ?? null,
      list: tree,
      CreateTime: tree && current ? current.created_at : null,
    };
  }

  /** The newest ten records, each marked against the one before it. */
  async history(scope: Scope, q: NetworkQuery): Promise<LldpHistoryReply> {
    const network = await this.o.networks.require(scope, q._id);
    await this.settle(network.id);
    // One more than shown: the oldest shown is compared with its predecessor too.
    const rows = await recentSnapshots(this.o.db, scope, network.id, TOPOLOGY_HISTORY_MAX + 1);
    const trees = rows.map((r) => JSON.parse(r.tree) as TopoNode);
    const list = rows.slice(0, TOPOLOGY_HISTORY_MAX).map((r, i) => ({
      _id: r.id,
      CreateTime: r.created_at,
      EndTime: r.ended_at,
      list: trees[i]!,
      Changed: markChanges(trees[i + 1] ?? null, trees[i]!),
    }));
    return { list, count: list.length };
  }

  /**
   * Forgets the network's neighbours and asks its connected devices to report them now (a
   * `report_now` of `lldp`); the tree is drawn again from their answers.
   */
  async reset(scope: Scope, body: ResetTopologyBody): Promise<ResetTopologyReply> {
    const network = await this.o.networks.require(scope, body._id);
    const rows = await this.o.placement.inNetwork(scope, network.id);
    await this.flush();
    await clearLldp(
      this.o.db,
      scope,
      rows.map((r) => r.id),
    );
    for (const r of rows) this.known.delete(r.id);
    const now = this.o.clock();
    let asked = 0;
    for (const r of rows) {
      if (!this.o.live.isConnected(r.sn)) continue;
      try {
        await this.o.link.command(r.sn, {
          id: newCommandId(now, randomBytes),
          kind: 'report_now',
          expires: now + PROTOCOL_TIMING.silenceOfflineS * 1000,
          body: { kinds: ['lldp'] },
        });
        asked++;
      } catch (err) {
        this.o.log.warn({ sn: r.sn, err: (err as Error).message }, 'report_now not sent');
      }
    }
    // The answers make a new record if the tree they draw differs from the one in force.
    return { list: { ok: 1, Asked: asked } };
  }
}
