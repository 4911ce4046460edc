import type { TopologyNode } from '@netconsole/contract';

/**
 * What the topology drawing needs from a tree, apart from ECharts: its shape (for the canvas
 * size that keeps labels apart), the changed nodes, and the texts of nodes and links. Pure, so
 * it is tested without a browser.
 */

/** 'TB' vertical (the main device on top), 'LR' horizontal (the main device on the left). */
export type TopologyOrient = 'TB' | 'LR';

export interface TreeShape {
  nodes: number;
  /** Deepest level (the main device is level 0). */
  depth: number;
  /**
   * Leaf slots as ECharts' tree layout spaces them: one between siblings, two between leaves of
   * different parents.
   */
  slots: number;
}

export function treeShape(tree: TopologyNode): TreeShape {
  let nodes = 0;
  let depth = 0;
  let slots = 0;
  let lastParent: TopologyNode | null | undefined;
  const walk = (node: TopologyNode, level: number, parent: TopologyNode | null) => {
    nodes++;
    depth = Math.max(depth, level);
    if (node.children.length === 0) {
      slots += lastParent === undefined ? 1 : lastParent === parent ? 1 : 2;
      lastParent = parent;
      return;
    }
    for (const child of node.children) walk(child, level + 1, node);
  };
  walk(tree, 0, null);
  return { nodes, depth, slots };
}

/** The nodes of a tree, breadth first. */
export function nodesOf(tree: TopologyNode): TopologyNode[] {
  const out: TopologyNode[] = [];
  let level = [tree];
  while (level.length > 0) {
    out.push(...level);
    level = level.flatMap((n) => n.children);
  }
  return out;
}

export function changedNodes(tree: TopologyNode): TopologyNode[] {
  return nodesOf(tree).filter((n) => n.Changed === true);
}

/** A node's name in lists and test attributes: its alias, else its MAC. */
export function nodeName(node: TopologyNode): string {
  return node.Alias || node.MAC;
}

/** Room each part of the drawing takes (px), chosen so two-line labels never touch. */
export const SPACING = {
  LR: { level: 300, slot: 50, margin: { top: 36, bottom: 36, left: 40, right: 200 } },
  TB: { level: 140, slot: 128, margin: { top: 48, bottom: 70, left: 110, right: 150 } },
} as const;

/**
 * The canvas size the tree needs to keep its labels apart at 100 %; the viewport fits it to the
 * room there is (topology-viewport.ts), so the canvas is never stretched to fill the box.
 */
export function chartSize(shape: TreeShape, orient: TopologyOrient): { width: number; height: number } {
  const s = SPACING[orient];
  const across = Math.max(1, shape.slots - 1) * s.slot;
  const along = Math.max(1, shape.depth) * s.level;
  return orient === 'LR'
    ? { width: along + s.margin.left + s.margin.right, height: across + s.margin.top + s.margin.bottom }
    : { width: across + s.margin.left + s.margin.right, height: along + s.margin.top + s.margin.bottom };
}

/** 1000 → "1G", 2500 → "2.5G", 100 → "100M". */
export function formatLinkSpeed(mbps: number | null): string {
  if (mbps === null || !Number.isFinite(mbps) || mbps <= 0) return '';
  return mbps >= 1000 ? `${Number((mbps / 1000).toFixed(1))}G` : `${Math.round(mbps)}M`;
}

/**
 * The label of the link a node hangs from: the parent's port, this node's own port of that link
 * and the speed, e.g. "P3 ↔ ge0/1 · 1G". Empty for the main device.
 */
export function linkText(node: TopologyNode, portPrefix: string): string {
  if (node.Level === 0) return '';
  const parts: string[] = [];
  if (node.Port !== null) parts.push(`${portPrefix}${node.Port}`);
  if (node.RemotePort) parts.push(node.RemotePort);
  let text = parts.join(' ↔ ');
  const speed = formatLinkSpeed(node.LinkMbps);
  if (speed) text = text ? `${text} · ${speed}` : speed;
  return text;
}

/** ECharts rich text reads `{style|text}`: braces in a device's own name must not open a style. */
export function richSafe(text: string): string {
  return text.replace(/\{/g, '｛').replace(/\}/g, '｝');
}

/** For the tooltip, which ECharts renders as HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Shortens long names in the drawing (the tooltip has them whole). */
export function ellipsis(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
