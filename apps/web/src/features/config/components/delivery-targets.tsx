import { useMemo, useState, type HTMLAttributes } from 'react';
import { Alert, Button, Checkbox, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LIMIT, DELIVERY_MAX_DEVICES, type ConfigDeviceItem } from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { useAllNetworks } from '#shared/networks.ts';
import { useTypedSearch } from '#shared/use-typed-search.ts';
import { matchingTargetIds, useTargetDevices, type TargetFilter } from '../api/deliveries.ts';

/** The server refuses longer searches and models (configDevicesQuery). */
const TEXT_MAX = 64;

interface TargetParams {
  page: number;
  limit: number;
  search: string;
  network: string | undefined;
  model: string;
  drift: boolean;
}

export interface DeliveryTargetsProps {
  /** The chosen profile's _id; null lists nothing yet. */
  profile: string | null;
  selected: readonly string[];
  onChange: (ids: string[]) => void;
}

/**
 * The devices a profile can go to (GET /v1/config/apdevice: its type, with what each runs, should
 * run, and drift), filtered by network, model, search and drift; rows are picked page by page, or
 * every matching device at once up to the delivery's limit (DELIVERY_MAX_DEVICES), which is said.
 */
export function DeliveryTargets({ profile, selected, onChange }: DeliveryTargetsProps) {
  const { t } = useTranslation('config-delivery');
  const [params, setParams] = useState<TargetParams>({
    page: 1,
    limit: DEFAULT_LIMIT,
    search: '',
    network: undefined,
    model: '',
    drift: false,
  });
  const search = useTypedSearch(setParams);
  const [model, setModel] = useState('');
  const [selectingAll, setSelectingAll] = useState(false);
  const [tooMany, setTooMany] = useState<number | null>(null);
  const filter: TargetFilter | null = useMemo(
    () =>
      profile === null
        ? null
        : {
            profile,
            network: params.network,
            model: params.model,
            search: params.search,
            drift: params.drift,
          },
    [profile, params.network, params.model, params.search, params.drift],
  );
  const devices = useTargetDevices(filter, params.page, params.limit);
  const networks = useAllNetworks();
  const count = devices.data?.count ?? 0;
  const none = t('form.none');

  const selectAll = async () => {
    if (!filter) return;
    setSelectingAll(true);
    try {
      onChange(await matchingTargetIds(filter, DELIVERY_MAX_DEVICES));
      setTooMany(count > DELIVERY_MAX_DEVICES ? count : null);
    } finally {
      setSelectingAll(false);
    }
  };

  const revision = (ref: ConfigDeviceItem['Running']) =>
    ref ? t('form.revision', { revision: ref.Revision }) : none;

  const columns: TableColumnsType<ConfigDeviceItem> = [
    {
      key: 'device',
      title: t('form.column.device'),
      render: (_, d) => (
        <div className="delivery-device-name">
          <span className="delivery-strong">{d.Alias}</span>
          {d.Alias !== d.SN && <span className="delivery-muted">{d.SN}</span>}
        </div>
      ),
    },
    { key: 'model', dataIndex: 'Model', title: t('form.column.model'), responsive: ['md'] },
    {
      key: 'online',
      title: t('form.column.online'),
      render: (_, d) => (
        <Tag color={d.Online ? 'success' : 'default'}>{d.Online ? t('form.online') : t('form.offline')}</Tag>
      ),
    },
    { key: 'running', title: t('form.column.running'), render: (_, d) => revision(d.Running) },
    {
      key: 'assigned',
      title: t('form.column.assigned'),
      responsive: ['md'],
      render: (_, d) => revision(d.Assigned),
    },
    {
      key: 'drift',
      title: t('form.column.drift'),
      render: (_, d) => (d.Drift ? <Tag color="warning">{t('form.driftTag')}</Tag> : null),
    },
  ];

  if (profile === null) return <p className="delivery-muted">{t('form.chooseProfileFirst')}</p>;

  return (
    <div className="delivery-targets">
      <div className="delivery-toolbar">
        <Select
          className="delivery-filter"
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('form.allNetworks')}
          aria-label={t('form.network')}
          value={params.network}
          options={(networks.data?.list ?? []).map((n) => ({ value: n._id, label: n.Name }))}
          onChange={(network?: string) => setParams((p) => ({ ...p, network, page: 1 }))}
          data-testid="delivery-target-network"
        />
        <Input
          className="delivery-filter"
          placeholder={t('form.model')}
          aria-label={t('form.model')}
          allowClear
          maxLength={TEXT_MAX}
          value={model}
          onChange={(e) => {
            setModel(e.target.value);
            if (!e.target.value) setParams((p) => ({ ...p, model: '', page: 1 }));
          }}
          onBlur={() =>
            setParams((p) => (p.model === model.trim() ? p : { ...p, model: model.trim(), page: 1 }))
          }
          onPressEnter={() => setParams((p) => ({ ...p, model: model.trim(), page: 1 }))}
          data-testid="delivery-target-model"
        />
        <Input
          className="delivery-filter delivery-filter-search"
          prefix={<SearchOutlined className="delivery-muted" />}
          placeholder={t('form.search')}
          aria-label={t('form.search')}
          allowClear
          maxLength={TEXT_MAX}
          {...search}
          data-testid="delivery-target-search"
        />
        <Checkbox
          checked={params.drift}
          onChange={(e) => setParams((p) => ({ ...p, drift: e.target.checked, page: 1 }))}
          data-testid="delivery-target-drift"
        >
          {t('form.drift')}
        </Checkbox>
      </div>
      <div className="delivery-selection">
        <span data-testid="delivery-selected-count">{t('form.selected', { count: selected.length })}</span>
        {count > 0 && (
          <Button
            size="small"
            loading={selectingAll}
            onClick={() => void selectAll()}
            data-testid="delivery-select-all"
          >
            {t('form.selectAll', { count })}
          </Button>
        )}
        {selected.length > 0 && (
          <Button
            size="small"
            type="link"
            onClick={() => {
              onChange([]);
              setTooMany(null);
            }}
            data-testid="delivery-select-clear"
          >
            {t('form.clear')}
          </Button>
        )}
      </div>
      {tooMany !== null && (
        <Alert
          type="warning"
          showIcon
          className="delivery-alert"
          title={t('form.tooMany', { max: DELIVERY_MAX_DEVICES, count: tooMany })}
          data-testid="delivery-too-many"
        />
      )}
      <div className="delivery-table">
        <Table<ConfigDeviceItem>
          rowKey="_id"
          size="small"
          columns={columns}
          dataSource={devices.data?.list ?? []}
          loading={devices.isFetching}
          pagination={false}
          rowSelection={{
            selectedRowKeys: selected as string[],
            preserveSelectedRowKeys: true,
            onChange: (keys) => {
              onChange(keys as string[]);
              if (keys.length <= DELIVERY_MAX_DEVICES) setTooMany(null);
            },
            getCheckboxProps: (d) => ({ 'aria-label': d.Alias }) as object,
          }}
          onRow={(d) => ({ 'data-testid': `delivery-target-${d.SN}` }) as HTMLAttributes<HTMLElement>}
          data-testid="delivery-targets"
        />
      </div>
      <div className="delivery-pagination">
        <Pagination
          total={count}
          page={params.page}
          limit={params.limit}
          onChange={(page, limit) => setParams((p) => ({ ...p, page, limit }))}
        />
      </div>
    </div>
  );
}
