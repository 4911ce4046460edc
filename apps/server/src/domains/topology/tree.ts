/**
 * A network's topology from its devices' LLDP reports (spec §3 Topology): the main device is the root;
 * links are taken from either end's report, so a device that does not speak LLDP (many APs) still
 * hangs where its switch saw it; each local port holds one neighbour (de-duplicated by port); nodes
 * nest at most four levels below the root. Pure functions: the service feeds them the store's rows.
 */
import { createHash } from 'node:crypto';
import { TOPOLOGY_LEVELS, type TopologyNode } from '@netconsole/contract';

export const TOPOLOGY_MAX_DEPTH = TOPOLOGY_LEVELS;

export interface TopoDevice {
  id: string;
  sn: string;
  /** The MACs the device is known by (registered and reported). */
  macs: string[];
  type: number | null;
  alias: string;
  model: string;
  status: string;
}

/** One LLDP neighbour as a device reported it (protocol `lldp`). */
export interface LldpEntry {
  port: number;
  mac: string;
  sn?: string | undefined;
  remotePort?: string | undefined;
  sysName?: string | undefined;
  linkMbps?: number | undefined;
}

/** A node of the tree: the contract's shape (`Changed` set by `markChanges`). */
export type TopoNode = TopologyNode;

interface Edge {
  /** A device id, or `mac:<MAC>` for a neighbour that is no device of the network. */
  key: string;
  port: number | null;
  remotePort: string | null;
  linkMbps: number | null;
  sysName: string | null;
  mac: string;
}

function nodeOf(d: TopoDevice, edge: Edge | null, level: number): TopoNode {
  return {
    _id: d.id,
    SN: d.sn,
    MAC: d.macs[0] ?? '',
    Type: d.type,
    Alias: d.alias,
    Model: d.model,
    Status: d.status,
    Port: edge?.port ?? null,
    RemotePort: edge?.remotePort ?? null,
    LinkMbps: edge?.linkMbps ?? null,
    Level: level,
    children: [],
  };
}

function strangerOf(edge: Edge, level: number): TopoNode {
  return {
    _id: null,
    SN: null,
    MAC: edge.mac,
    Type: null,
    Alias: edge.sysName ?? edge.mac,
    Model: '',
    Status: null,
    Port: edge.port,
    RemotePort: edge.remotePort,
    LinkMbps: edge.linkMbps,
    Level: level,
    children: [],
  };
}

/** Links of every device, from both ends' reports; one neighbour per local port. */
function linksOf(devices: TopoDevice[], lldp: ReadonlyMap<string, readonly LldpEntry[]>) {
  const bySn = new Map(devices.map((d) => [d.sn, d]));
  const byMac = new Map<string, TopoDevice>();
  for (const d of devices) for (const m of d.macs) if (m) byMac.set(m, d);
  const links = new Map<string, Map<string, Edge>>();
  const add = (from: string, edge: Edge) => {
    let m = links.get(from);
    if (!m) links.set(from, (m = new Map()));
    const known = m.get(edge.key);
    // The reporting end's own port wins over what the other end said about it.
    if (!known || (known.port === null && edge.port !== null)) m.set(edge.key, edge);
  };
  for (const d of devices) {
    const seenPorts = new Set<number>();
    const entries = [...(lldp.get(d.id) ?? [])].sort((a, b) => a.port - b.port);
    for (const e of entries) {
      if (seenPorts.has(e.port)) continue;
      seenPorts.add(e.port);
      const peer = (e.sn !== undefined ? bySn.get(e.sn) : undefined) ?? byMac.get(e.mac);
      if (peer?.id === d.id) continue;
      const linkMbps = e.linkMbps ?? null;
      add(d.id, {
        key: peer ? peer.id : `mac:${e.mac}`,
        port: e.port,
        remotePort: e.remotePort ?? null,
        linkMbps,
        sysName: e.sysName ?? null,
        mac: e.mac,
      });
      if (peer) {
        const back = Number(e.remotePort);
        add(peer.id, {
          key: d.id,
          port: Number.isInteger(back) && back > 0 ? back : null,
          remotePort: String(e.port),
          linkMbps,
          sysName: null,
          mac: d.macs[0] ?? '',
        });
      }
    }
  }
  return links;
}

