import type { TopologyNode } from '@netconsole/contract';

/** A tree node for tests: a router at level 0, a switch with children, else an AP. */
export function node(
  mac: string,
  level: number,
  children: TopologyNode[] = [],
  extra: Partial<TopologyNode> = {},
): TopologyNode {
  return {
    _id: `id-${mac}`,
    SN: `SN${mac}`,
    MAC: mac,
    Type: level === 0 ? 4 : children.length ? 3 : 2,
    Alias: `dev-${mac}`,
    Model: 'B2',
    Status: 'Online',
    Port: level === 0 ? null : 2,
    RemotePort: level === 0 ? null : 'port1',
    LinkMbps: level === 0 ? null : 1000,
    Level: level,
    children,
    ...extra,
  };
}
