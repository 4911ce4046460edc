import { useState, type HTMLAttributes } from 'react';
import { Alert, Button, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, DIAG_DEVICES_MAX, type DeviceItem } from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { useTypedSearch } from '#shared/use-typed-search.ts';
import { useAllNetworks } from '#shared/networks.ts';
import { useChooserDevices } from '../api/devices.ts';

/** The server refuses longer searches (deviceFilterQuery). */
const SEARCH_MAX = 64;

interface ChooserParams {
  /** A network's _id; absent: every network. */
  network?: string;
  search: string;
  page: number;
  limit: number;
}

export interface DeviceChooserProps {
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  /** Prefix of the test ids (`<testId>-network`, `<testId>-device-<SN>`, …). */
  testId: string;
}

/**
 * The devices a diagnosis runs from: a network first (or all), then its devices, online ones
 * first, by name, SN or MAC; rows are ticked page by page, or every online device shown at once up
 * to DIAG_DEVICES_MAX. The ticks survive a change of network or search.
 */
export function DeviceChooser({ selected, onChange, testId }: DeviceChooserProps) {
  const { t } = useTranslation('diagnosis-common');
  const [params, setParams] = useState<ChooserParams>({ search: '', page: 1, limit: DEFAULT_LIMIT });
  const search = useTypedSearch(setParams);
  const { network, page, limit } = params;
  const devices = useChooserDevices({ network, search: params.search });
  const networks = useAllNetworks();
  const names = new Map((networks.data?.list ?? []).map((n) => [n._id, n.Name]));
  const all = devices.data ?? [];
  const online = all.filter((d) => d.Online);
  const rows = all.slice((page - 1) * limit, page * limit);

  const selectOnline = () => {
    const ids = new Set(selected);
    for (const d of online) if (ids.size < DIAG_DEVICES_MAX) ids.add(d._id);
    onChange([...ids]);
  };

  const columns: TableColumnsType<DeviceItem> = [
    {
      key: 'device',
      title: t('chooser.column.device'),
      render: (_, d) => (
        <span className="diag-wrap">
          <span className="diag-strong">{d.Alias}</span>
          {d.Alias !== d.SN && <span className="diag-muted diag-small"> · {d.SN}</span>}
        </span>
      ),
    },
    {
      key: 'network',
      title: t('chooser.column.network'),
      responsive: ['md'],
      render: (_, d) => (d.Parent ? (names.get(d.Parent) ?? '—') : '—'),
    },
    { key: 'model', dataIndex: 'Model', title: t('chooser.column.model'), responsive: ['lg'] },
    {
      key: 'online',
      title: t('chooser.column.online'),
      render: (_, d) => (
        <Tag color={d.Online ? 'success' : 'default'}>
          {d.Online ? t('chooser.online') : t('chooser.offline')}
        </Tag>
      ),
    },
  ];

  return (
    <div className="diag-chooser" data-testid={`${testId}-chooser`}>
      <div className="diag-toolbar">
        <Select
          className="diag-filter"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('chooser.allNetworks')}
          aria-label={t('chooser.network')}
          value={network}
          options={(networks.data?.list ?? []).map((n) => ({ value: n._id, label: n.Name }))}
          onChange={(value?: string) => setParams((p) => ({ ...p, network: value, page: 1 }))}
          data-testid={`${testId}-network`}
        />
        <Input
          className="diag-search"
          prefix={<SearchOutlined className="diag-muted" />}
          placeholder={t('chooser.search')}
          aria-label={t('chooser.search')}
          allowClear
          maxLength={SEARCH_MAX}
          {...search}
          onPressEnter={(e) => {
            // Enter searches; it must not send the form the chooser sits in.
            e.preventDefault();
            search.onPressEnter();
          }}
          data-testid={`${testId}-search`}
        />
      </div>
      <div className="diag-selection">
        <span data-testid={`${testId}-selected-count`}>
          {t('chooser.selected', { count: selected.length, max: DIAG_DEVICES_MAX })}
        </span>
        {online.length > 0 && (
          <Button size="small" onClick={selectOnline} data-testid={`${testId}-select-online`}>
            {t('chooser.selectOnline', { count: Math.min(online.length, DIAG_DEVICES_MAX) })}
          </Button>
        )}
        {selected.length > 0 && (
          <Button size="small" type="link" onClick={() => onChange([])} data-testid={`${testId}-clear`}>
            {t('chooser.clear')}
          </Button>
        )}
      </div>
      {selected.length > DIAG_DEVICES_MAX && (
        <Alert
          type="warning"
          showIcon
          className="diag-alert"
          title={t('chooser.tooMany', { max: DIAG_DEVICES_MAX })}
        />
      )}
      <div className="diag-table">
        <Table<DeviceItem>
          rowKey="_id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={devices.isFetching && !devices.data}
          pagination={false}
          rowSelection={{
            selectedRowKeys: selected as string[],
            preserveSelectedRowKeys: true,
            onChange: (keys) => onChange(keys as string[]),
            getCheckboxProps: (d) => ({ 'aria-label': d.Alias }) as object,
          }}
          onRow={(d) => ({ 'data-testid': `${testId}-device-${d.SN}` }) as HTMLAttributes<HTMLElement>}
          locale={{ emptyText: t('chooser.none') }}
        />
      </div>
      {all.length > limit && (
        <div className="diag-pagination">
          <Pagination
            total={all.length}
            page={page}
            limit={limit}
            onChange={(next, size) => setParams((p) => ({ ...p, page: next, limit: size }))}
          />
        </div>
      )}
    </div>
  );
}
