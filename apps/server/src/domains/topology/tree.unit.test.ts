import { describe, expect, it } from 'vitest';
import {
  TOPOLOGY_MAX_DEPTH,
  buildTopology,
  markChanges,
  nodesOf,
  topologyHash,
  type LldpEntry,
  type TopoDevice,
  type TopoNode,
} from './tree.ts';

function dev(n: number, type: number, alias = `dev${n}`): TopoDevice {
  const mac = `0C00000000${String(n).padStart(2, '0')}`;
  return {
    id: `id${n}`,
    sn: `SN0000${String(n).padStart(4, '0')}`,
    macs: [mac],
    type,
    alias,
    model: 'B2',
    status: 'Online',
  };
}
/** `from` saw `to` on its port `port` (to's port `remote`). */
function saw(to: TopoDevice, port: number, remote?: number): LldpEntry {
  return {
    port,
    mac: to.macs[0]!,
    sn: to.sn,
    ...(remote !== undefined ? { remotePort: String(remote) } : {}),
  };
}
const shape = (n: TopoNode): unknown => [n.Alias, n.Port, ...n.children.map(shape)];

describe('buildTopology', () => {
  const router = dev(1, 4, 'router');
  const sw = dev(2, 3, 'switch');
  const ap1 = dev(3, 2, 'ap1');
  const ap2 = dev(4, 2, 'ap2');

  it('hangs devices below the main device by the ports their links use', () => {
    const lldp = new Map([
      [router.id, [saw(sw, 1, 24)]],
      [sw.id, [saw(router, 24, 1), saw(ap2, 6), saw(ap1, 5)]],
    ]);
    const tree = buildTopology(router, [router, sw, ap1, ap2], lldp);
    expect(shape(tree)).toEqual(['router', null, ['switch', 1, ['ap1', 5], ['ap2', 6]]]);
    expect(tree.children[0]).toMatchObject({ RemotePort: '24', Level: 1, Type: 3, SN: sw.sn });
    expect(tree.children[0]!.children[0]).toMatchObject({ Level: 2, Status: 'Online' });
  });

  it('takes a link from either end: an AP that alone reports its switch still hangs below it', () => {
    const lldp = new Map([
      [router.id, [saw(sw, 1)]],
      [ap1.id, [saw(sw, 1, 7)]],
    ]);
    const tree = buildTopology(router, [router, sw, ap1], lldp);
    expect(shape(tree)).toEqual(['router', null, ['switch', 1, ['ap1', 7]]]);
  });

  it('keeps one neighbour per port', () => {
    const lldp = new Map([[router.id, [saw(sw, 1), saw(ap1, 1), saw(ap2, 2)]]]);
    const tree = buildTopology(router, [router, sw, ap1, ap2], lldp);
    expect(shape(tree)).toEqual(['router', null, ['switch', 1], ['ap2', 2]]);
  });

  it('places a device reachable along two paths once, at its shallowest level, and survives loops', () => {
    const sw2 = dev(5, 3, 'switch2');
    const lldp = new Map([
      [router.id, [saw(sw, 1), saw(sw2, 2)]],
      [sw.id, [saw(router, 24), saw(sw2, 23), saw(ap1, 3)]],
      [sw2.id, [saw(router, 24), saw(sw, 23), saw(ap1, 4)]],
    ]);
    const tree = buildTopology(router, [router, sw, sw2, ap1], lldp);
    expect(
      nodesOf(tree)
        .map((n) => n.Alias)
        .sort(),
    ).toEqual(['ap1', 'router', 'switch', 'switch2']);
    expect(shape(tree)).toEqual(['router', null, ['switch', 1, ['ap1', 3]], ['switch2', 2]]);
  });

  it('nests at most four levels below the main device', () => {
    const chain = [router, ...Array.from({ length: 6 }, (_, i) => dev(10 + i, 3, `s${i + 1}`))];
    const lldp = new Map(chain.slice(0, -1).map((d, i) => [d.id, [saw(chain[i + 1]!, 1)]]));
    const tree = buildTopology(router, chain, lldp);
    const all = nodesOf(tree);
    expect(Math.max(...all.map((n) => n.Level))).toBe(TOPOLOGY_MAX_DEPTH);
    expect(all.map((n) => n.Alias)).toEqual(['router', 's1', 's2', 's3', 's4']);
  });

  it('shows a neighbour that is no device of the network as a leaf, once', () => {
    const phone = { port: 9, mac: '001122334455', sysName: 'desk-phone' };
    const lldp = new Map([
      [router.id, [saw(sw, 1)]],
      [sw.id, [phone, saw(ap1, 2)]],
      [ap1.id, [{ ...phone, port: 1 }]],
    ]);
    const tree = buildTopology(router, [router, sw, ap1], lldp);
    expect(shape(tree)).toEqual(['router', null, ['switch', 1, ['ap1', 2], ['desk-phone', 9]]]);
    expect(nodesOf(tree).find((n) => n.MAC === '001122334455')).toMatchObject({ _id: null, Status: null });
  });

  it('is the main device alone without reports', () => {
    expect(shape(buildTopology(router, [router, sw], new Map()))).toEqual(['router', null]);
  });
});

