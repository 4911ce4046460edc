import { useState } from 'react';
import { Badge, Button, Modal } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  AlarmType,
  DEFAULT_LIMIT,
  alarmTypeLabels,
  enumValues,
  severityLabels,
  type AlarmItem,
  type Lang,
  type Severity,
} from '@netconsole/contract';
import {
  ALL,
  FilterSelect,
  type FilterSelectProps,
  type FilterValue,
} from '#shared/components/filter-select.tsx';
import { Pagination } from '#shared/components/pagination.tsx';
import { useLiveStatus, useLiveInvalidate } from '#shared/live/use-live.ts';
import { MoreFilters } from '#shared/components/more-filters.tsx';
import { notify } from '#shared/notify.ts';
import { ALARM_LIST_KEY, useAlarms, useHandleAlarms, type AlarmListParams } from '../api/alarms.ts';
import { useNetworkChoices } from '#shared/networks.ts';
import { AlarmTable } from './alarm-table.tsx';

/** A filter of the toolbar: its options carry `alarm-<name>-option-<value|all>` for tests. */
function AlarmFilter(props: Omit<FilterSelectProps, 'scope' | 'className' | 'popupMatchSelectWidth'>) {
  return <FilterSelect scope="alarm" className="alarm-select" popupMatchSelectWidth={false} {...props} />;
}

/**
 * The Alarms tab: the tenant's open and past alarms, filtered by network (`?network=` from the
 * dashboard), type, level, status and handling, live; untreated ones are marked treated one or
 * several at a time after a confirmation.
 */
export function AlarmListTab({ network }: { network: string | null }) {
  const { t, i18n } = useTranslation('alarm-settings');
  const lang = i18n.language as Lang;
  const [params, setParams] = useState<AlarmListParams>({
    page: 1,
    limit: DEFAULT_LIMIT,
    ...(network && { Network: network }),
  });
  const alarms = useAlarms(params);
  const networks = useNetworkChoices();
  const handle = useHandleAlarms();
  const live = useLiveStatus();
  const [confirming, setConfirming] = useState<AlarmItem[] | null>(null);
  // Ticked rows of this page: another page or filter starts a new selection.
  const [selected, setSelected] = useState<string[]>([]);
  const [selectedFor, setSelectedFor] = useState(params);
  if (selectedFor !== params) {
    setSelectedFor(params);
    setSelected([]);
  }
  useLiveInvalidate('alarm', [ALARM_LIST_KEY]);

  const rows = alarms.data?.list ?? [];
  const filter = <K extends keyof AlarmListParams>(key: K, value: FilterValue) =>
    setParams((p) => ({ ...p, [key]: value === ALL ? undefined : value, page: 1 }));
  const treat = (items: AlarmItem[]) =>
    handle.mutate(
      items.map((a) => a._id),
      {
        onSuccess: () => {
          notify.success(t('list.marked', { count: items.length }));
          setSelected([]);
          setConfirming(null);
        },
        // Toasted by the app's error policy; the confirmation stays for another try.
      },
    );

  return (
    <div data-testid="alarm-list">
      <div className="alarm-toolbar">
        <div className="alarm-filters">
          <AlarmFilter
            name="network"
            label={t('list.network')}
            value={params.Network ?? ALL}
            onChange={(v) => filter('Network', v)}
            options={[
              { value: ALL, label: t('list.allNetworks') },
              ...(networks.data ?? []).map((n) => ({ value: n.id, label: n.name })),
            ]}
          />
          <AlarmFilter
            name="type"
            label={t('list.type')}
            value={params.Type ?? ALL}
            onChange={(v) => filter('Type', v)}
            options={[
              { value: ALL, label: t('list.allTypes') },
              ...enumValues(AlarmType).map((v) => ({ value: v, label: alarmTypeLabels[v][lang] })),
            ]}
          />
          {/* A phone keeps the network and type in sight and folds the rest away. */}
          <MoreFilters
            active={[params.Level, params.Status, params.Handle].filter((v) => v !== undefined).length}
            testId="alarm-more-filters"
          >
            <AlarmFilter
              name="level"
              label={t('list.level')}
              value={params.Level ?? ALL}
              onChange={(v) => filter('Level', v)}
              options={[
                { value: ALL, label: t('list.allLevels') },
                ...([3, 2, 1] as Severity[]).map((v) => ({ value: v, label: severityLabels[v][lang] })),
              ]}
            />
            <AlarmFilter
              name="status"
              label={t('list.status')}
              value={params.Status ?? ALL}
              onChange={(v) => filter('Status', v)}
              options={[
                { value: ALL, label: t('list.allStatuses') },
                { value: 'open', label: t('status.open') },
                { value: 'cleared', label: t('status.clearedShort') },
              ]}
            />
            <AlarmFilter
              name="handled"
              label={t('list.handled')}
              value={params.Handle ?? ALL}
              onChange={(v) => filter('Handle', v)}
              options={[
                { value: ALL, label: t('list.allHandled') },
                { value: 0, label: t('handle.0') },
                { value: 1, label: t('handle.1') },
              ]}
            />
          </MoreFilters>
        </div>
        <div className="alarm-filters">
          {selected.length > 0 && (
            <Button
              icon={<CheckOutlined />}
              onClick={() => setConfirming(rows.filter((a) => selected.includes(a._id)))}
              data-testid="alarm-treat-selected"
            >
              {t('list.markSelected', { count: selected.length })}
            </Button>
          )}
          <Badge
            status={live === 'open' ? 'success' : 'processing'}
            text={live === 'open' ? t('live.open') : t('live.away')}
            data-testid="alarm-live"
            data-status={live}
          />
        </div>
      </div>
      <AlarmTable
        alarms={rows}
        loading={alarms.isFetching && !alarms.data}
        selected={selected}
        onSelect={setSelected}
        onTreat={setConfirming}
      />
      <div className="alarm-pagination">
        <Pagination
          total={alarms.data?.count ?? 0}
          page={params.page}
          limit={params.limit}
          onChange={(page, limit) => setParams((p) => ({ ...p, page, limit }))}
        />
      </div>
      <Modal
        open={confirming !== null}
        title={t('list.confirmTitle', { count: confirming?.length ?? 0 })}
        okText={t('list.confirmOk')}
        cancelText={t('list.cancel')}
        confirmLoading={handle.isPending}
        onOk={() => confirming && treat(confirming)}
        onCancel={() => setConfirming(null)}
        okButtonProps={{ 'data-testid': 'alarm-treat-ok' } as never}
        destroyOnHidden
        data-testid="alarm-treat-confirm"
      >
        <p>{t('list.confirmText')}</p>
      </Modal>
    </div>
  );
}
