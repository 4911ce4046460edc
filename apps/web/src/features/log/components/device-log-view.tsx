import { useState, type HTMLAttributes } from 'react';
import { Badge, Grid, Input, Select, Table, Tag, type TableColumnsType } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  DEFAULT_LIMIT,
  LOG_SEARCH_MAX,
  LogLevel,
  enumValues,
  logLevelLabels,
  logStatusLabels,
  switchEventTypeLabels,
  type DeviceLogItem,
  type Lang,
  type LogStatus,
  type SwitchEventType,
} from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { formatDateTime } from '#shared/format.ts';
import { useLogCount } from '../api/audit-log.ts';
import { useDeviceLog, type DeviceLogParams } from '../api/device-log.ts';
import { ExportButton } from './export-button.tsx';
import { HandledActions } from './handled-actions.tsx';
import { LevelTag } from './level-tag.tsx';
import { LogSummary } from './log-summary.tsx';
import { MoreFilters } from './more-filters.tsx';
import { useTypedFilter } from './use-typed-filter.ts';

const LEVELS = enumValues(LogLevel) as LogLevel[];
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
      {(entry.Port !== null || entry.Active !== null) && (
        <span className="log-muted log-small">
          {entry.Port !== null && t('port', { port: entry.Port })}
          {entry.Port !== null && entry.Active !== null && ' · '}
          {entry.Active !== null && t(entry.Active ? 'active.raised' : 'active.cleared')}
        </span>
      )}
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
  const [selected, setSelected] = useState<string[]>([]);
  const module = useTypedFilter(setOwn, 'Module');
  const text = useTypedFilter(setOwn, 'search');
  // A change of the page's filters shows their first page.
  const [sharedSeen, setSharedSeen] = useState(shared);
  if (sharedSeen !== shared) {
    setSharedSeen(shared);
    setOwn((p) => ({ ...p, page: 1 }));
  }
  // The server takes a subsystem of letters, digits and `_ . -` (deviceLogFilters): anything else
  // is marked on the field rather than sent to be refused.
  const moduleValid = own.Module === undefined || MODULE_PATTERN.test(own.Module);
  const params: DeviceLogParams = { ...own, Module: moduleValid ? own.Module : undefined, ...shared };
  const log = useDeviceLog(params, true);
  const { page: _page, limit: _limit, ...filters } = params;
  const counts = useLogCount('device', filters);
  const set = (change: Partial<OwnParams>) => setOwn((p) => ({ ...p, ...change, page: 1 }));
  const phone = Grid.useBreakpoint().md === false;
  const folded = [own.Level, own.Status, own.Module].filter((v) => v !== undefined).length;
  const stateBadge = (e: DeviceLogItem) => (
    <Badge
      status={e.Status === 1 ? 'success' : 'processing'}
      text={logStatusLabels[e.Status as LogStatus]?.[lang] ?? e.Status}
      className="log-nowrap"
    />
  );
  const deviceLink = (e: DeviceLogItem) => (
    <Link to={`/device/info?SN=${encodeURIComponent(e.SN)}`} data-testid={`device-log-sn-${e._id}`}>
      {e.DeviceName}
    </Link>
  );

  const wideColumns: TableColumnsType<DeviceLogItem> = [
    {
      key: 'time',
      title: t('column.time'),
      render: (_, e) => <span className="log-nowrap">{formatDateTime(e.ActiveTime)}</span>,
    },
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
          <Input
            className="log-search"
            prefix={<SearchOutlined className="log-muted" />}
            placeholder={t('filter.search')}
            aria-label={t('filter.search')}
            allowClear
            maxLength={LOG_SEARCH_MAX}
            {...text.input}
            data-testid="device-log-search"
          />
          <MoreFilters active={folded} testId="device-log-more">
            <Select
              className="log-filter"
              allowClear
              value={own.Level}
              placeholder={t('filter.allLevels')}
              aria-label={t('filter.level')}
              onChange={(Level?: number) => set({ Level })}
              options={LEVELS.map((l) => ({ value: l, label: logLevelLabels[l][lang] }))}
              data-testid="device-log-level"
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
            <Input
              className="log-search"
              placeholder={t('filter.module')}
              aria-label={t('filter.module')}
              allowClear
              maxLength={32}
              status={moduleValid ? undefined : 'error'}
              title={moduleValid ? undefined : t('filter.moduleInvalid')}
              {...module.input}
              data-testid="device-log-module"
            />
          </MoreFilters>
        </div>
      </div>
      <div className="log-bar">
        <LogSummary counts={counts.data} moduleLabel={(m) => m || '—'} testId="device-log-summary" />
        <div className="log-actions">
          <HandledActions selected={selected} onDone={() => setSelected([])} testId="device-log" />
          <ExportButton
            kind="device"
            query={filters}
            disabled={(log.data?.count ?? 0) === 0}
            testId="device-log-export"
          />
        </div>
      </div>
      <div className="log-table">
        <Table<DeviceLogItem>
          rowKey="_id"
          size="middle"
          columns={phone ? phoneColumns : wideColumns}
          dataSource={log.data?.list ?? []}
          loading={log.isFetching && !log.data}
          pagination={false}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            getTitleCheckboxProps: () => ({ 'aria-label': t('selectAll') }),
            getCheckboxProps: (e) => ({ 'aria-label': t('select', { text: e.Text }) }),
          }}
          locale={{ emptyText: <span data-testid="device-log-empty">{t('empty')}</span> }}
          onRow={(e) =>
            ({ 'data-testid': `device-log-row-${e._id}`, 'data-sn': e.SN }) as HTMLAttributes<HTMLElement>
          }
        />
      </div>
      <div className="log-pagination">
        <Pagination
          total={log.data?.count ?? 0}
          page={own.page}
          limit={own.limit}
          onChange={(page, limit) => setOwn((p) => ({ ...p, page, limit }))}
        />
      </div>
    </>
  );
}
