import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EChartsType } from 'echarts/core';
import type * as TopologyEcharts from './topology-echarts.ts';
import { deviceStatusLabels, deviceTypeLabels, type Lang, type TopologyNode } from '@netconsole/contract';
import {
  SPACING,
  changedNodes,
  chartSize,
  nodeName,
  treeShape,
  type TopologyOrient,
} from './topology-model.ts';
import { topologyOption, type TopologyTexts } from './topology-option.ts';

/** The part of ECharts' model read to find where the tree layout put a node. */
interface LaidOutChart {
  getModel?: () => {
    getSeriesByIndex: (
      index: number,
    ) =>
      | { getData: () => { indexOfName: (name: string) => number; getItemLayout: (i: number) => unknown } }
      | undefined;
  };
}

/** Where a node (by MAC, the data name) sits on the canvas; null if ECharts does not say. */
function nodePosition(
  chart: EChartsType,
  mac: string,
  orient: TopologyOrient,
): { x: number; y: number } | null {
  try {
    const data = (chart as unknown as LaidOutChart).getModel?.().getSeriesByIndex(0)?.getData();
    const index = data?.indexOfName(mac) ?? -1;
    const layout =
      index >= 0 ? (data?.getItemLayout(index) as { x?: number; y?: number } | undefined) : undefined;
    if (typeof layout?.x !== 'number' || typeof layout.y !== 'number') return null;
    // The layout is relative to the series' box.
    const m = SPACING[orient].margin;
    return { x: layout.x + m.left, y: layout.y + m.top };
  } catch {
    return null;
  }
}

/** ECharts (with the tree) is fetched the first time a topology is drawn. */
let loading: Promise<typeof TopologyEcharts> | null = null;
function loadEcharts() {
  loading ??= import('./topology-echarts.ts');
  return loading;
}

export function useTopologyTexts(): TopologyTexts {
  const { t, i18n } = useTranslation('topology-view');
  const lang: Lang = i18n.language === 'zh' ? 'zh' : 'en';
  return useMemo(
    () => ({
      type: (type) =>
        type !== null && type in deviceTypeLabels
          ? deviceTypeLabels[type as keyof typeof deviceTypeLabels][lang]
          : t('node.neighbour'),
      status: (status) =>
        status !== null && status in deviceStatusLabels
          ? deviceStatusLabels[status as keyof typeof deviceStatusLabels][lang]
          : (status ?? '—'),
      changed: t('node.changed'),
      portPrefix: t('node.portPrefix'),
      field: {
        type: t('field.type'),
        model: t('field.model'),
        status: t('field.status'),
        sn: t('field.sn'),
        mac: t('field.mac'),
        link: t('field.link'),
        level: t('field.level'),
      },
    }),
    [t, lang],
  );
}

export interface TopologyChartProps {
  tree: TopologyNode;
  orient: TopologyOrient;
  /** Height of the visible area; a taller tree scrolls inside it. */
  height: number | string;
  'data-testid'?: string;
}

/**
 * A topology drawn with ECharts' tree, in a scrolling box: the canvas takes the size the tree
 * needs to keep every label apart (at least the visible area). The element carries what the
 * canvas shows for tests and assistive tools: `data-nodes`, `data-changed` (names of the nodes
 * marked changed, `|`-separated) and `data-rendered`.
 */
export function TopologyChart({ tree, orient, height, 'data-testid': testId }: TopologyChartProps) {
  const texts = useTopologyTexts();
  const scroller = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [available, setAvailable] = useState({ width: 0, height: 0 });

  const shape = useMemo(() => treeShape(tree), [tree]);
  const size = chartSize(shape, orient, available);
  const option = useMemo(() => topologyOption(tree, orient, texts), [tree, orient, texts]);
  const changed = useMemo(() => changedNodes(tree).map(nodeName), [tree]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setAvailable({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    let cancelled = false;
    loadEcharts().then(
      ({ init }) => {
        if (cancelled || !box.current) return;
        chart.current = init(box.current);
        setReady(true);
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  // A new view opens on what matters: the first changed node of a record, else the main device
  // (centred across the levels). Refetches of the same view keep the viewer's scrolling.
  const focus = changed.length > 0 ? changedNodes(tree)[0]!.MAC : null;
  const viewKey = `${orient}|${tree.MAC}|${focus ?? ''}|${size.width}x${size.height}`;
  const shownKey = useRef('');
  useEffect(() => {
    const el = scroller.current;
    if (!ready || !chart.current || !el) return;
    chart.current.resize({ width: size.width, height: size.height });
    // Drawn afresh each time: ECharts' tree diffing throws when nodes come and go between
    // updates (`__edge` of null), and a 25-node tree costs nothing to lay out again.
    chart.current.clear();
    chart.current.setOption(option, { notMerge: true });
    if (shownKey.current === viewKey) return;
    shownKey.current = viewKey;
    const at = focus ? nodePosition(chart.current, focus, orient) : null;
    if (at) {
      el.scrollLeft = Math.max(0, at.x - el.clientWidth / 2);
      el.scrollTop = Math.max(0, at.y - el.clientHeight / 2);
    } else if (orient === 'TB') {
      el.scrollLeft = Math.max(0, (size.width - el.clientWidth) / 2);
      el.scrollTop = 0;
    } else {
      el.scrollTop = Math.max(0, (size.height - el.clientHeight) / 2);
      el.scrollLeft = 0;
    }
  }, [ready, option, size.width, size.height, viewKey, focus, orient]);

  return (
    <div
      ref={scroller}
      className="topology-scroll"
      style={{ height }}
      data-testid={testId}
      data-rendered={ready ? '1' : '0'}
      data-orient={orient}
      data-nodes={shape.nodes}
      data-changed={changed.join('|')}
      data-pdf-expand
    >
      <div ref={box} className="topology-canvas" style={{ width: size.width, height: size.height }} />
      {!ready && !failed && <Skeleton active paragraph={{ rows: 6 }} className="topology-skeleton" />}
    </div>
  );
}
