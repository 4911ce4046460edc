import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { Button, Tooltip } from 'antd';
import { LoadingSkeleton } from '#shared/components/loading-skeleton.tsx';
import { CompressOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EChartsType } from 'echarts/core';
import { PDF_CAPTURE_END, PDF_CAPTURE_START } from '#shared/pdf/export-pdf.ts';
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
import { alarmedNodes, type AlarmsBySn } from './topology-alarms.ts';
import {
  MARK_SCALE_VAR,
  markPlace,
  markScale,
  TopologyAlarmMarks,
  type AlarmMarkPlace,
} from './topology-alarm-marks.tsx';
import {
  MAX_SCALE,
  MIN_SCALE,
  ZOOM_STEP,
  fitView,
  keyAction,
  panBy,
  showsPortLabels,
  zoomAt,
  type View,
} from './topology-viewport.ts';

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
      alarms: (alarms) =>
        t('alarm.tooltip', {
          count: alarms.count,
          types: alarms.names.map((n) => n[lang]).join(lang === 'zh' ? '、' : ', '),
        }),
      field: {
        type: t('field.type'),
        model: t('field.model'),
        status: t('field.status'),
        sn: t('field.sn'),
        mac: t('field.mac'),
        link: t('field.link'),
        level: t('field.level'),
        alarms: t('field.alarms'),
      },
    }),
    [t, lang],
  );
}

export interface TopologyChartProps {
  tree: TopologyNode;
  orient: TopologyOrient;
  /** Height of the visible area; the drawing zooms and pans inside it. */
  height: number | string;
  /** Open alarms by device SN: their nodes carry a mark (the topology now, cloud mode). */
  alarms?: AlarmsBySn | undefined;
  'data-testid'?: string;
}

/** Sharper than the screen by this much, so zooming in up to 2× stays crisp. */
const PIXEL_RATIO = Math.min(3, (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1) * 2);

/**
 * A topology drawn with ECharts' tree at the size that keeps every label apart, shown through a
 * viewport that opens fitted to the whole drawing, and zooms (wheel, buttons, + / −) and pans
 * (drag, arrow keys); 0 or the fit button fits it again. Shown too small for the port labels to be
 * read, it is drawn without them and a hint says to zoom in; PDF export draws them anyway. The
 * viewport is a focusable, named region. It carries what the canvas shows for tests and assistive
 * tools: `data-nodes`, `data-changed` (names of the nodes marked changed, `|`-separated),
 * `data-rendered`, `data-scale`, `data-ports` (1 when the port labels are drawn) and `data-alarms`
 * (`SN:count:worst level` of the nodes marked with open alarms, `|`-separated).
 */
