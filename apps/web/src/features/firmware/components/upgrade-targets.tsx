import { useMemo, useState, type HTMLAttributes } from 'react';
import { Button, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LIMIT,
  DELIVERY_MAX_DEVICES,
  type DeviceItem,
  type FirmwareItem,
} from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { useTypedSearch } from '#shared/use-typed-search.ts';
import { useAllNetworks } from '#shared/networks.ts';
import { useModelDevices, type ModelDevicesFilter } from '../api/images.ts';

/** The server refuses longer searches (deviceFilterQuery). */
const SEARCH_MAX = 64;

interface TargetParams {
  /** A network's _id; absent: every network. */
  network?: string;
  search: string;
  page: number;
  limit: number;
}

export interface UpgradeTargetsProps {
  image: FirmwareItem | null;
  selected: readonly string[];
  onChange: (ids: string[]) => void;
}

/**
 * The devices an image can go to: only those of its model and hardware version (a mismatch is
 * refused by the server anyway), by network and search, with the version each runs; rows are
 * picked page by page, or every matching device at once up to DELIVERY_MAX_DEVICES.
 */
export function UpgradeTargets({ image, selected, onChange }: UpgradeTargetsProps) {
  const { t } = useTranslation('firmware-upgrade');
  const [params, setParams] = useState<TargetParams>({ search: '', page: 1, limit: DEFAULT_LIMIT });
  const search = useTypedSearch(setParams);
  const { network, page, limit } = params;
  const filter: ModelDevicesFilter | null = useMemo(
    () => (image ? { Model: image.Model, HWVersion: image.HWVersion, network, search: params.search } : null),
    [image, network, params.search],
  );
  const devices = useModelDevices(filter);
  const networks = useAllNetworks();
  const names = new Map((networks.data?.list ?? []).map((n) => [n._id, n.Name]));
  const all = devices.data ?? [];
  const rows = all.slice((page - 1) * limit, page * limit);

  if (!image) return <p className="firmware-muted">{t('form.chooseImageFirst')}</p>;

  const columns: TableColumnsType<DeviceItem> = [
    {
      key: 'device',
      title: t('form.column.device'),
      render: (_, d) => (
        <div className="firmware-stack">
          <span className="firmware-strong">{d.Alias}</span>
          {d.Alias !== d.SN && <span className="firmware-muted">{d.SN}</span>}
        </div>
      ),
    },
    {
      key: 'network',
      title: t('form.column.network'),
      responsive: ['md'],
      render: (_, d) => (d.Parent ? (names.get(d.Parent) ?? '—') : '—'),
    },
    {
      key: 'online',
      title: t('form.column.online'),
      render: (_, d) => (
        <Tag color={d.Online ? 'success' : 'default'}>{d.Online ? t('form.online') : t('form.offline')}</Tag>
      ),
    },
    {
      key: 'version',
      title: t('form.column.version'),
      render: (_, d) => (
        <span className="firmware-nowrap">
          {d.FWVersion || '—'} {d.FWVersion === image.FWVersion && <Tag>{t('form.already')}</Tag>}
        </span>
      ),
    },
  ];

  return (
    <div className="firmware-targets">
      <div className="firmware-toolbar">
        <div className="firmware-toolbar-filters">
          <Select
            className="firmware-filter"
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('form.allNetworks')}
            aria-label={t('form.network')}
            value={network}
            options={(networks.data?.list ?? []).map((n) => ({ value: n._id, label: n.Name }))}
            onChange={(value?: string) => setParams((p) => ({ ...p, network: value, page: 1 }))}
            data-testid="upgrade-target-network"
          />
          <Input
            className="firmware-search"
            prefix={<SearchOutlined className="firmware-muted" />}
            placeholder={t('form.search')}
            aria-label={t('form.search')}
            allowClear
            maxLength={SEARCH_MAX}
            {...search}
            onPressEnter={(e) => {
              // Enter searches; it must not send the form the list sits in.
              e.preventDefault();
              search.onPressEnter();
            }}
            data-testid="upgrade-target-search"
          />
        </div>
      </div>
      <div className="firmware-toolbar">
        <span data-testid="upgrade-selected-count">
          {t('form.selected', { count: selected.length, model: image.Model, hw: image.HWVersion })}
        </span>
        <span className="firmware-toolbar-filters">
          {all.length > 0 && (
            <Button
              size="small"
              onClick={() => onChange(all.slice(0, DELIVERY_MAX_DEVICES).map((d) => d._id))}
              data-testid="upgrade-select-all"
            >
              {t('form.selectAll', { count: Math.min(all.length, DELIVERY_MAX_DEVICES) })}
            </Button>
          )}
          {selected.length > 0 && (
            <Button size="small" type="link" onClick={() => onChange([])} data-testid="upgrade-select-clear">
              {t('form.clear')}
            </Button>
          )}
        </span>
      </div>
      <div className="firmware-table">
        <Table<DeviceItem>
          rowKey="_id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={devices.isFetching}
          pagination={false}
          rowSelection={{
            selectedRowKeys: selected as string[],
            preserveSelectedRowKeys: true,
            onChange: (keys) => onChange(keys as string[]),
            getCheckboxProps: (d) => ({ 'aria-label': d.Alias }) as object,
          }}
          onRow={(d) => ({ 'data-testid': `upgrade-target-${d.SN}` }) as HTMLAttributes<HTMLElement>}
          locale={{ emptyText: t('form.noDevices', { model: image.Model, hw: image.HWVersion }) }}
          data-testid="upgrade-targets"
        />
      </div>
      <div className="firmware-pagination">
        <Pagination
          total={all.length}
          page={page}
          limit={limit}
          onChange={(next, size) => setParams((p) => ({ ...p, page: next, limit: size }))}
        />
      </div>
    </div>
  );
}
