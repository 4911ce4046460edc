import { useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption, EChartsType } from 'echarts/core';
import { LoadingSkeleton } from '#shared/components/loading-skeleton.tsx';
import { useReducedMotion } from '#shared/reduced-motion.ts';
import type * as Echarts from './echarts.ts';

/** ECharts is fetched the first time a chart is shown, once for every chart. */
let loading: Promise<typeof Echarts> | null = null;
function loadEcharts() {
  loading ??= import('./echarts.ts');
  return loading;
}

export interface LazyChartProps {
  /** Replaces the chart's option (not merged), so series that went away disappear. */
  option: EChartsCoreOption;
  height?: number;
  'data-testid'?: string;
}

/**
 * One ECharts chart, loaded on demand: a skeleton until the library arrives, then a canvas that
 * follows its box's size. `data-rendered` is set once the option is drawn. With reduced motion
 * (the user's system setting) the series appear without animation.
 */
export function LazyChart({ option, height = 240, 'data-testid': testId }: LazyChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const reduced = useReducedMotion();

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    loadEcharts().then(
      ({ init }) => {
        if (cancelled || !box.current) return;
        chart.current = init(box.current);
        observer = new ResizeObserver(() => chart.current?.resize());
        observer.observe(box.current);
        setReady(true);
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (ready)
      chart.current?.setOption(reduced ? { ...option, animation: false } : option, { notMerge: true });
  }, [ready, option, reduced]);

  return (
    <div data-testid={testId} data-rendered={ready ? '1' : '0'} style={{ position: 'relative', height }}>
      <div ref={box} style={{ position: 'absolute', inset: 0 }} />
      {!ready && !failed && <LoadingSkeleton paragraph={{ rows: 4 }} />}
    </div>
  );
}
