import { describe, expect, it } from 'vitest';
import {
  changedNodes,
  chartSize,
  escapeHtml,
  formatLinkSpeed,
  linkText,
  nodesOf,
  richSafe,
  SPACING,
  treeShape,
} from './topology-model.ts';
import { node } from './topology-fixture.ts';

// router → (switch A → 3 APs), (switch B → 2 APs), AP
const tree = node('R', 0, [
  node('A', 1, [node('A1', 2), node('A2', 2), node('A3', 2, [], { Changed: true })]),
  node('B', 1, [node('B1', 2), node('B2', 2)], { Changed: true }),
  node('C', 1),
]);

describe('treeShape', () => {
  it('counts nodes, depth and the leaf slots of the tree layout (2 between cousins)', () => {
    // A1 A2 A3 | B1 B2 | C: 1 + 1 + 1 + 2 + 1 + 2 = 8
    expect(treeShape(tree)).toEqual({ nodes: 9, depth: 2, slots: 8 });
    expect(treeShape(node('R', 0))).toEqual({ nodes: 1, depth: 0, slots: 1 });
  });
});

describe('chartSize', () => {
  const shape = treeShape(tree);
  it('gives the room the labels need at 100 % (the viewport fits it, nothing stretches it)', () => {
    const m = SPACING.LR.margin;
    expect(chartSize(shape, 'LR')).toEqual({
      width: 2 * SPACING.LR.level + m.left + m.right,
      height: 7 * SPACING.LR.slot + m.top + m.bottom,
    });
    const t = SPACING.TB.margin;
    expect(chartSize(shape, 'TB')).toEqual({
      width: 7 * SPACING.TB.slot + t.left + t.right,
      height: 2 * SPACING.TB.level + t.top + t.bottom,
    });
  });
});

describe('texts', () => {
  it('labels a link with both ports and the speed', () => {
    expect(linkText(node('X', 1), 'P')).toBe('P2 ↔ port1 · 1G');
    expect(linkText(node('X', 1, [], { RemotePort: null, LinkMbps: 100 }), 'P')).toBe('P2 · 100M');
    expect(linkText(node('X', 1, [], { Port: null, RemotePort: null, LinkMbps: null }), 'P')).toBe('');
    expect(linkText(node('R', 0), 'P')).toBe('');
  });
  it('formats link speeds', () => {
    expect(formatLinkSpeed(2500)).toBe('2.5G');
    expect(formatLinkSpeed(1000)).toBe('1G');
    expect(formatLinkSpeed(0)).toBe('');
    expect(formatLinkSpeed(null)).toBe('');
  });
  it('keeps device names from opening rich-text styles or HTML', () => {
    expect(richSafe('{x|y}')).not.toMatch(/[{}]/);
    expect(escapeHtml('<b a="1">&\'')).toBe('&#60;b a=&#34;1&#34;&#62;&#38;&#39;');
  });
});

describe('changed nodes', () => {
  it('lists the marked nodes breadth first', () => {
    expect(changedNodes(tree).map((n) => n.MAC)).toEqual(['B', 'A3']);
    expect(nodesOf(tree)).toHaveLength(9);
  });
});
