import { Alert, Button, Empty, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LldpHistoryReply, LldpInfoReply, TopologyNode, TopologyRecord } from '@netconsole/contract';
import { useLiveInvalidate } from '#shared/live/use-live.ts';
import { errorMessage } from '#shared/api-client.ts';
import { formatDateTime } from '#shared/format.ts';
import { useSession } from '#shared/session.ts';
import { useLldpHistory } from '../api/get-lldp-history.ts';
import { TOPOLOGY_KEY, useLldpInfo } from '../api/get-lldp-info.ts';
import { useNetworkOpenAlarms } from '../api/get-open-alarms.ts';
import { TopologyChart } from './topology-chart.tsx';
import { TopologyLegend } from './topology-legend.tsx';
import { changedNodes, nodeName, type TopologyOrient } from './topology-model.ts';
import type { AlarmsBySn } from './topology-alarms.ts';

/** Device messages that change what the drawing shows (not the per-second figures). */
const DRAWN_EVENTS = new Set(['status', 'registered', 'unregistered', 'updated']);

export interface TopologyData {
  info: ReturnType<typeof useLldpInfo>;
  history: ReturnType<typeof useLldpHistory>;
  /** The record chosen, when it is among the last ten. */
  record: TopologyRecord | null;
  /** What to draw: the record's tree, else the topology now. */
  tree: TopologyNode | null;
  /**
   * Open alarms by device SN, for the topology now in cloud mode (alarms are a cloud-mode area,
   * spec §2); undefined for a history record, whose devices' alarms now would mislead.
   */
  alarms: AlarmsBySn | undefined;
}

/**
 * A network's topology now and its history, refetched when a device of the tenant goes online or
 * offline (live socket) and every 30 s for LLDP changes, which reach the server without a message;
 * and the network's open alarms, refetched when the live socket says one of them changed.
 */
export function useTopologyData(network: string | null, recordId: string | null): TopologyData {
  const { user } = useSession();
  const open = useNetworkOpenAlarms(network, user?.LoginModel === 'cloud');
  const info = useLldpInfo(network);
  const history = useLldpHistory(network);
  useLiveInvalidate('device', [TOPOLOGY_KEY], {
    when: (d) => DRAWN_EVENTS.has(d.Event),
    delayMs: 1500,
  });
  const record = (recordId && history.data?.list.find((r) => r._id === recordId)) || null;
  return {
    info,
    history,
    record,
    tree: record ? record.list : (info.data?.list ?? null),
    alarms: record ? undefined : open.data,
  };
}

function Caption({
  info,
  record,
  history,
  onCurrent,
}: {
  info: LldpInfoReply | undefined;
  record: TopologyRecord | null;
  history: LldpHistoryReply | undefined;
  onCurrent?: (() => void) | undefined;
}) {
  const { t } = useTranslation('topology-view');
  if (!record) {
    return (
      <div className="topology-caption" data-testid="topology-caption" data-mode="current">
        <strong>{t('current')}</strong>
        {info?.CreateTime != null && (
          <span>{t('currentSince', { time: formatDateTime(info.CreateTime) })}</span>
        )}
        <span className="topology-muted">{t('currentLive')}</span>
      </div>
    );
  }
  const index = history?.list.findIndex((r) => r._id === record._id) ?? -1;
  const first = history !== undefined && index === history.list.length - 1 && history.list.length < 10;
  const span = record.EndTime
    ? t('recordSpan', { from: formatDateTime(record.CreateTime), to: formatDateTime(record.EndTime) })
    : t('recordOpen', { from: formatDateTime(record.CreateTime) });
  return (
    <div className="topology-caption" data-testid="topology-caption" data-mode="record">
      <strong>{t('record')}</strong>
      <span>{span}</span>
      <span className={record.Changed > 0 ? 'topology-changed-text' : 'topology-muted'}>
        {first && record.Changed === 0
          ? t('changedFirst')
          : record.Changed > 0
            ? t('changedCount', { count: record.Changed })
            : t('changedNone')}
      </span>
      {onCurrent && (
        <Button size="small" type="link" onClick={onCurrent} data-testid="topology-current" data-pdf-hide>
          {t('backToCurrent')}
        </Button>
      )}
    </div>
  );
}

export interface TopologyDrawingProps {
  data: TopologyData;
  orient: TopologyOrient;
  height: number | string;
  /** Offered beside a history record's caption. */
  onCurrent?: () => void;
}

/** Caption, legend, the drawing and, for a record, the names of its changed nodes. */
export function TopologyDrawing({ data, orient, height, onCurrent }: TopologyDrawingProps) {
  const { t } = useTranslation('topology-view');
  const { info, history, record, tree, alarms } = data;
  // No network chosen (the query waits for one): say so rather than spin for ever.
  if (info.isPending && info.fetchStatus === 'idle') {
    return (
      <div className="topology-center" style={{ height }}>
        <Empty description={t('chooseNetwork')} data-testid="topology-choose" />
      </div>
    );
  }
  if (info.isPending) {
    return (
      <div className="topology-center" style={{ height }}>
        <Spin />
      </div>
    );
  }
  // A failed refetch keeps the last drawing (TanStack keeps its data); only a first failure shows.
  if (info.isError && !info.data) {
    return <Alert type="error" showIcon message={errorMessage(info.error)} data-testid="topology-error" />;
  }
  if (!tree) {
    return (
      <div className="topology-center" style={{ height }}>
        <Empty description={t('noMain')} data-testid="topology-empty" />
      </div>
    );
  }
  const changed = record ? changedNodes(record.list) : [];
  return (
    <div className="topology-drawing">
      <Caption info={info.data} record={record} history={history.data} onCurrent={onCurrent} />
      <TopologyLegend changed={record !== null} alarms={alarms !== undefined} />
      <TopologyChart
        tree={tree}
        orient={orient}
        height={height}
        alarms={alarms}
        data-testid="topology-chart"
      />
      {changed.length > 0 && (
        <div className="topology-changed-list" data-testid="topology-changed-list">
          <span>{t('changedList')}</span>
          {changed.map((n) => (
            <span key={`${n.Level}-${n.MAC}`} className="topology-changed-chip">
              {nodeName(n)}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}
