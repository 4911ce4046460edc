import { useState, type HTMLAttributes } from 'react';
import {
  Button,
  Card,
  DatePicker,
  Grid,
  Modal,
  Select,
  Table,
  Tabs,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { ClearOutlined, FilterOutlined, LineChartOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_LIMIT,
  DIAG_KINDS,
  DIAG_STATUSES,
  diagnosisKindLabels,
  diagnosisStatusLabels,
  diagnosticTypeLabels,
  type DiagnosisDeviceItem,
  type DiagnosisKind,
  type DiagnosisRunItem,
  type DiagnosisStatus,
  type Lang,
} from '@netconsole/contract';
import { Pagination } from '#shared/components/pagination.tsx';
import { formatDateTime } from '#shared/format.ts';
import { useRunDevices, useRuns, type DeviceSet, type PageParams, type RunsParams } from '../api/runs.ts';
import { useTimers } from '../api/timers.ts';
import { DeviceResults } from '../components/device-results.tsx';
import { HistoryChart } from '../components/history-chart.tsx';
import { RunCounts, RunWhat } from '../components/run-view.tsx';
import { useDiagnosisLive } from '../components/use-diagnosis-live.ts';
import '../components/diagnosis.css';

const FIRST_PAGE: RunsParams = { page: 1, limit: DEFAULT_LIMIT };
/** The timer filter's choice for runs started by hand (the contract's `TimerId=none`). */
const BY_HAND = 'none';

interface ChartOpen {
  run: DiagnosisRunItem;
  device: DiagnosisDeviceItem;
}

/** The targets a run's chart can show: a network run's, or a portal run's hosts. */
function chartTargets(run: DiagnosisRunItem, device: DiagnosisDeviceItem): string[] {
  const own = device.Results.map((r) => r.Target);
  return [...new Set([...run.Targets, ...own])];
}

/** One run's devices: all, those that passed, those that failed (or gave no result). */
function RunDevices({ run, onChart }: { run: DiagnosisRunItem; onChart: (d: DiagnosisDeviceItem) => void }) {
  const { t } = useTranslation('diagnosis-record');
  const [which, setWhich] = useState<DeviceSet>('all');
  const [paging, setPaging] = useState<PageParams>({ page: 1, limit: DEFAULT_LIMIT });
  const devices = useRunDevices(run._id, which, paging);
  return (
    <div className="diag-detail" data-testid={`diag-run-devices-${run._id}`}>
      <Tabs
        size="small"
        activeKey={which}
        onChange={(key) => {
          setWhich(key as DeviceSet);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
        items={[
          { key: 'all', label: t('tabs.all', { count: run.Devices }) },
          { key: 'succ', label: t('tabs.succ', { count: run.Passed }) },
          { key: 'fail', label: t('tabs.fail', { count: run.Failed + run.NoResult }) },
        ].map((tab) => ({ ...tab, label: <span data-testid={`diag-run-tab-${tab.key}`}>{tab.label}</span> }))}
      />
      <DeviceResults
        list={devices}
        page={paging.page}
        limit={paging.limit}
        onPage={(page, limit) => setPaging({ page, limit })}
        empty={t('noDevices')}
        testId="diag-record"
        action={(d) =>
          d.Results.length > 0 ? (
            <Tooltip title={t('chart.open')}>
              <Button
                type="text"
                size="small"
                icon={<LineChartOutlined />}
                aria-label={t('chart.open')}
                onClick={() => onChart(d)}
                data-testid={`diag-chart-open-${d.SN}`}
              />
            </Tooltip>
          ) : null
        }
      />
    </div>
  );
}

/**
 * spec §2 /maintenance/diagnose_record: every run, newest first, by time, kind, type, timer and
 * status; under a run its devices (all, passed, failed) with every target's result; from a device,
 * the chart of a target's latency and loss over time, alone or beside up to five others.
 * `?TimerId=` opens a timer's runs (the timers screen links here).
 */
export default function RecordPage() {
  const { t, i18n } = useTranslation('diagnosis-record');
  const lang = i18n.language as Lang;
  const phone = Grid.useBreakpoint().md === false;
  const [query] = useSearchParams();
  const timerInAddress = query.get('TimerId') ?? undefined;
  const [params, setParams] = useState<RunsParams>({ ...FIRST_PAGE, TimerId: timerInAddress });
  // The timers screen links here with `?TimerId=`: a new one shows that timer's runs.
  const [seenTimer, setSeenTimer] = useState(timerInAddress);
  if (seenTimer !== timerInAddress) {
    setSeenTimer(timerInAddress);
    setParams((p) => ({ ...p, TimerId: timerInAddress, page: 1 }));
  }
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [chart, setChart] = useState<ChartOpen | null>(null);
  const runs = useRuns(params);
  const timers = useTimers({ page: 1, limit: 50 });
  useDiagnosisLive();
  const set = (change: Partial<RunsParams>) => setParams((p) => ({ ...p, ...change, page: 1 }));
  const folded = [params.Kind, params.Type, params.TimerId, params.Status].filter(
    (v) => v !== undefined,
  ).length;
  const filtered = folded > 0 || params.Start !== undefined || params.End !== undefined;

  const origin = (r: DiagnosisRunItem) =>
    r.TimerId ? t('origin.timer', { name: r.TimerName ?? r.TimerId }) : (r.CreatorName ?? t('origin.system'));

  const columns: TableColumnsType<DiagnosisRunItem> = phone
    ? [
        {
          key: 'run',
          title: t('column.run'),
          render: (_, r) => (
            <div className="diag-stack">
              <span className="diag-small diag-nowrap">{formatDateTime(r.CreateTime)}</span>
              <RunWhat run={r} />
              <span className="diag-small diag-muted">{origin(r)}</span>
              <RunCounts run={r} />
            </div>
          ),
        },
      ]
    : [
        {
          key: 'time',
          title: t('column.time'),
          render: (_, r) => <span className="diag-nowrap">{formatDateTime(r.CreateTime)}</span>,
        },
        {
          key: 'kind',
          title: t('column.kind'),
          render: (_, r) => <span className="diag-nowrap">{diagnosisKindLabels[r.Kind][lang]}</span>,
        },
        { key: 'what', title: t('column.what'), render: (_, r) => <RunWhat run={r} /> },
        {
          key: 'origin',
          title: t('column.origin'),
          responsive: ['lg'],
          render: (_, r) => <span className="diag-wrap">{origin(r)}</span>,
        },
        { key: 'result', title: t('column.result'), render: (_, r) => <RunCounts run={r} /> },
      ];

  const filterFields = (
    <>
      <Select<DiagnosisKind>
        className="diag-filter"
        allowClear
        value={params.Kind}
        placeholder={t('filter.allKinds')}
        aria-label={t('filter.kind')}
        options={DIAG_KINDS.map((k) => ({ value: k, label: diagnosisKindLabels[k][lang] }))}
        onChange={(Kind?: DiagnosisKind) => set({ Kind })}
        data-testid="diag-record-kind"
      />
      <Select<1 | 2>
        className="diag-filter"
        allowClear
        value={params.Type}
        placeholder={t('filter.allTypes')}
        aria-label={t('filter.type')}
        options={([1, 2] as const).map((v) => ({ value: v, label: diagnosticTypeLabels[v][lang] }))}
        onChange={(Type?: 1 | 2) => set({ Type })}
        data-testid="diag-record-type"
      />
      <Select<string>
        className="diag-filter"
        allowClear
        showSearch
        optionFilterProp="label"
        value={params.TimerId}
        placeholder={t('filter.allOrigins')}
        aria-label={t('filter.timer')}
        options={[
          { value: BY_HAND, label: t('filter.byHand') },
          ...(timers.data?.list ?? []).map((x) => ({ value: x._id, label: x.Name })),
        ]}
        onChange={(TimerId?: string) => set({ TimerId })}
        data-testid="diag-record-timer"
      />
      <Select<DiagnosisStatus>
        className="diag-filter"
        allowClear
        value={params.Status}
        placeholder={t('filter.allStatuses')}
        aria-label={t('filter.status')}
        options={DIAG_STATUSES.map((s) => ({ value: s, label: diagnosisStatusLabels[s][lang] }))}
        onChange={(Status?: DiagnosisStatus) => set({ Status })}
        data-testid="diag-record-status"
      />
    </>
  );

  return (
    <Card className="diag-page diag-card" data-testid="diag-record-page">
      <div className="diag-toolbar">
        <DatePicker.RangePicker
          className="diag-range"
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          allowEmpty={[true, true]}
          value={[params.Start ? dayjs(params.Start) : null, params.End ? dayjs(params.End) : null]}
          onChange={(dates) =>
            set({ Start: dates?.[0]?.valueOf() ?? undefined, End: dates?.[1]?.valueOf() ?? undefined })
          }
          placeholder={[t('filter.from'), t('filter.to')]}
          aria-label={t('filter.range')}
          data-testid="diag-record-range"
        />
        {phone ? (
          <>
            <Button
              icon={<FilterOutlined />}
              type={folded > 0 ? 'primary' : 'default'}
              ghost={folded > 0}
              aria-expanded={filtersOpen}
              onClick={() => setFiltersOpen((o) => !o)}
              data-testid="diag-record-more"
            >
              {filtersOpen ? t('filter.less') : t('filter.more', { count: folded })}
            </Button>
            {filtersOpen && filterFields}
          </>
        ) : (
          filterFields
        )}
        {filtered && (
          <Button
            icon={<ClearOutlined />}
            onClick={() => setParams((p) => ({ ...FIRST_PAGE, limit: p.limit }))}
            data-testid="diag-record-reset"
          >
            {t('filter.reset')}
          </Button>
        )}
      </div>
      <div className="diag-table">
        <Table<DiagnosisRunItem>
          rowKey="_id"
          size="middle"
          columns={columns}
          dataSource={runs.data?.list ?? []}
          loading={runs.isFetching && !runs.data}
          pagination={false}
          expandable={{
            expandedRowRender: (r) => (
              <RunDevices run={r} onChart={(device) => setChart({ run: r, device })} />
            ),
          }}
          locale={{ emptyText: <span data-testid="diag-record-empty">{t('empty')}</span> }}
          onRow={(r) =>
            ({
              'data-testid': `diag-run-row-${r._id}`,
              'data-status': r.Status,
            }) as HTMLAttributes<HTMLElement>
          }
        />
      </div>
      <div className="diag-pagination">
        <Pagination
          total={runs.data?.count ?? 0}
          page={params.page}
          limit={params.limit}
          onChange={(page, limit) => setParams((p) => ({ ...p, page, limit }))}
        />
      </div>
      <Modal
        open={chart !== null}
        title={chart ? t('chart.title', { device: chart.device.DeviceName }) : ''}
        footer={null}
        width={960}
        onCancel={() => setChart(null)}
        destroyOnHidden
        rootClassName="diag-modal"
        data-testid="diag-chart-modal"
      >
        {chart && <ChartBody chart={chart} />}
      </Modal>
    </Card>
  );
}

/** The chart of a device's target, with the run's other devices to compare against. */
function ChartBody({ chart }: { chart: ChartOpen }) {
  const devices = useRunDevices(chart.run._id, 'all', { page: 1, limit: 50 });
  const others = (devices.data?.list ?? []).map((d) => ({ id: d.DeviceId, name: d.DeviceName }));
  const choices = others.some((d) => d.id === chart.device.DeviceId)
    ? others
    : [{ id: chart.device.DeviceId, name: chart.device.DeviceName }, ...others];
  const targets = chartTargets(chart.run, chart.device);
  return (
    <HistoryChart
      devices={choices}
      initialDevice={chart.device.DeviceId}
      targets={targets}
      initialTarget={chart.device.Results[0]?.Target ?? targets[0] ?? ''}
    />
  );
}