export function TopologyChart({ tree, orient, height, alarms, 'data-testid': testId }: TopologyChartProps) {
  const { t } = useTranslation('topology-view');
  const texts = useTopologyTexts();
  const viewport = useRef<HTMLDivElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [available, setAvailable] = useState({ width: 0, height: 0 });
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  /** The viewer zoomed or panned: a resize of the window then keeps their view. */
  const touched = useRef(false);

  const shape = useMemo(() => treeShape(tree), [tree]);
  const size = useMemo(() => chartSize(shape, orient), [shape, orient]);
  const ports = showsPortLabels(view.scale);
  const option = useMemo(
    () => topologyOption(tree, orient, texts, ports, alarms),
    [tree, orient, texts, ports, alarms],
  );
  const changed = useMemo(() => changedNodes(tree).map(nodeName), [tree]);
  const alarmed = useMemo(() => alarmedNodes(tree, alarms), [tree, alarms]);
  /** Where the marks of `alarmed` go: known once ECharts has laid the tree out. */
  const [places, setPlaces] = useState<AlarmMarkPlace[]>([]);

  useLayoutEffect(() => {
    const el = viewport.current;
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
        chart.current = init(box.current, undefined, { devicePixelRatio: PIXEL_RATIO });
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

  // A new view opens fitted, whole; a tree too big even at the smallest scale opens on what
  // matters: the first changed node of a record, else the main device. Refetches of the same view
  // keep the viewer's zoom and place.
  const focus = changed.length > 0 ? changedNodes(tree)[0]!.MAC : null;
  const viewKey = `${orient}|${tree.MAC}|${focus ?? ''}|${size.width}x${size.height}`;
  const shownKey = useRef('');
  const fit = useCallback(() => {
    const at = chart.current ? nodePosition(chart.current, focus ?? tree.MAC, orient) : null;
    setView(fitView(size, available, at));
  }, [size, available, focus, tree.MAC, orient]);
  useEffect(() => {
    if (!ready || !chart.current || available.width === 0) return;
    chart.current.resize({ width: size.width, height: size.height });
    // Drawn afresh each time: ECharts' tree diffing throws when nodes come and go between
    // updates (`__edge` of null), and a 25-node tree costs nothing to lay out again.
    chart.current.clear();
    chart.current.setOption(option, { notMerge: true });
    const drawnChart = chart.current;
    setPlaces(
      alarmed.flatMap(({ node, alarms: open }) => {
        const at = nodePosition(drawnChart, node.MAC, orient);
        return at ? [markPlace(node, open, at)] : [];
      }),
    );
    if (shownKey.current === viewKey) return;
    shownKey.current = viewKey;
    touched.current = false;
    fit();
  }, [ready, option, size.width, size.height, viewKey, available.width, fit, alarmed, orient]);
  // The window (or the help panel) changed the viewport: fit again unless the viewer moved.
  useEffect(() => {
    if (ready && !touched.current && shownKey.current) fit();
  }, [available.width, available.height, ready, fit]);

  // PDF export takes the drawing at 100 %: with its port labels, whatever the zoom on screen.
  const drawn = useRef({ option, ports, tree, orient, texts, alarms });
  useLayoutEffect(() => {
    drawn.current = { option, ports, tree, orient, texts, alarms };
  });
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const redraw = (full: boolean) => {
      const d = drawn.current;
      // Only a drawing without its port labels differs from the paper's.
      if (!chart.current || d.ports) return;
      chart.current.clear();
      // setOption renders synchronously, so the capture that follows sees this drawing.
      chart.current.setOption(full ? topologyOption(d.tree, d.orient, d.texts, true, d.alarms) : d.option, {
        notMerge: true,
      });
    };
    // On paper the drawing is at 100 %: the alarm marks too, not enlarged as when zoomed out.
    const marks = () => el.querySelector<HTMLElement>('.topology-alarm-marks');
    const start = () => {
      marks()?.style.setProperty(MARK_SCALE_VAR, '1');
      redraw(true);
    };
    const end = () => {
      marks()?.style.removeProperty(MARK_SCALE_VAR);
      redraw(false);
    };
    el.addEventListener(PDF_CAPTURE_START, start);
    el.addEventListener(PDF_CAPTURE_END, end);
    return () => {
      el.removeEventListener(PDF_CAPTURE_START, start);
      el.removeEventListener(PDF_CAPTURE_END, end);
    };
  }, []);

  const change = useCallback((next: (v: View) => View) => {
    touched.current = true;
    setView(next);
  }, []);
  const centre = () => ({ x: available.width / 2, y: available.height / 2 });
  const zoom = (factor: number) => change((v) => zoomAt(v, factor, centre(), size, available));

  // Wheel zooms at the pointer; the listener is not passive, so the page does not scroll too.
  const wheelState = useRef({ size, available });
  useLayoutEffect(() => {
    wheelState.current = { size, available };
  });
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      const { size: content, available: room } = wheelState.current;
      const factor = Math.exp(-Math.max(-100, Math.min(100, e.deltaY)) / 300);
      change((v) => zoomAt(v, factor, { x: e.clientX - rect.left, y: e.clientY - rect.top }, content, room));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [change]);

  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    drag.current = { ...d, x: e.clientX, y: e.clientY };
    change((v) => panBy(v, dx, dy, size, available));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget || e.ctrlKey || e.metaKey || e.altKey) return;
    const action = keyAction(e.key);
    if (!action) return;
    e.preventDefault();
    if (action === 'fit') {
      touched.current = true;
      fit();
    } else if ('zoom' in action) zoom(action.zoom);
    else change((v) => panBy(v, action.pan[0], action.pan[1], size, available));
  };

  const percent = Math.round(view.scale * 100);
  return (
    <div className="topology-frame">
      <div
        ref={viewport}
        className="topology-viewport"
        style={{ height }}
        tabIndex={0}
        role="region"
        aria-label={
          alarmed.length > 0
            ? `${t('drawing', { count: shape.nodes })}; ${t('alarm.region', { count: alarmed.length })}`
            : t('drawing', { count: shape.nodes })
        }
        aria-describedby="topology-keys"
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        data-testid={testId}
        data-rendered={ready ? '1' : '0'}
        data-orient={orient}
        data-nodes={shape.nodes}
        data-changed={changed.join('|')}
        data-alarms={alarmed.map((a) => `${a.node.SN}:${a.alarms.count}:${a.alarms.worst}`).join('|')}
        data-scale={view.scale.toFixed(3)}
        data-ports={ports ? '1' : '0'}
        data-pdf-expand
      >
        <div
          ref={stage}
          className="topology-stage"
          style={
            {
              width: size.width,
              height: size.height,
              transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
              [MARK_SCALE_VAR]: markScale(view.scale),
            } as CSSProperties
          }
          data-testid="topology-stage"
          data-pdf-natural
        >
          <div ref={box} className="topology-canvas" style={{ width: size.width, height: size.height }} />
          <TopologyAlarmMarks places={places} />
        </div>
        {!ready && !failed && <LoadingSkeleton paragraph={{ rows: 6 }} className="topology-skeleton" />}
      </div>
      <div className="topology-hint" aria-live="polite" data-pdf-hide>
        {!ports && <span data-testid="topology-ports-hint">{t('portsHidden')}</span>}
      </div>
      <div className="topology-zoom" data-pdf-hide>
        <Tooltip title={t('zoomOut')}>
          <Button
            size="small"
            icon={<ZoomOutOutlined />}
            aria-label={t('zoomOut')}
            disabled={view.scale <= MIN_SCALE + 1e-6}
            onClick={() => zoom(1 / ZOOM_STEP)}
            data-testid="topology-zoom-out"
          />
        </Tooltip>
        <span className="topology-zoom-value" aria-live="polite" data-testid="topology-zoom-value">
          {percent}%
        </span>
        <Tooltip title={t('zoomIn')}>
          <Button
            size="small"
            icon={<ZoomInOutlined />}
            aria-label={t('zoomIn')}
            disabled={view.scale >= MAX_SCALE - 1e-6}
            onClick={() => zoom(ZOOM_STEP)}
            data-testid="topology-zoom-in"
          />
        </Tooltip>
        <Tooltip title={t('fit')}>
          <Button
            size="small"
            icon={<CompressOutlined />}
            aria-label={t('fit')}
            onClick={() => {
              touched.current = true;
              fit();
            }}
            data-testid="topology-fit"
          />
        </Tooltip>
      </div>
      <p id="topology-keys" className="topology-keys">
        {t('keys')}
      </p>
    </div>
  );
}
