import { Progress, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  diagnosisStatusLabels,
  networkQualityLabels,
  resultCodeLabels,
  type DiagnosisDeviceItem,
  type Lang,
  type NetworkQuality,
  type ResultCode,
} from '@netconsole/contract';

/** Result codes (spec §3): pass green, fail red, no result grey. */
const CODE_COLORS: Record<ResultCode, string> = { 0: 'error', 1: 'success', 2: 'default' };
/** Network quality, worst to best: interrupted red, poor orange, good blue, excellent green. */
const QUALITY_COLORS: Record<NetworkQuality, string> = {
  0: 'error',
  1: 'warning',
  2: 'processing',
  3: 'success',
};

export function CodeTag({ code, testId }: { code: ResultCode; testId?: string }) {
  const { i18n } = useTranslation();
  return (
    <Tag color={CODE_COLORS[code]} data-testid={testId} data-code={code}>
      {resultCodeLabels[code][i18n.language as Lang]}
    </Tag>
  );
}

export function QualityTag({ quality, testId }: { quality: NetworkQuality; testId?: string }) {
  const { i18n } = useTranslation();
  return (
    <Tag color={QUALITY_COLORS[quality]} data-testid={testId} data-quality={quality}>
      {networkQualityLabels[quality][i18n.language as Lang]}
    </Tag>
  );
}

/** A number of ms with one decimal, or a dash without replies. */
export function ms(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)} ms`;
}

/** The device's reason (the command's failure, or a target without a result) in the user's words. */
export function useReasonText(): (code: string) => string {
  const { t } = useTranslation('diagnosis-common');
  return (code) => t(`reason.${code}`, { defaultValue: t('reason.other', { code }) });
}

/**
 * A device's state in a run: running with its percent, then ended with its result and worst
 * quality, or the command's failure.
 */
export function DeviceState({ row, testId }: { row: DiagnosisDeviceItem; testId: string }) {
  const { i18n } = useTranslation();
  const reason = useReasonText();
  const lang = i18n.language as Lang;
  if (row.Status === 'running') {
    return (
      <div className="diag-state" data-testid={testId} data-status="running">
        <span className="diag-small">{diagnosisStatusLabels.running[lang]}</span>
        <Progress
          percent={row.Percent}
          size="small"
          status="active"
          className="diag-progress"
          aria-label={`${diagnosisStatusLabels.running[lang]} ${row.Percent}%`}
        />
      </div>
    );
  }
  return (
    <div className="diag-state" data-testid={testId} data-status="ended" data-result={row.Result ?? ''}>
      <span className="diag-tags">
        {row.Result !== null && <CodeTag code={row.Result} />}
        {row.Quality !== null && <QualityTag quality={row.Quality} />}
      </span>
      {row.Error && <span className="diag-small diag-error-text">{reason(row.Error)}</span>}
    </div>
  );
}
