import { useState } from 'react';
import { Button, Empty, Popconfirm, Select, Spin } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { NetworkItem } from '@netconsole/contract';
import { formatDateTime } from '#shared/format.ts';
import { useDeleteNetlog, useNetlog } from '../api/netlog.ts';

/**
 * A network's log on the dashboard: what happened in it, newest first; an entry or the whole log
 * can be removed (`DELETE /v1/dashboard/delNetlog`, after confirmation).
 */
export function NetworkLog({ networks }: { networks: NetworkItem[] }) {
  const { t } = useTranslation('dashboard-overview');
  const [chosen, setChosen] = useState<string | null>(null);
  const network = chosen ?? networks[0]?._id ?? null;
  const log = useNetlog(network);
  const remove = useDeleteNetlog();
  if (network === null) return <p className="dashboard-muted">{t('netlog.noNetwork')}</p>;
  return (
    <div className="dashboard-netlog" data-testid="dashboard-netlog">
      <div className="dashboard-netlog-bar" data-pdf-hide>
        <Select
          aria-label={t('netlog.network')}
          value={network}
          onChange={setChosen}
          options={networks.map((n) => ({ value: n._id, label: n.Name }))}
          // A tenant with many networks finds one by typing (the list shows only a few at a time).
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 180 }}
          data-testid="dashboard-netlog-network"
        />
        <Popconfirm
          title={t('netlog.clearConfirm')}
          onConfirm={() => remove.mutate({ Network: network })}
          okText={t('netlog.clear')}
        >
          <Button disabled={!log.data?.count} data-testid="dashboard-netlog-clear">
            {t('netlog.clear')}
          </Button>
        </Popconfirm>
      </div>
      {log.isPending ? (
        <Spin size="small" />
      ) : log.data && log.data.list.length > 0 ? (
        <ul className="dashboard-netlog-list">
          {log.data.list.map((e) => (
            <li key={e._id} data-testid="dashboard-netlog-entry" data-code={e.Code}>
              <span className="dashboard-muted">{formatDateTime(e.CreateTime)}</span>
              <span className="dashboard-netlog-text">{e.Text}</span>
              <Popconfirm title={t('netlog.removeConfirm')} onConfirm={() => remove.mutate({ _id: e._id })}>
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('netlog.remove')}
                  data-pdf-hide
                  data-testid="dashboard-netlog-remove"
                />
              </Popconfirm>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('netlog.empty')} />
      )}
    </div>
  );
}
