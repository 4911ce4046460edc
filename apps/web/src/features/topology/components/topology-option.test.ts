import { describe, expect, it } from 'vitest';
import type { TopologyNode } from '@netconsole/contract';
import { node } from './topology-fixture.ts';
import { CHANGED_COLOR, STATUS_COLORS, topologyOption, type TopologyTexts } from './topology-option.ts';

const texts: TopologyTexts = {
  type: (t) => (t === null ? 'Neighbour' : `T${t}`),
  status: (s) => s ?? '—',
  changed: 'changed',
  portPrefix: 'P',
  alarms: (a) => `${a.count}: ${a.names.map((n) => n.en).join(', ')}`,
  field: {
    type: 'Type',
    model: 'Model',
    status: 'Status',
    sn: 'SN',
    mac: 'MAC',
    link: 'Link',
    level: 'Level',
    alarms: 'Open alarms',
  },
};

interface Datum {
  name: string;
  itemStyle: { color?: string; borderColor?: string };
  label: { formatter?: string; show?: boolean };
  children: Datum[];
}
interface Series {
  orient: string;
  top: number;
  left: number;
  expandAndCollapse: boolean;
  roam: boolean;
  data: Datum[];
}

const tree = node('R', 0, [
  node('S', 1, [
    node('A1', 2, [], { Status: 'Offline' }),
    node('A2', 2, [], { Changed: true, Alias: 'a{b}' }),
  ]),
]);

function series(orient: 'TB' | 'LR', t: TopologyNode = tree): [Series, Series] {
  return (topologyOption(t, orient, texts) as unknown as { series: [Series, Series] }).series;
}

describe('topologyOption', () => {
  it('draws nodes and port labels with two tree series laid out alike', () => {
    for (const orient of ['TB', 'LR'] as const) {
      const [nodes, links] = series(orient);
      expect(nodes.orient).toBe(orient);
      expect(links.orient).toBe(orient);
      expect([links.top, links.left]).toEqual([nodes.top, nodes.left]);
      // Nothing collapses or moves one series without the other.
      expect(nodes.expandAndCollapse || links.expandAndCollapse || nodes.roam || links.roam).toBe(false);
    }
  });

  it('colours nodes by status and rings the changed ones', () => {
    const [nodes] = series('LR');
    const [a1, a2] = nodes.data[0]!.children[0]!.children;
    expect(a1!.itemStyle.color).toBe(STATUS_COLORS.Offline);
    expect(a1!.itemStyle.borderColor).not.toBe(CHANGED_COLOR);
    expect(a2!.itemStyle.borderColor).toBe(CHANGED_COLOR);
    expect(a2!.label.formatter).toContain('{changed|changed}');
    expect(a2!.label.formatter).toContain('a｛b｝');
    expect(a1!.label.formatter).toMatch(/\{t2\|T2\} \{alias\|dev-A1\}\n\{model\|B2\} \{off\|● Offline\}/);
  });

  it('leaves the port labels’ series out when asked (drawing too small to read them)', () => {
    const all = (topologyOption(tree, 'LR', texts, false) as unknown as { series: { id: string }[] }).series;
    expect(all.map((s) => s.id)).toEqual(['nodes']);
    expect(series('LR').map((s) => (s as unknown as { id: string }).id)).toEqual(['nodes', 'links']);
  });

  it('labels each node’s incoming link with its ports, none on the main device', () => {
    const [, links] = series('TB');
    const root = links.data[0]!;
    expect(root.label.show).toBe(false);
    expect(root.children[0]!.label.formatter).toBe('P2 ↔ port1 · 1G');
  });

  it('lists a node’s open alarms in its tooltip, and only its own', () => {
    const alarms = new Map([
      [
        'SNA1',
        {
          count: 2,
          worst: 3,
          names: [
            { en: 'Offline', zh: '离线' },
            { en: 'Loop', zh: '环路' },
          ],
        },
      ],
    ]);
    const option = topologyOption(tree, 'LR', texts, true, alarms) as unknown as {
      tooltip: { formatter: (p: { data?: { node?: TopologyNode } }) => string };
    };
    const [a1, a2] = tree.children[0]!.children;
    expect(option.tooltip.formatter({ data: { node: a1! } })).toContain('Open alarms: 2: Offline, Loop');
    expect(option.tooltip.formatter({ data: { node: a2! } })).not.toContain('Open alarms');
    const without = topologyOption(tree, 'LR', texts) as unknown as typeof option;
    expect(without.tooltip.formatter({ data: { node: a1! } })).not.toContain('Open alarms');
  });
});
