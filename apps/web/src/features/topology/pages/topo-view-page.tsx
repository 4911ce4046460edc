import { useRef } from 'react';
import { Button, Card, Empty, Select } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ExportPdfButton } from '#shared/pdf/export-pdf-button.tsx';
import { formatDateTime } from '#shared/format.ts';
import { useNetworks } from '../api/get-networks.ts';
import { TopologyDrawing, useTopologyData } from '../components/topology-drawing.tsx';
import { topologyLink, useFirstNetworkByDefault, useTopologyParams } from '../components/topology-params.ts';
import { OrientSwitch } from '../components/orient-switch.tsx';
import './topology.css';

/**
 * spec §2 /dashboard/topoView (hidden): the topology screen's drawing over the whole window — the
 * same network, orientation and history record (from the URL) — for a wall screen or a big tree.
 */
export default function TopoViewPage() {
  const { t } = useTranslation('topology-view');
  const [params, update] = useTopologyParams();
  const navigate = useNavigate();
  const networks = useNetworks();
  const list = networks.data?.list ?? [];
  const network = list.find((n) => n._id === params.network) ?? null;
  const data = useTopologyData(params.network, params.record);
  const area = useRef<HTMLDivElement>(null);
  const records = data.history.data?.list ?? [];
  // Opened without `?_id=` (a bookmark, a typed address): the first network, as the topology screen.
  useFirstNetworkByDefault(params, update, list[0]?._id);

  if (networks.isSuccess && list.length === 0) {
    return (
      <Card>
        <Empty description={t('noNetworks')} data-testid="topology-no-networks" />
      </Card>
    );
  }

  return (
    <div className="topo-view" data-testid="topo-view">
      <div className="topo-view-bar">
        <strong className="topo-view-name">{network?.Name ?? t('title')}</strong>
        <OrientSwitch size="small" value={params.orient} onChange={(orient) => update({ orient })} />
        <Select
          size="small"
          aria-label={t('recordSelect')}
          className="topo-view-record"
          value={params.record ?? ''}
          onChange={(record: string) => update({ record: record || null })}
          options={[
            { value: '', label: t('current') },
            ...records.map((r) => ({
              value: r._id,
              label: `${formatDateTime(r.CreateTime)}${r.Changed > 0 ? ` · ${t('changedCount', { count: r.Changed })}` : ''}`,
            })),
          ]}
          data-testid="topo-view-record"
          popupMatchSelectWidth={false}
        />
        <span className="topo-view-spacer" />
        <ExportPdfButton
          size="small"
          target={area}
          fileName={`topology-${network?.Name ?? ''}`}
          data-testid="topology-export"
        />
        <Button
          size="small"
          icon={<CloseOutlined />}
          onClick={() => void navigate(topologyLink('/dashboard/topology', params))}
          data-testid="topo-view-close"
        >
          {t('close')}
        </Button>
      </div>
      <div ref={area} className="topo-view-area">
        <TopologyDrawing data={data} orient={params.orient} height="calc(100vh - 180px)" />
      </div>
    </div>
  );
}
