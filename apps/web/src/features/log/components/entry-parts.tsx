import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { logStatusLabels, type Lang, type LogStatus } from '@netconsole/contract';

/** A device entry's state: new (processing blue) or handled (green). */
export function StatusBadge({ status, lang }: { status: number; lang: Lang }) {
  return (
    <Badge
      status={status === 1 ? 'success' : 'processing'}
      text={logStatusLabels[status as LogStatus]?.[lang] ?? status}
      className="log-nowrap"
    />
  );
}

/** The port a device entry names and whether its condition was raised or cleared, when it says either. */
export function PortAndActive({ port, active }: { port: number | null; active: boolean | null }) {
  const { t } = useTranslation('log-device');
  if (port === null && active === null) return null;
  return (
    <span className="log-muted log-small">
      {port !== null && t('port', { port })}
      {port !== null && active !== null && ' · '}
      {active !== null && t(active ? 'active.raised' : 'active.cleared')}
    </span>
  );
}
