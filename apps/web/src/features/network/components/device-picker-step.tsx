import { useState } from 'react';
import { Button, Input, Radio, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_LIMIT, type DeviceItem } from '@netconsole/contract';
import { paginationProps } from '#shared/components/pagination.tsx';
import { notify } from '#shared/notify.ts';
import { searchUnassigned, useUnassignedDevices } from '../api/search-devices.ts';
import {
  DEVICE_KINDS,
  KIND_TYPE,
  chosenIds,
  selectAll,
  toggle,
  type Chosen,
  type ChosenDevice,
  type DeviceKind,
} from './wizard-state.ts';

const pick = (d: DeviceItem): ChosenDevice => ({ _id: d._id, SN: d.SN, Alias: d.Alias });

/**
 * spec §2 wizard step 2: the type selector (gateway single, switches and APs multi), search by
 * alias, SN or MAC, select-all (refused on the gateway type), over the devices in no network.
 */
export function DevicePickerStep({ chosen, onChange }: { chosen: Chosen; onChange: (c: Chosen) => void }) {
  const { t } = useTranslation('network-dialogs');
  const { t: tc } = useTranslation('common');
  const [kind, setKind] = useState<DeviceKind>('gateway');
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState({ page: 1, limit: 10 });
  const [selectingAll, setSelectingAll] = useState(false);
  const query = { type: KIND_TYPE[kind], search, ...paging };
  const devices = useUnassignedDevices(query);
  const selected = chosenIds(chosen, kind);

  const choose = (d: DeviceItem) => onChange(toggle(chosen, kind, pick(d)));

  const chooseAll = async () => {
    if (kind === 'gateway') return notify.warning(t('wizard.selectType'));
    setSelectingAll(true);
    try {
      // Every device the search matches, not only this page's.
      const all = await searchUnassigned({ ...query, page: 1, limit: MAX_LIMIT });
      const next = selectAll(chosen, kind, all.list.map(pick));
      if (next !== 'select-type') onChange(next);
    } finally {
      setSelectingAll(false);
    }
  };

  const columns: TableColumnsType<DeviceItem> = [
    { key: 'alias', title: t('wizard.columns.alias'), dataIndex: 'Alias', ellipsis: true },
    { key: 'sn', title: t('wizard.columns.sn'), dataIndex: 'SN' },
    { key: 'mac', title: t('wizard.columns.mac'), dataIndex: 'MAC' },
    { key: 'model', title: t('wizard.columns.model'), dataIndex: 'Model' },
    {
      key: 'status',
      title: t('wizard.columns.status'),
      render: (_, d) => (
        <Tag color={d.Online ? 'green' : 'default'}>
          {d.Online ? t('wizard.online') : t('wizard.offline')}
        </Tag>
      ),
    },
  ];

  return (
    <div className="network-step" data-testid="wizard-step-devices">
      <div className="network-toolbar">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as DeviceKind);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={DEVICE_KINDS.map((k) => ({
            value: k,
            label: <span data-testid={`wizard-type-${k}`}>{t(`wizard.kinds.${k}`)}</span>,
          }))}
          aria-label={t('wizard.type')}
        />
        <Input.Search
          allowClear
          placeholder={t('wizard.search')}
          onSearch={(v) => {
            setSearch(v.trim());
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ maxWidth: 280 }}
          data-testid="wizard-search"
        />
        <Button onClick={() => void chooseAll()} loading={selectingAll} data-testid="wizard-select-all">
          {t('wizard.selectAll')}
        </Button>
      </div>
      <p className="network-hint">{t(`wizard.kindHints.${kind}`)}</p>
      <Table<DeviceItem>
        size="small"
        rowKey="_id"
        columns={columns}
        dataSource={devices.data?.list ?? []}
        loading={devices.isFetching}
        locale={{ emptyText: t('wizard.noDevices') }}
        rowSelection={{
          type: 'checkbox',
          hideSelectAll: true,
          selectedRowKeys: selected,
          onSelect: (d) => choose(d),
        }}
        onRow={(d) => ({
          'data-testid': `wizard-device-${d.SN}`,
          onClick: (e) => {
            // The checkbox has its own handler; a click elsewhere on the row chooses too.
            if (!(e.target as HTMLElement).closest('.ant-table-selection-column')) choose(d);
          },
        })}
        pagination={paginationProps(
          {
            total: devices.data?.count ?? 0,
            page: paging.page,
            limit: paging.limit,
            onChange: (page, limit) => setPaging({ page, limit }),
          },
          (total) => tc('pagination.total', { total }),
        )}
        data-testid="wizard-devices"
      />
      <div className="network-chosen" data-testid="wizard-chosen">
        <span className="network-field-label">{t('wizard.chosen')}</span>
        {chosen.gateway ? (
          <Tag color="blue" data-testid="wizard-chosen-gateway">
            {t('wizard.chosenGateway', { name: chosen.gateway.Alias || chosen.gateway.SN })}
          </Tag>
        ) : null}
        {chosen.switches.length + chosen.aps.length > 0 && (
          <Tag data-testid="wizard-chosen-count">
            {t('wizard.chosenCount', { switches: chosen.switches.length, aps: chosen.aps.length })}
          </Tag>
        )}
        {!chosen.gateway && chosen.switches.length + chosen.aps.length === 0 && (
          <span className="network-hint">{t('wizard.chosenNone')}</span>
        )}
      </div>
    </div>
  );
}
