import { useTranslation } from 'react-i18next';
import { AlertFilled } from '@ant-design/icons';
import { ALARM_LEVEL_COLORS } from './topology-alarms.ts';
import { CHANGED_COLOR, STATUS_COLORS, UNKNOWN_COLOR } from './topology-option.ts';

/** What the drawing's colours and shapes mean; `alarms` when the drawing marks open alarms. */
export function TopologyLegend({ changed, alarms = false }: { changed: boolean; alarms?: boolean }) {
  const { t } = useTranslation('topology-view');
  const items: [string, string][] = [
    [STATUS_COLORS.Online!, t('legend.online')],
    [STATUS_COLORS.Offline!, t('legend.offline')],
    [STATUS_COLORS.Useless!, t('legend.useless')],
  ];
  return (
    <div className="topology-legend" data-testid="topology-legend">
      {items.map(([color, label]) => (
        <span key={label} className="topology-legend-item">
          <i style={{ background: color }} />
          {label}
        </span>
      ))}
      <span className="topology-legend-item">
        <i className="topology-legend-hollow" style={{ borderColor: UNKNOWN_COLOR }} />
        {t('legend.unknown')}
      </span>
      {changed && (
        <span className="topology-legend-item">
          <i className="topology-legend-ring" style={{ borderColor: CHANGED_COLOR }} />
          {t('legend.changed')}
        </span>
      )}
      {alarms && (
        <span className="topology-legend-item" data-testid="topology-legend-alarms">
          <span className="topology-legend-alarm" aria-hidden>
            {[1, 2, 3].map((level) => (
              <AlertFilled key={level} style={{ color: ALARM_LEVEL_COLORS[level] }} />
            ))}
          </span>
          {t('legend.alarms')}
        </span>
      )}
      <span className="topology-legend-shapes">{t('legend.shapes')}</span>
    </div>
  );
}
