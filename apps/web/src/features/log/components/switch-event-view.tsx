import { useState } from 'react';
import { Alert, Select, Spin, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LIMIT,
  SwitchEventType,
  enumValues,
  severityLabels,
  switchEventTypeLabels,
  type Lang,
  type Severity,
  type SwitchLogItem,
} from '@netconsole/contract';
import { formatDateTime } from '#shared/format.ts';
import { useSwitchLog } from '../api/device-log.ts';
import type { SharedFilters } from './device-log-view.tsx';
import { PortAndActive, StatusBadge } from './entry-parts.tsx';
import { ExportButton } from './export-button.tsx';
import { HandledActions, useHandledSelection } from './handled-actions.tsx';
import { LogTable, timeColumn, useFirstPageOn } from './log-table.tsx';

const TYPES = enumValues(SwitchEventType) as SwitchEventType[];
/** antd's tag presets by severity: general blue, medium orange, severe red. */
const SEVERITY_COLOUR: Record<Severity, string> = { 1: 'blue', 2: 'orange', 3: 'red' };

interface OwnParams {
  page: number;
  limit: number;
  Type?: SwitchEventType;
}

/**
 * One switch's events (GET /v1/switch/getLog, the types 1-7 of the protocol's switch event table):
 * system, STP, reboot, port link down and up, loop, configuration errors. The page's device filter
 * names the switch; without one the view asks for it.
 */
export function SwitchEventView({
  shared,
  isSwitch,
}: {
  shared: SharedFilters;
  /** Whether the chosen device is a switch; undefined while the devices load. */
  isSwitch: boolean | undefined;
}) {
  const { t, i18n } = useTranslation('log-device');
  const lang = i18n.language as Lang;
  const [own, setOwn] = useState<OwnParams>({ page: 1, limit: DEFAULT_LIMIT });
  const selection = useHandledSelection<SwitchLogItem>();
  useFirstPageOn(shared, setOwn);
  const sn = isSwitch ? shared.SN : undefined;
  const events = useSwitchLog(sn ? { ...own, SN: sn, From: shared.From, To: shared.To } : null);

  const typeName = (e: SwitchLogItem) => switchEventTypeLabels[e.Type as SwitchEventType]?.[lang] ?? e.Type;
  const severityTag = (e: SwitchLogItem) =>
    e.Severity === null ? (
      '—'
    ) : (
      <Tag color={SEVERITY_COLOUR[e.Severity as Severity] ?? 'default'}>
        {severityLabels[e.Severity as Severity]?.[lang] ?? e.Severity}
      </Tag>
    );
  const stateBadge = (e: SwitchLogItem) => <StatusBadge status={e.Status} lang={lang} />;
  const wideColumns: TableColumnsType<SwitchLogItem> = [
    timeColumn(t('column.time')),
    {
      key: 'type',
      title: t('column.type'),
      render: (_, e) => (
        <div className="log-stack">
          <span className="log-nowrap">{typeName(e)}</span>
          {e.Active !== null && (
            <span className="log-muted log-small">{t(e.Active ? 'active.raised' : 'active.cleared')}</span>
          )}
        </div>
      ),
    },
    {
      key: 'port',
      title: t('column.port'),
      responsive: ['md'],
      render: (_, e) => (e.Port === null ? '—' : e.Port),
    },
    {
      key: 'severity',
      title: t('column.severity'),
      responsive: ['md'],
      render: (_, e) => severityTag(e),
    },
    { key: 'text', title: t('column.text'), render: (_, e) => <span className="log-wrap">{e.Text}</span> },
    { key: 'status', title: t('column.status'), render: (_, e) => stateBadge(e) },
  ];
  // A phone reads an event as one block beside its state.
  const phoneColumns: TableColumnsType<SwitchLogItem> = [
    {
      key: 'entry',
      title: t('column.entry'),
      render: (_, e) => (
        <div className="log-stack">
          <span>
            <span className="log-strong">{typeName(e)}</span> {severityTag(e)}
          </span>
          <span className="log-small log-nowrap">{formatDateTime(e.ActiveTime)}</span>
          <PortAndActive port={e.Port} active={e.Active} />
          <span className="log-wrap">{e.Text}</span>
        </div>
      ),
    },
    { key: 'status', title: t('column.status'), width: 100, render: (_, e) => stateBadge(e) },
  ];

  if (shared.SN && isSwitch === undefined) {
    return (
      <Spin>
        <div className="log-loading" />
      </Spin>
    );
  }
  if (!sn) {
    return (
      <Alert
        type="info"
        showIcon
        message={t(shared.SN ? 'events.notSwitch' : 'events.chooseSwitch')}
        data-testid="switch-event-choose"
      />
    );
  }
  return (
    <>
      <div className="log-toolbar">
        <div className="log-filters">
          <Select<SwitchEventType>
            className="log-filter-wide"
            allowClear
            value={own.Type}
            placeholder={t('filter.allTypes')}
            aria-label={t('filter.type')}
            onChange={(Type) => setOwn((p) => ({ ...p, Type, page: 1 }))}
            options={TYPES.map((v) => ({ value: v, label: switchEventTypeLabels[v][lang] }))}
            data-testid="switch-event-type"
          />
        </div>
        <div className="log-actions">
          <HandledActions selected={selection.selected} onDone={selection.clear} testId="switch-event" />
          <ExportButton
            kind="device"
            query={{ SN: sn, Kind: 'event', Type: own.Type, From: shared.From, To: shared.To }}
            disabled={(events.data?.count ?? 0) === 0}
            testId="switch-event-export"
          />
        </div>
      </div>
      <LogTable<SwitchLogItem>
        columns={wideColumns}
        phoneColumns={phoneColumns}
        list={events}
        page={own.page}
        limit={own.limit}
        onPage={(page, limit) => setOwn((p) => ({ ...p, page, limit }))}
        rowSelection={selection.rowSelection}
        empty={<span data-testid="switch-event-empty">{t('events.empty')}</span>}
        rowData={(e) => ({ 'data-testid': `switch-event-row-${e._id}`, 'data-type': e.Type })}
      />
    </>
  );
}
