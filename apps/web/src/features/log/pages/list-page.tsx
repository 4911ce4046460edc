import { useState } from 'react';
import { Button, Card, Select, Tag, Tooltip, type TableColumnsType } from 'antd';
import { ClearOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_OUTCOMES,
  DEFAULT_LIMIT,
  LOG_CODE_LIST,
  LogModule,
  enumValues,
  errorText,
  logCodeLabel,
  logModuleLabels,
  type AuditItem,
  type AuditOutcome,
  type Lang,
} from '@netconsole/contract';
import { formatDateTime } from '#shared/format.ts';
import { useAuditLog, useLogCount, type AuditParams } from '../api/audit-log.ts';
import { ExportButton } from '../components/export-button.tsx';
import { FilterInput, LevelFilter } from '../components/filter-fields.tsx';
import { LevelTag } from '../components/level-tag.tsx';
import { LogSummary } from '../components/log-summary.tsx';
import { LogTable, timeColumn } from '../components/log-table.tsx';
import { MoreFilters } from '#shared/components/more-filters.tsx';
import { TimeRangeField } from '../components/time-range.tsx';
import { useTypedFilter } from '../components/use-typed-filter.ts';
import '../components/log.css';

const MODULES = enumValues(LogModule) as LogModule[];
const FIRST_PAGE: AuditParams = { page: 1, limit: DEFAULT_LIMIT };

/** The filters alone (no paging): what the count and the export take. */
function filtersOf({ page: _page, limit: _limit, ...filters }: AuditParams) {
  return filters;
}

function moduleName(module: string, lang: Lang): string {
  return logModuleLabels[module as LogModule]?.[lang] ?? module;
}

/**
 * spec §2 /log/list: the audit log — every state-changing call, who made it (account and address),
 * what it did (the code catalogue's action, its module), on which object, with what outcome, at
 * which level. Filters by time range, module, action, level, account, text and outcome; counts per
 * level and module for the same filters; the selection exported as CSV. Read-only: no one changes
 * or removes an entry.
 */
