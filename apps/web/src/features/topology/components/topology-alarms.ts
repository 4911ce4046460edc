import type { AlarmItem, Label, TopologyNode } from '@netconsole/contract';
import { nodesOf } from './topology-model.ts';

/**
 * The open alarms the topology marks its nodes with (issue 17 §4): grouped by device SN, the key a
 * tree node and an alarm share. Pure, so it is tested without a browser.
 */

/** A device's open alarms as its node's mark shows them. */
export interface NodeAlarms {
  count: number;
  /** The worst level open: 1 general, 2 medium, 3 severe. */
  worst: number;
  /** The alarms' names, each once, newest first. */
  names: Label[];
}

/** Open alarms by device SN; a network's own alarms (no device) mark no node. */
export type AlarmsBySn = ReadonlyMap<string, NodeAlarms>;

/** The mark's colour by the worst level, dark enough on white for a non-text mark (3:1). */
export const ALARM_LEVEL_COLORS: Record<number, string> = { 1: '#1668dc', 2: '#d46b08', 3: '#cf1322' };

export function alarmColor(worst: number): string {
  return ALARM_LEVEL_COLORS[worst] ?? ALARM_LEVEL_COLORS[3]!;
}

/** Groups open alarms by device; cleared ones (a stale page of the list) are left out. */
export function alarmsBySn(list: readonly AlarmItem[]): AlarmsBySn {
  const out = new Map<string, NodeAlarms>();
  for (const alarm of list) {
    if (!alarm.SN || alarm.Status !== 'open') continue;
    const seen = out.get(alarm.SN) ?? { count: 0, worst: 0, names: [] };
    seen.count++;
    seen.worst = Math.max(seen.worst, alarm.Level);
    if (!seen.names.some((n) => n.en === alarm.Name.en)) seen.names.push(alarm.Name);
    out.set(alarm.SN, seen);
  }
  return out;
}

/** A tree node's open alarms, if it is a device that has any. */
export function nodeAlarms(node: TopologyNode, alarms: AlarmsBySn | undefined): NodeAlarms | undefined {
  return node.SN ? alarms?.get(node.SN) : undefined;
}

/** The nodes of a tree that have open alarms, breadth first (a device drawn twice, once). */
export function alarmedNodes(
  tree: TopologyNode,
  alarms: AlarmsBySn | undefined,
): { node: TopologyNode; alarms: NodeAlarms }[] {
  if (!alarms || alarms.size === 0) return [];
  const seen = new Set<string>();
  const out: { node: TopologyNode; alarms: NodeAlarms }[] = [];
  for (const node of nodesOf(tree)) {
    const found = nodeAlarms(node, alarms);
    if (!found || seen.has(node.SN!)) continue;
    seen.add(node.SN!);
    out.push({ node, alarms: found });
  }
  return out;
}