function byPortThenMac(a: TopoNode, b: TopoNode): number {
  return (
    (a.Port ?? Number.MAX_SAFE_INTEGER) - (b.Port ?? Number.MAX_SAFE_INTEGER) || a.MAC.localeCompare(b.MAC)
  );
}

/**
 * The tree below the main device, breadth first (a device reachable along several paths hangs at its
 * shallowest place), at most TOPOLOGY_MAX_DEPTH levels deep. Devices not linked to the tree are left out.
 */
export function buildTopology(
  root: TopoDevice,
  devices: TopoDevice[],
  lldp: ReadonlyMap<string, readonly LldpEntry[]>,
): TopoNode {
  const all = devices.some((d) => d.id === root.id) ? devices : [root, ...devices];
  const byId = new Map(all.map((d) => [d.id, d]));
  const links = linksOf(all, lldp);
  const top = nodeOf(root, null, 0);
  const placed = new Set<string>([root.id]);
  let level: { node: TopoNode; key: string }[] = [{ node: top, key: root.id }];
  for (let depth = 1; depth <= TOPOLOGY_MAX_DEPTH && level.length > 0; depth++) {
    const next: typeof level = [];
    for (const { node, key } of level) {
      const usedPorts = new Set<number>();
      for (const edge of links.get(key)?.values() ?? []) {
        if (placed.has(edge.key)) continue;
        if (edge.port !== null && usedPorts.has(edge.port)) continue;
        if (edge.port !== null) usedPorts.add(edge.port);
        placed.add(edge.key);
        const peer = byId.get(edge.key);
        const child = peer ? nodeOf(peer, edge, depth) : strangerOf(edge, depth);
        node.children.push(child);
        if (peer) next.push({ node: child, key: peer.id });
      }
      node.children.sort(byPortThenMac);
    }
    level = next;
  }
  return top;
}

/** What a snapshot is judged by: the structure and each node's type, name and model, not status. */
export function topologyHash(tree: TopoNode): string {
  const shape = (n: TopoNode): unknown => [n.MAC, n.Type, n.Alias, n.Model, n.Port, n.children.map(shape)];
  return createHash('sha256')
    .update(JSON.stringify(shape(tree)))
    .digest('hex')
    .slice(0, 32);
}

function levels(tree: TopoNode): TopoNode[][] {
  const out: TopoNode[][] = [];
  let level = [tree];
  while (level.length > 0) {
    out.push(level);
    level = level.flatMap((n) => n.children);
  }
  return out;
}

/**
 * Compares a snapshot with the one before it level by level (spec §3): a node is changed when its
 * level of the previous snapshot has no node of its MAC, or that node differs in type, name, model
 * or child count. Marks `Changed` on every node of `next` and returns how many changed.
 */
export function markChanges(previous: TopoNode | null, next: TopoNode): number {
  const before = previous ? levels(previous) : [];
  let changed = 0;
  levels(next).forEach((nodes, depth) => {
    const then = new Map((before[depth] ?? []).map((n) => [n.MAC, n]));
    for (const n of nodes) {
      const p = then.get(n.MAC);
      n.Changed =
        previous !== null &&
        (!p ||
          p.Type !== n.Type ||
          p.Alias !== n.Alias ||
          p.Model !== n.Model ||
          p.children.length !== n.children.length);
      if (n.Changed) changed++;
    }
  });
  return changed;
}

/** Nodes of a tree (for counting and lookups). */
export function nodesOf(tree: TopoNode): TopoNode[] {
  return levels(tree).flat();
}