export default function ListPage() {
  const { t, i18n } = useTranslation('log-list');
  const lang = i18n.language as Lang;
  const [params, setParams] = useState<AuditParams>(FIRST_PAGE);
  const account = useTypedFilter(setParams, 'Account');
  const text = useTypedFilter(setParams, 'search');
  const log = useAuditLog(params);
  const filters = filtersOf(params);
  const counts = useLogCount('audit', filters);
  const set = (change: Partial<AuditParams>) => setParams((p) => ({ ...p, ...change, page: 1 }));
  const filtered = Object.values(filters).some((v) => v !== undefined);
  // The filters a phone folds away: all but the time range and the text.
  const folded = [params.Module, params.Code, params.Level, params.Outcome, params.Account].filter(
    (v) => v !== undefined,
  ).length;

  const reset = () => {
    account.clear();
    text.clear();
    setParams((p) => ({ ...FIRST_PAGE, limit: p.limit }));
  };

  const codeOptions = MODULES.filter((m) => !params.Module || m === params.Module).map((m) => ({
    label: logModuleLabels[m][lang],
    title: logModuleLabels[m][lang],
    options: LOG_CODE_LIST.filter((c) => c.module === m).map((c) => ({
      value: c.code,
      label: `${c.code} · ${c.label[lang]}`,
    })),
  }));

  const outcome = (e: AuditItem) =>
    e.Outcome === 0 ? (
      <Tag color="green">{t('outcome.ok')}</Tag>
    ) : (
      <div className="log-stack">
        <span>
          <Tag color="red">{t('outcome.failed', { code: e.Outcome })}</Tag>
        </span>
        <span className="log-small log-wrap">{errorText(e.Outcome, lang)}</span>
      </div>
    );

  const wideColumns: TableColumnsType<AuditItem> = [
    timeColumn(t('column.time')),
    {
      key: 'account',
      title: t('column.account'),
      render: (_, e) => (
        <div className="log-stack">
          <span className="log-wrap">{e.Creator || '—'}</span>
          <span className="log-muted log-small log-mono">{e.Address}</span>
        </div>
      ),
    },
    {
      key: 'module',
      title: t('column.module'),
      responsive: ['lg'],
      render: (_, e) => <span className="log-nowrap">{moduleName(e.Module, lang)}</span>,
    },
    {
      key: 'action',
      title: t('column.action'),
      render: (_, e) => (
        <div className="log-stack">
          <span>{logCodeLabel(e.Code)?.[lang] ?? t('unknownCode', { code: e.Code })}</span>
          <Tooltip title={`${e.Method} ${e.Path}`}>
            <span className="log-muted log-small log-mono log-wrap" tabIndex={0}>
              {e.Method} {e.Path}
            </span>
          </Tooltip>
        </div>
      ),
    },
    {
      key: 'object',
      title: t('column.object'),
      responsive: ['md'],
      render: (_, e) => <span className="log-wrap log-mono">{e.Object || '—'}</span>,
    },
    { key: 'outcome', title: t('column.outcome'), render: (_, e) => outcome(e) },
    {
      key: 'level',
      title: t('column.level'),
      responsive: ['md'],
      render: (_, e) => <LevelTag level={e.Level} lang={lang} />,
    },
  ];

  // A phone reads an entry as one block beside its outcome.
  const phoneColumns: TableColumnsType<AuditItem> = [
    {
      key: 'entry',
      title: t('column.entry'),
      render: (_, e) => (
        <div className="log-stack">
          <span className="log-strong">
            {logCodeLabel(e.Code)?.[lang] ?? t('unknownCode', { code: e.Code })}
          </span>
          <span className="log-small log-nowrap">{formatDateTime(e.ActiveTime)}</span>
          <span className="log-small log-wrap">
            {e.Creator || '—'} · <span className="log-mono">{e.Address}</span>
          </span>
          {e.Object && <span className="log-small log-mono log-wrap">{e.Object}</span>}
        </div>
      ),
    },
    { key: 'outcome', title: t('column.outcome'), width: 120, render: (_, e) => outcome(e) },
  ];

  return (
    <Card className="log-page" data-testid="log-list-page">
      <div className="log-toolbar">
        <div className="log-filters">
          <TimeRangeField
            value={{ From: params.From, To: params.To }}
            onChange={(range) => set(range)}
            testId="log-list-range"
          />
          <FilterInput
            label={t('filter.search')}
            icon={SearchOutlined}
            filter={text}
            testId="log-list-search"
          />
          <MoreFilters active={folded} testId="log-list-more">
            <Select
              className="log-filter"
              allowClear
              value={params.Module}
              placeholder={t('filter.allModules')}
              aria-label={t('filter.module')}
              onChange={(Module?: LogModule) => set({ Module, Code: undefined })}
              options={MODULES.map((m) => ({ value: m, label: logModuleLabels[m][lang] }))}
              data-testid="log-list-module"
            />
            <Select
              className="log-filter-wide"
              allowClear
              showSearch
              optionFilterProp="label"
              value={params.Code}
              placeholder={t('filter.allActions')}
              aria-label={t('filter.action')}
              onChange={(Code?: number) => set({ Code })}
              options={codeOptions}
              popupMatchSelectWidth={false}
              data-testid="log-list-code"
            />
            <LevelFilter
              value={params.Level}
              onChange={(Level) => set({ Level })}
              placeholder={t('filter.allLevels')}
              label={t('filter.level')}
              lang={lang}
              testId="log-list-level"
            />
            <Select<AuditOutcome>
              className="log-filter"
              allowClear
              value={params.Outcome}
              placeholder={t('filter.allOutcomes')}
              aria-label={t('filter.outcome')}
              onChange={(Outcome?: AuditOutcome) => set({ Outcome })}
              options={AUDIT_OUTCOMES.map((o) => ({ value: o, label: t(`outcome.filter.${o}`) }))}
              data-testid="log-list-outcome"
            />
            <FilterInput
              label={t('filter.account')}
              icon={UserOutlined}
              filter={account}
              testId="log-list-account"
            />
          </MoreFilters>
          {filtered && (
            <Button icon={<ClearOutlined />} onClick={reset} data-testid="log-list-reset">
              {t('filter.reset')}
            </Button>
          )}
        </div>
      </div>
      <div className="log-bar">
        <LogSummary counts={counts.data} moduleLabel={(m) => moduleName(m, lang)} testId="log-list-summary" />
        <ExportButton
          kind="audit"
          query={filters}
          disabled={(log.data?.count ?? 0) === 0}
          testId="log-list-export"
        />
      </div>
      <LogTable<AuditItem>
        columns={wideColumns}
        phoneColumns={phoneColumns}
        list={log}
        page={params.page}
        limit={params.limit}
        onPage={(page, limit) => setParams((p) => ({ ...p, page, limit }))}
        empty={<span data-testid="log-list-empty">{t('empty')}</span>}
        rowData={(e) => ({
          'data-testid': `audit-row-${e._id}`,
          'data-code': e.Code,
          'data-outcome': e.Outcome,
        })}
      />
    </Card>
  );
}
