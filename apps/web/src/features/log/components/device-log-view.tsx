import { useState } from 'react';
import { Select, Tag, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DEFAULT_LIMIT,
  logStatusLabels,
  switchEventTypeLabels,
  type DeviceLogItem,
  type Lang,
  type LogStatus,
  type SwitchEventType,
} from '@netconsole/contract';
import { formatDateTime } from '#shared/format.ts';
import { useLogCount } from '../api/audit-log.ts';
import { useDeviceLog, type DeviceLogParams } from '../api/device-log.ts';
import { PortAndActive, StatusBadge } from './entry-parts.tsx';
import { ExportButton } from './export-button.tsx';
import { FilterInput, LevelFilter } from './filter-fields.tsx';
import { HandledActions, useHandledSelection } from './handled-actions.tsx';
import { LevelTag } from './level-tag.tsx';
import { LogSummary } from './log-summary.tsx';
import { LogTable, timeColumn, useFirstPageOn } from './log-table.tsx';
import { MoreFilters } from '#shared/components/more-filters.tsx';
import { useTypedFilter } from './use-typed-filter.ts';

const MODULE_PATTERN = /^[a-z0-9_.-]+$/i;

/** The filters the page holds for both views: time range, network, device. */
export interface SharedFilters {
  From?: number;
  To?: number;
  Network?: string;
  SN?: string;
}

type OwnParams = Pick<DeviceLogParams, 'page' | 'limit' | 'Level' | 'Module' | 'Status' | 'search'>;

/** What happened in a line: its kind, the event type or subsystem, and the port it names. */
function What({ entry, lang }: { entry: DeviceLogItem; lang: Lang }) {
  const { t } = useTranslation('log-device');
  const type = entry.Type !== null ? switchEventTypeLabels[entry.Type as SwitchEventType]?.[lang] : undefined;
  return (
    <div className="log-stack">
      <span>
        <Tag bordered={false}>{t(`kind.${entry.Kind}`)}</Tag>
        {type ?? <span className="log-mono">{entry.Module || '—'}</span>}
      </span>
      <PortAndActive port={entry.Port} active={entry.Active} />
    </div>
  );
}

/**
 * The device logs (GET /v1/log/getdevicelog): `logs` lines and events of the devices the page's
 * filters choose, by level, subsystem, state and text, with their counts, handled or new again in
 * bulk, exported as CSV.
 */
