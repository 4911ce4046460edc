import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { DiagnosisKind } from '@netconsole/contract';
import { notify } from '#shared/notify.ts';
import { DispatchForm } from './dispatch-form.tsx';
import { RunView } from './run-view.tsx';
import { useDiagnosisLive } from './use-diagnosis-live.ts';
import './diagnosis.css';

const RECORDS = '/maintenance/diagnose_record';

/**
 * A diagnosis screen (network or portal): the form, and under it the run it started, live. The
 * run's _id stays in the address (`?run=`), so a reload or a shared link shows it again.
 */
export function DispatchPage({ kind, intro }: { kind: DiagnosisKind; intro: string }) {
  const { t } = useTranslation('diagnosis-common');
  const [query, setQuery] = useSearchParams();
  const runId = query.get('run');
  useDiagnosisLive();
  return (
    <div className="diag-page" data-testid={`diag-${kind}-page`}>
      <Card className="diag-card">
        <p className="diag-intro">
          {intro} <Link to={RECORDS}>{t('run.allRecords')}</Link>
        </p>
        <DispatchForm
          kind={kind}
          onDone={(id) => {
            notify.success(t('form.started'));
            setQuery({ run: id });
          }}
        />
      </Card>
      {runId && <RunView key={runId} runId={runId} kind={kind} />}
    </div>
  );
}
