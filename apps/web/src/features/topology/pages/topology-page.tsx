import { useRef } from 'react';
import { Button, Card, Empty, Popconfirm, Select, Space, type ButtonProps } from 'antd';
import { ExpandOutlined, ReloadOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { notify } from '#shared/notify.ts';
import { ExportPdfButton } from '#shared/pdf/export-pdf-button.tsx';
import { TOPOLOGY_KEY } from '../api/get-lldp-info.ts';
import { useNetworks } from '../api/get-networks.ts';
import { useResetTopology } from '../api/reset-topology.ts';
import { TopologyDrawing, useTopologyData } from '../components/topology-drawing.tsx';
import { TopologyHistory } from '../components/topology-history.tsx';
import { topologyLink, useFirstNetworkByDefault, useTopologyParams } from '../components/topology-params.ts';
import { OrientSwitch } from '../components/orient-switch.tsx';
import './topology.css';

export const TOPO_VIEW_PATH = '/dashboard/topoView';

/**
 * spec §2 /dashboard/topology: a network's topology from its devices' LLDP reports — the main
 * device as root, vertical or horizontal — with its last ten history records (choosing one draws
 * it with the nodes changed against the record before marked), a reset, the full-window view and
 * export to PDF.
 */
export default function TopologyPage() {
  const { t } = useTranslation('topology-view');
  const [params, update] = useTopologyParams();
  const networks = useNetworks();
  const list = networks.data?.list ?? [];
  const network = list.find((n) => n._id === params.network) ?? null;
  const data = useTopologyData(params.network, params.record);
  const reset = useResetTopology();
  const queryClient = useQueryClient();
  const area = useRef<HTMLDivElement>(null);

  useFirstNetworkByDefault(params, update, list[0]?._id);

  const runReset = () => {
    if (!params.network) return;
    reset.mutate(params.network, {
      onSuccess: (reply) => {
        notify.success(t('resetDone', { count: reply.list.Asked }));
        update({ record: null });
      },
    });
  };

  if (networks.isSuccess && list.length === 0) {
    return (
      <Card>
        <Empty description={t('noNetworks')} data-testid="topology-no-networks" />
      </Card>
    );
  }

  return (
    <div className="topology-page" data-testid="topology-page">
      <Card size="small" className="topology-toolbar">
        <Space wrap size={[12, 8]}>
          <span className="topology-muted" id="topology-network-label">
            {t('network')}
          </span>
          <Select
            aria-labelledby="topology-network-label"
            className="topology-network-select"
            value={params.network ?? undefined}
            placeholder={t('chooseNetwork')}
            loading={networks.isPending}
            onChange={(value: string) => update({ network: value, record: null })}
            options={list.map((n) => ({
              value: n._id,
              label: <span data-testid={`topology-network-option-${n.Name}`}>{n.Name}</span>,
            }))}
            showSearch={{ optionFilterProp: 'title' }}
            data-testid="topology-network"
            popupMatchSelectWidth={false}
          />
          <OrientSwitch value={params.orient} onChange={(orient) => update({ orient })} />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: TOPOLOGY_KEY })}
            data-testid="topology-refresh"
          >
            {t('refresh')}
          </Button>
          <Link to={topologyLink(TOPO_VIEW_PATH, params)} data-testid="topology-full">
            <Button icon={<ExpandOutlined />}>{t('fullWindow')}</Button>
          </Link>
          <ExportPdfButton
            target={area}
            fileName={`topology-${network?.Name ?? ''}`}
            data-testid="topology-export"
          />
          {/* Only with a network to reset (a disabled danger button would be unreadable grey). */}
          {params.network && (
            <Popconfirm
              title={t('resetConfirm', { name: network?.Name ?? '' })}
              description={<div className="topology-confirm">{t('resetHint')}</div>}
              okText={t('ok')}
              cancelText={t('cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'confirm-ok' } as ButtonProps}
              onConfirm={runReset}
            >
              <Button danger icon={<UndoOutlined />} loading={reset.isPending} data-testid="topology-reset">
                {t('reset')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Card>
      <div className="topology-body">
        <Card size="small" className="topology-main">
          <div ref={area} className="topology-area">
            {network && <h2 className="topology-title">{network.Name}</h2>}
            <TopologyDrawing
              data={data}
              orient={params.orient}
              height="max(420px, calc(100vh - 330px))"
              onCurrent={() => update({ record: null })}
            />
          </div>
        </Card>
        <Card size="small" className="topology-side">
          <TopologyHistory
            records={data.history.data?.list}
            pending={data.history.isPending && Boolean(params.network)}
            selected={data.record?._id ?? null}
            onSelect={(record) => update({ record })}
          />
        </Card>
      </div>
    </div>
  );
}
