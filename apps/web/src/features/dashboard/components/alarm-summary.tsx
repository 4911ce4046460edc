import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AlarmItem, Lang, LevelCounts } from '@netconsole/contract';
import { formatDateTime } from '#shared/format.ts';

export const ALARM_PATH = '/log/alarm';

const LEVELS = [
  ['Severe', 3],
  ['Medium', 2],
  ['General', 1],
] as const;

/**
 * A network's open alarms in the list's alarm column: the count, coloured by the worst level open
 * and named in words for assistive technology, linking to /log/alarm filtered by that network.
 */
export function AlarmCell({
  counts,
  networkId,
  name,
}: {
  counts?: LevelCounts;
  networkId: string;
  name: string;
}) {
  const { t } = useTranslation('dashboard-overview');
  const total = counts?.Total ?? 0;
  if (!counts || total === 0) {
    return (
      <span
        className="dashboard-muted"
        data-testid={`dashboard-network-alarms-${name}`}
        data-count={counts ? 0 : ''}
      >
        {counts ? 0 : '—'}
      </span>
    );
  }
  return (
    <Link
      to={`${ALARM_PATH}?network=${encodeURIComponent(networkId)}`}
      className={`dashboard-alarm dashboard-alarm-${counts.Worst}`}
      aria-label={t('alarms.cell', { count: total, level: t(`alarms.level.${counts.Worst}`), name })}
      data-testid={`dashboard-network-alarms-${name}`}
      data-count={total}
      data-worst={counts.Worst}
    >
      {total}
    </Link>
  );
}

/**
 * The open-alarms card: the tenant's open alarms by level and the newest few, each linking to
 * /log/alarm; live with the `alarm` topic.
 */
export function OpenAlarms({ total, newest }: { total: LevelCounts; newest: readonly AlarmItem[] }) {
  const { t, i18n } = useTranslation('dashboard-overview');
  const lang = i18n.language as Lang;
  return (
    <div className="dashboard-alarms-body" data-testid="dashboard-alarms" data-total={total.Total}>
      <ul className="dashboard-alarm-levels">
        {LEVELS.map(([key, level]) => (
          <li key={key} className={`dashboard-alarm-level dashboard-alarm-${total[key] > 0 ? level : 0}`}>
            <b data-testid={`dashboard-alarms-level-${level}`}>{total[key]}</b>
            <span>{t(`alarms.level.${level}`)}</span>
          </li>
        ))}
        <li className="dashboard-alarm-level">
          <b data-testid="dashboard-alarms-untreated">{total.Untreated}</b>
          <span>{t('alarms.untreated')}</span>
        </li>
      </ul>
      {newest.length === 0 ? (
        <p className="dashboard-muted" data-testid="dashboard-alarms-none">
          {t('alarms.none')}
        </p>
      ) : (
        <ul className="dashboard-alarm-list">
          {newest.map((a) => (
            <li key={a._id} data-testid={`dashboard-alarm-${a._id}`} data-sn={a.SN ?? ''} data-type={a.Type}>
              <span className={`dashboard-alarm-dot dashboard-alarm-${a.Level}`} aria-hidden />
              <span className="dashboard-alarm-text">
                <b>{a.Name[lang]}</b>
                <span className="dashboard-muted">
                  {' · '}
                  {[a.DeviceName || a.SN, a.NetworkName].filter(Boolean).join(' · ')}
                </span>
                <span className="dashboard-muted dashboard-alarm-time">{formatDateTime(a.RaisedAt)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to={ALARM_PATH} className="dashboard-alarm-all" data-testid="dashboard-alarms-all" data-pdf-hide>
        {t('alarms.all')}
      </Link>
    </div>
  );
}
