import type { EChartsCoreOption } from 'echarts/core';
import type { TopologyNode } from '@netconsole/contract';
import {
  SPACING,
  ellipsis,
  escapeHtml,
  linkText,
  nodeName,
  richSafe,
  type TopologyOrient,
} from './topology-model.ts';
import { nodeAlarms, type AlarmsBySn, type NodeAlarms } from './topology-alarms.ts';
import { PORT_LABEL_PX } from './topology-viewport.ts';

/** The texts the drawing shows, in the viewer's language. */
export interface TopologyTexts {
  type: (type: number | null) => string;
  status: (status: string | null) => string;
  changed: string;
  portPrefix: string;
  /** A node's open alarms in its tooltip, e.g. "2: Device offline, CPU usage too high". */
  alarms: (alarms: NodeAlarms) => string;
  /** Tooltip field names. */
  field: {
    type: string;
    model: string;
    status: string;
    sn: string;
    mac: string;
    link: string;
    level: string;
    alarms: string;
  };
}

export const STATUS_COLORS: Record<string, string> = {
  Online: '#52c41a',
  Offline: '#ff4d4f',
  Useless: '#faad14',
};
/** A neighbour that is no device of the network (status unknown). */
export const UNKNOWN_COLOR = '#8c8c8c';
export const CHANGED_COLOR = '#fa541c';

/** Type badge colours: 1 AC, 2 AP, 3 switch, 4 router; 0 a neighbour that is no device. */
const TYPE_BADGES: Record<number, string> = {
  0: '#8c8c8c',
  1: '#722ed1',
  2: '#13c2c2',
  3: '#1677ff',
  4: '#2f54eb',
};
/** The symbol tells the type apart at a glance, its colour the status. */
const TYPE_SYMBOLS: Record<number, string> = {
  0: 'emptyCircle',
  1: 'rect',
  2: 'circle',
  3: 'roundRect',
  4: 'diamond',
};

const STATUS_STYLES: Record<string, string> = { Online: 'on', Offline: 'off', Useless: 'useless' };

interface TreeDatum {
  name: string;
  value: string;
  node: TopologyNode;
  symbol: string;
  symbolSize: number | [number, number];
  itemStyle: Record<string, unknown>;
  label: Record<string, unknown>;
  children: TreeDatum[];
}

function statusColor(node: TopologyNode): string {
  return (node.Status && STATUS_COLORS[node.Status]) || UNKNOWN_COLOR;
}

function nodeLabel(node: TopologyNode, texts: TopologyTexts): string {
  const type = node.Type ?? 0;
  const head = `{t${type}|${richSafe(texts.type(node.Type))}} {alias|${richSafe(ellipsis(nodeName(node), 20))}}`;
  const style = (node.Status && STATUS_STYLES[node.Status]) || 'unknown';
  const status = node.Status === null ? '' : ` {${style}|● ${richSafe(texts.status(node.Status))}}`;
  const model = node.Model ? `{model|${richSafe(ellipsis(node.Model, 16))}}` : '';
  const changed = node.Changed ? ` {changed|${richSafe(texts.changed)}}` : '';
  const second = `${model}${status}${changed}`.trim();
  return second ? `${head}\n${second}` : head;
}

/**
 * Where a node's label sits: every label on the same side, so nodes one slot apart never reach
 * each other's — beside the node across the levels (horizontal), under it (vertical). An inner
 * node's outgoing link passes behind its label's background.
 */
function labelPlacement(orient: TopologyOrient): Record<string, unknown> {
  return orient === 'LR'
    ? { position: 'right', align: 'left', verticalAlign: 'middle', distance: 10 }
    : { position: 'bottom', align: 'center', verticalAlign: 'top', distance: 10 };
}

/** A node's symbol (width, height in px): the main device biggest, APs smallest, switches wide. */
export function symbolSize(node: TopologyNode): [number, number] {
  const size = node.Level === 0 ? 26 : node.Type === 2 ? 16 : 20;
  return node.Type === 3 ? [size + 8, size - 4] : [size, size];
}

function toDatum(
  node: TopologyNode,
  orient: TopologyOrient,
  texts: TopologyTexts,
  ports: boolean,
): TreeDatum {
  const children = node.children.map((c) => toDatum(c, orient, texts, ports));
  const base = { name: node.MAC, value: nodeName(node), node, children };
  if (ports) {
    // The link series: no symbol, a label on the link this node hangs from.
    const text = linkText(node, texts.portPrefix);
    return {
      ...base,
      symbol: 'none',
      symbolSize: 1,
      itemStyle: {},
      label: {
        show: text !== '',
        formatter: richSafe(text),
        ...(orient === 'LR'
          ? { position: 'left', align: 'right', verticalAlign: 'bottom', distance: 14, offset: [0, -2] }
          : { position: 'top', align: 'right', verticalAlign: 'bottom', distance: 14, offset: [-5, 0] }),
      },
    };
  }
  const [width, height] = symbolSize(node);
  return {
    ...base,
    symbol: TYPE_SYMBOLS[node.Type ?? 0] ?? 'circle',
    symbolSize: width === height ? width : [width, height],
    itemStyle: {
      color: node.Type === null ? '#fff' : statusColor(node),
      borderColor: node.Changed ? CHANGED_COLOR : node.Type === null ? UNKNOWN_COLOR : '#fff',
      borderWidth: node.Changed ? 3 : 1.5,
      shadowBlur: node.Changed ? 10 : 2,
      shadowColor: node.Changed ? CHANGED_COLOR : 'rgba(0,0,0,0.25)',
    },
    label: {
      formatter: nodeLabel(node, texts),
      ...labelPlacement(orient),
      ...(node.Changed
        ? { backgroundColor: '#fff7e6', borderColor: '#ffbb96', borderWidth: 1 }
        : { backgroundColor: 'rgba(255,255,255,0.92)' }),
    },
  };
}

