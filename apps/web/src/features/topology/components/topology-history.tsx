import { Empty, Spin } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TopologyRecord } from '@netconsole/contract';
import { formatDateTime } from '#shared/format.ts';

export interface TopologyHistoryProps {
  records: TopologyRecord[] | undefined;
  pending: boolean;
  selected: string | null;
  onSelect: (id: string | null) => void;
}

/**
 * The last ten topologies, newest first: when each held (CreateTime – EndTime, the newest "in
 * force") and how many nodes changed against the one before. Choosing one draws it.
 */
export function TopologyHistory({ records, pending, selected, onSelect }: TopologyHistoryProps) {
  const { t } = useTranslation('topology-view');
  return (
    <div className="topology-history" data-testid="topology-history">
      <div className="topology-history-title">
        <HistoryOutlined /> {t('history')}
      </div>
      <p className="topology-muted topology-history-hint">{t('historyHint')}</p>
      {pending && <Spin size="small" />}
      {!pending && (records ?? []).length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('historyEmpty')} />
      )}
      <ol className="topology-history-list">
        {(records ?? []).map((r, index) => {
          const active = r._id === selected;
          return (
            <li key={r._id}>
              <button
                type="button"
                className={`topology-history-item${active ? ' is-active' : ''}`}
                aria-pressed={active}
                data-testid={`topology-history-${index}`}
                data-active={active ? '1' : '0'}
                data-changed={r.Changed}
                onClick={() => onSelect(active ? null : r._id)}
              >
                <span className="topology-history-time">
                  <span className="topology-muted">{t('created')}</span> {formatDateTime(r.CreateTime)}
                </span>
                <span className="topology-history-time">
                  <span className="topology-muted">{t('ended')}</span>{' '}
                  {r.EndTime ? (
                    formatDateTime(r.EndTime)
                  ) : (
                    <span className="topology-in-force">{t('inForce')}</span>
                  )}
                </span>
                {r.Changed > 0 && (
                  <span className="topology-history-badge">{t('changedCount', { count: r.Changed })}</span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
