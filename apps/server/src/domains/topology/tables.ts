/**
 * The tables of LLDP neighbours and topology snapshots. Each is declared into the store's `Database`
 * (platform/store/db.ts) below, so queries anywhere see it while the platform imports no domain.
 */
import type { Selectable } from 'kysely';

/** A device's latest LLDP neighbours (JSON of the protocol's entries). */
export interface DeviceLldpTable {
  device_id: string;
  tenant_id: string | null;
  neighbors: string;
  updated_at: number;
}

/** A network's topology while it lasted (spec §3 history record). */
export interface TopologySnapshotTable {
  id: string;
  tenant_id: string;
  network_id: string;
  created_at: number;
  /** null: in force. */
  ended_at: number | null;
  hash: string;
  /** JSON of the tree (domains/topology/tree.ts). */
  tree: string;
}

export type SnapshotRow = Selectable<TopologySnapshotTable>;

declare module '../../platform/store/db.ts' {
  interface Database {
    device_lldp: DeviceLldpTable;
    topology_snapshots: TopologySnapshotTable;
  }
}