describe('markChanges and topologyHash', () => {
  const router = dev(1, 4, 'router');
  const sw = dev(2, 3, 'switch');
  const ap1 = dev(3, 2, 'ap1');
  const ap2 = dev(4, 2, 'ap2');
  const base = new Map([
    [router.id, [saw(sw, 1)]],
    [sw.id, [saw(ap1, 2)]],
  ]);

  it('marks nothing for the first snapshot or an identical one', () => {
    const first = buildTopology(router, [router, sw, ap1], base);
    expect(markChanges(null, first)).toBe(0);
    const again = buildTopology(router, [router, sw, ap1], base);
    expect(markChanges(first, again)).toBe(0);
    expect(topologyHash(again)).toBe(topologyHash(first));
  });

  it('marks a new node and its parent whose child count changed, level by level', () => {
    const before = buildTopology(router, [router, sw, ap1, ap2], base);
    const after = buildTopology(
      router,
      [router, sw, ap1, ap2],
      new Map([
        [router.id, [saw(sw, 1)]],
        [sw.id, [saw(ap1, 2), saw(ap2, 3)]],
      ]),
    );
    expect(markChanges(before, after)).toBe(2);
    const changed = nodesOf(after)
      .filter((n) => n.Changed)
      .map((n) => n.Alias);
    expect(changed.sort()).toEqual(['ap2', 'switch']);
    expect(topologyHash(after)).not.toBe(topologyHash(before));
  });

  it('marks a renamed device, and a device that moved to another level', () => {
    const before = buildTopology(router, [router, sw, ap1], base);
    const renamed = buildTopology(router, [router, { ...sw, alias: 'core' }, ap1], base);
    expect(
      nodesOf(renamed)
        .filter((n) => n.Changed)
        .map((n) => n.Alias),
    ).toEqual([]);
    markChanges(before, renamed);
    expect(
      nodesOf(renamed)
        .filter((n) => n.Changed)
        .map((n) => n.Alias),
    ).toEqual(['core']);
    const moved = buildTopology(router, [router, sw, ap1], new Map([[router.id, [saw(sw, 1), saw(ap1, 2)]]]));
    markChanges(before, moved);
    expect(
      nodesOf(moved)
        .filter((n) => n.Changed)
        .map((n) => n.Alias)
        .sort(),
    ).toEqual(['ap1', 'router', 'switch']);
  });

  it('does not count a status change as a topology change', () => {
    const before = buildTopology(router, [router, sw, ap1], base);
    const offline = buildTopology(router, [router, { ...sw, status: 'Offline' }, ap1], base);
    expect(topologyHash(offline)).toBe(topologyHash(before));
    expect(markChanges(before, offline)).toBe(0);
  });
});
