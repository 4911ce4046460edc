import { useEffect, useRef, useState } from 'react';
import { Card, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LIMIT,
  DIAG_QUALITY_THRESHOLDS,
  diagnosisStatusLabels,
  diagnosticTypeLabels,
  type DiagnosisKind,
  type DiagnosisRunItem,
  type Lang,
} from '@netconsole/contract';
import { formatDateTime } from '#shared/format.ts';
import { useRunDevices, useRuns, type PageParams } from '../api/runs.ts';
import { DeviceResults } from './device-results.tsx';

/** What a run asked for: its type and targets, or its portal and RADIUS servers. */
export function RunWhat({ run }: { run: DiagnosisRunItem }) {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const parts =
    run.Kind === 'network'
      ? run.Targets
      : [...(run.PortalUrl ? [run.PortalUrl] : []), ...run.Radius.map((r) => `RADIUS ${r.Host}`)];
  return (
    <div className="diag-stack">
      <span className="diag-wrap">{parts.join(', ') || '—'}</span>
      <span className="diag-muted diag-small">
        {run.Kind === 'network' ? diagnosticTypeLabels[run.Type as 1 | 2][lang] : 'HTTP · RADIUS'} ·{' '}
        {run.Count} × {run.Size} B
      </span>
    </div>
  );
}

/** A run's counts: devices, and of the ended ones passed, failed, without a result. */
export function RunCounts({ run }: { run: DiagnosisRunItem }) {
  const { t, i18n } = useTranslation('diagnosis-common');
  const lang = i18n.language as Lang;
  return (
    <span className="diag-tags" data-testid={`diag-run-counts-${run._id}`} data-status={run.Status}>
      <Tag color={run.Status === 'running' ? 'processing' : 'default'}>
        {diagnosisStatusLabels[run.Status][lang]}
      </Tag>
      <span className="diag-small">
        {t('run.counts', {
          devices: run.Devices,
          passed: run.Passed,
          failed: run.Failed,
          none: run.NoResult,
        })}
      </span>
    </span>
  );
}

/**
 * The run just started on this screen: its devices as rows, running with their percent, then
 * ended with each target's result — as the live socket brings them (useDiagnosisLive on the page).
 */
export function RunView({ runId, kind }: { runId: string; kind: DiagnosisKind }) {
  const { t } = useTranslation('diagnosis-common');
  const [paging, setPaging] = useState<PageParams>({ page: 1, limit: DEFAULT_LIMIT });
  const devices = useRunDevices(runId, 'all', paging);
  // The newest runs of this kind hold the one just started (its counts and state, live).
  const runs = useRuns({ page: 1, limit: DEFAULT_LIMIT, Kind: kind });
  const run = runs.data?.list.find((r) => r._id === runId);
  const box = useRef<HTMLDivElement>(null);
  // A run started below the form is brought into view once its rows are there (on a phone the
  // form fills the screen).
  const shown = devices.data !== undefined;
  useEffect(() => {
    if (shown) box.current?.scrollIntoView({ block: 'start' });
  }, [shown]);
  return (
    <Card
      ref={box}
      className="diag-card"
      title={<h2 className="diag-card-title">{t('run.title')}</h2>}
      extra={run && <span className="diag-muted diag-small">{formatDateTime(run.CreateTime)}</span>}
      data-testid="diag-run"
      data-run={runId}
    >
      {run && (
        <div className="diag-run-head">
          <RunWhat run={run} />
          <RunCounts run={run} />
        </div>
      )}
      <DeviceResults
        list={devices}
        page={paging.page}
        limit={paging.limit}
        onPage={(page, limit) => setPaging({ page, limit })}
        empty={t('run.noDevices')}
        testId="diag-result"
      />
      <p className="diag-muted diag-small diag-note">
        {t('run.qualityHint', {
          excellentMs: DIAG_QUALITY_THRESHOLDS.excellent.maxRttMs,
          goodLoss: DIAG_QUALITY_THRESHOLDS.good.maxLossPct,
          goodMs: DIAG_QUALITY_THRESHOLDS.good.maxRttMs,
        })}
      </p>
    </Card>
  );
}