export function DeviceLogView({ shared }: { shared: SharedFilters }) {
  const { t, i18n } = useTranslation('log-device');
  const lang = i18n.language as Lang;
  const [own, setOwn] = useState<OwnParams>({ page: 1, limit: DEFAULT_LIMIT });
  const selection = useHandledSelection<DeviceLogItem>();
  const module = useTypedFilter(setOwn, 'Module');
  const text = useTypedFilter(setOwn, 'search');
  useFirstPageOn(shared, setOwn);
  // The server takes a subsystem of letters, digits and `_ . -` (deviceLogFilters): anything else
  // is marked on the field rather than sent to be refused.
  const moduleValid = own.Module === undefined || MODULE_PATTERN.test(own.Module);
  const params: DeviceLogParams = { ...own, Module: moduleValid ? own.Module : undefined, ...shared };
  const log = useDeviceLog(params, true);
  const { page: _page, limit: _limit, ...filters } = params;
  const counts = useLogCount('device', filters);
  const set = (change: Partial<OwnParams>) => setOwn((p) => ({ ...p, ...change, page: 1 }));
  const folded = [own.Level, own.Status, own.Module].filter((v) => v !== undefined).length;
  const stateBadge = (e: DeviceLogItem) => <StatusBadge status={e.Status} lang={lang} />;
  const deviceLink = (e: DeviceLogItem) => (
    <Link to={`/device/info?SN=${encodeURIComponent(e.SN)}`} data-testid={`device-log-sn-${e._id}`}>
      {e.DeviceName}
    </Link>
  );

  const wideColumns: TableColumnsType<DeviceLogItem> = [
    timeColumn(t('column.time')),
    {
      key: 'device',
      title: t('column.device'),
      render: (_, e) => (
        <div className="log-stack">
          {deviceLink(e)}
          {e.DeviceName !== e.SN && <span className="log-muted log-small log-mono">{e.SN}</span>}
        </div>
      ),
    },
    {
      key: 'network',
      title: t('column.network'),
      responsive: ['xl'],
      render: (_, e) => e.NetworkName ?? '—',
    },
    {
      key: 'what',
      title: t('column.what'),
      responsive: ['lg'],
      render: (_, e) => <What entry={e} lang={lang} />,
    },
    {
      key: 'level',
      title: t('column.level'),
      responsive: ['md'],
      render: (_, e) => <LevelTag level={e.Level} lang={lang} />,
    },
    {
      key: 'text',
      title: t('column.text'),
      render: (_, e) => <span className="log-wrap">{e.Text}</span>,
    },
    { key: 'status', title: t('column.status'), render: (_, e) => stateBadge(e) },
  ];
  // A phone reads an entry as one block beside its state.
  const phoneColumns: TableColumnsType<DeviceLogItem> = [
    {
      key: 'entry',
      title: t('column.entry'),
      render: (_, e) => (
        <div className="log-stack">
          <span>
            {deviceLink(e)} <LevelTag level={e.Level} lang={lang} />
          </span>
          <span className="log-small log-nowrap">{formatDateTime(e.ActiveTime)}</span>
          <span className="log-wrap">{e.Text}</span>
          <What entry={e} lang={lang} />
        </div>
      ),
    },
    { key: 'status', title: t('column.status'), width: 100, render: (_, e) => stateBadge(e) },
  ];

  return (
    <>
      <div className="log-toolbar">
        <div className="log-filters">
          <FilterInput
            label={t('filter.search')}
            icon={SearchOutlined}
            filter={text}
            testId="device-log-search"
          />
          <MoreFilters active={folded} testId="device-log-more">
            <LevelFilter
              value={own.Level}
              onChange={(Level) => set({ Level })}
              placeholder={t('filter.allLevels')}
              label={t('filter.level')}
              lang={lang}
              testId="device-log-level"
            />
            <Select
              className="log-filter"
              allowClear
              value={own.Status}
              placeholder={t('filter.allStatuses')}
              aria-label={t('filter.status')}
              onChange={(Status?: LogStatus) => set({ Status })}
              options={([0, 1] as const).map((s) => ({ value: s, label: logStatusLabels[s][lang] }))}
              data-testid="device-log-status"
            />
            <FilterInput
              label={t('filter.module')}
              filter={module}
              maxLength={32}
              status={moduleValid ? undefined : 'error'}
              title={moduleValid ? undefined : t('filter.moduleInvalid')}
              testId="device-log-module"
            />
          </MoreFilters>
        </div>
      </div>
      <div className="log-bar">
        <LogSummary counts={counts.data} moduleLabel={(m) => m || '—'} testId="device-log-summary" />
        <div className="log-actions">
          <HandledActions selected={selection.selected} onDone={selection.clear} testId="device-log" />
          <ExportButton
            kind="device"
            query={filters}
            disabled={(log.data?.count ?? 0) === 0}
            testId="device-log-export"
          />
        </div>
      </div>
      <LogTable<DeviceLogItem>
        columns={wideColumns}
        phoneColumns={phoneColumns}
        list={log}
        page={own.page}
        limit={own.limit}
        onPage={(page, limit) => setOwn((p) => ({ ...p, page, limit }))}
        rowSelection={selection.rowSelection}
        empty={<span data-testid="device-log-empty">{t('empty')}</span>}
        rowData={(e) => ({ 'data-testid': `device-log-row-${e._id}`, 'data-sn': e.SN })}
      />
    </>
  );
}
