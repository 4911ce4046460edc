import { useRef, useState, type ReactNode } from 'react';
import { Button, Card, Empty, Tooltip } from 'antd';
import { FileImageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { EChartsCoreOption } from 'echarts/core';
import { LazyChart } from '#shared/chart/lazy-chart.tsx';
import { notify } from '#shared/notify.ts';
import { exportFileName, saveFile } from './csv.ts';

export interface FlowChartProps {
  title: ReactNode;
  /** Null while there is nothing to draw: the card says `empty` (or that it is loading). */
  option: EChartsCoreOption | null;
  loading?: boolean;
  /** The PNG's name without the date. */
  fileName: string;
  height?: number;
  extra?: ReactNode;
  /** What an empty chart says (default: no traffic in the period). */
  emptyText?: string;
  testId: string;
}

/**
 * A chart in a card with "Save as PNG": ECharts' own `getDataURL` of the drawn canvas (twice the
 * pixels, on white), so the file is the chart as shown, legend and axes included.
 */
export function FlowChart({
  title,
  option,
  loading,
  fileName,
  height = 260,
  extra,
  emptyText,
  testId,
}: FlowChartProps) {
  const { t } = useTranslation('flow-common');
  const box = useRef<HTMLDivElement>(null);
  const [saving, setSaving] = useState(false);
  const savePng = async () => {
    setSaving(true);
    try {
      // The instance LazyChart made on its inner box (the same echarts/core module, so its registry).
      const { getInstanceByDom } = await import('echarts/core');
      const canvasBox = box.current?.querySelector<HTMLElement>('[data-rendered="1"] > div');
      const chart = canvasBox ? getInstanceByDom(canvasBox) : undefined;
      if (!chart) throw new Error('no chart drawn');
      saveFile(
        chart.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' }),
        exportFileName(fileName, 'png'),
      );
    } catch (error) {
      console.error(error);
      notify.error(t('export.pngFailed'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card
      size="small"
      title={title}
      className="flow-chart"
      data-testid={testId}
      data-state={loading ? 'loading' : option ? 'draw' : 'empty'}
      extra={
        <div className="flow-card-extra">
          {extra}
          <Tooltip title={t('export.png')}>
            <Button
              size="small"
              icon={<FileImageOutlined />}
              aria-label={t('export.png')}
              disabled={!option}
              loading={saving}
              onClick={() => void savePng()}
              data-testid={`${testId}-png`}
              data-pdf-hide
            />
          </Tooltip>
        </div>
      }
    >
      <div ref={box}>
        {option ? (
          <LazyChart option={option} height={height} data-testid={`${testId}-canvas`} />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={loading ? t('loading') : (emptyText ?? t('noData'))}
            style={{ height: height - 32, margin: '16px 0 0' }}
          />
        )}
      </div>
    </Card>
  );
}