function tooltip(node: TopologyNode, texts: TopologyTexts, alarms: AlarmsBySn | undefined): string {
  const rows: [string, string][] = [
    [texts.field.type, texts.type(node.Type)],
    [texts.field.model, node.Model || '—'],
    [texts.field.status, node.Status === null ? '—' : texts.status(node.Status)],
    [texts.field.sn, node.SN ?? '—'],
    [texts.field.mac, node.MAC],
    [texts.field.level, String(node.Level)],
  ];
  const link = linkText(node, texts.portPrefix);
  if (link) rows.push([texts.field.link, link]);
  const open = nodeAlarms(node, alarms);
  if (open) rows.push([texts.field.alarms, texts.alarms(open)]);
  const title = `<b>${escapeHtml(nodeName(node))}</b>${node.Changed ? ` <span style="color:${CHANGED_COLOR}">${escapeHtml(texts.changed)}</span>` : ''}`;
  return `${title}<br/>${rows.map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`).join('<br/>')}`;
}

const RICH = {
  alias: { fontSize: 13, fontWeight: 600, color: '#1f1f1f', lineHeight: 18 },
  model: { fontSize: 12, color: '#595959', lineHeight: 18, padding: [0, 4, 0, 0] },
  on: { fontSize: 12, color: STATUS_COLORS.Online },
  off: { fontSize: 12, color: STATUS_COLORS.Offline },
  useless: { fontSize: 12, color: STATUS_COLORS.Useless },
  unknown: { fontSize: 12, color: UNKNOWN_COLOR },
  changed: {
    fontSize: 11,
    color: '#fff',
    backgroundColor: CHANGED_COLOR,
    borderRadius: 3,
    padding: [1, 4],
  },
  ...Object.fromEntries(
    Object.entries(TYPE_BADGES).map(([type, color]) => [
      `t${type}`,
      { fontSize: 11, color: '#fff', backgroundColor: color, borderRadius: 3, padding: [1, 4] },
    ]),
  ),
};

/**
 * The drawing: two `tree` series laid out alike (same data, box and orientation) — the first
 * draws links, nodes (type by shape, status by colour, changed ones ringed) and node labels, the
 * second only the port labels on each node's incoming link (ECharts' tree has no edge labels).
 * Nothing collapses or roams, so the two stay in register; the canvas is sized to the tree.
 * Without `ports` (the drawing shown too small for them to be read) the second series is left out.
 * A node's open `alarms` are in its tooltip; its mark is drawn over the canvas (topology-chart.tsx).
 */
export function topologyOption(
  tree: TopologyNode,
  orient: TopologyOrient,
  texts: TopologyTexts,
  ports = true,
  alarms?: AlarmsBySn,
): EChartsCoreOption {
  const m = SPACING[orient].margin;
  const common = {
    type: 'tree',
    orient,
    layout: 'orthogonal',
    edgeShape: 'polyline',
    // Vertical: the fork below the parent's label; horizontal: past the parent's label.
    edgeForkPosition: orient === 'TB' ? '58%' : '56%',
    initialTreeDepth: -1,
    expandAndCollapse: false,
    roam: false,
    animation: false,
    top: m.top,
    bottom: m.bottom,
    left: m.left,
    right: m.right,
  };
  return {
    animation: false,
    tooltip: {
      trigger: 'item',
      // Outside the zoomed stage, so the tooltip keeps its size at any zoom.
      appendTo: 'body',
      formatter: (p: { data?: { node?: TopologyNode } }) =>
        p.data?.node ? tooltip(p.data.node, texts, alarms) : '',
    },
    series: [
      {
        ...common,
        id: 'nodes',
        data: [toDatum(tree, orient, texts, false)],
        lineStyle: { color: '#adc6ff', width: 1.6, curveness: 0 },
        label: { fontSize: 12, padding: [3, 6], borderRadius: 4, rich: RICH },
        emphasis: { focus: 'none' },
      },
      ...(ports ? [linkSeries(tree, orient, texts, common)] : []),
    ],
  };
}

/** The port labels' series (see topologyOption). */
function linkSeries(
  tree: TopologyNode,
  orient: TopologyOrient,
  texts: TopologyTexts,
  common: Record<string, unknown>,
): Record<string, unknown> {
  return {
    ...common,
    id: 'links',
    silent: true,
    z: 3,
    data: [toDatum(tree, orient, texts, true)],
    lineStyle: { opacity: 0, width: 0 },
    label: {
      fontSize: PORT_LABEL_PX,
      color: '#1d39c4',
      backgroundColor: 'rgba(240,245,255,0.95)',
      padding: [1, 4],
      borderRadius: 3,
    },
    emphasis: { disabled: true },
  };
}
