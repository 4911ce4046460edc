import { Tooltip } from 'antd';
import { AlertFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { AlarmItem, Lang } from '@netconsole/contract';

/** The worst level's colour, dark enough on white for a non-text mark (3:1). */
const LEVEL_COLOR: Record<number, string> = { 1: '#1668dc', 2: '#d46b08', 3: '#cf1322' };

/**
 * A device row's mark of open alarms (issue 17 §4): an icon in the worst level's colour, named for
 * assistive technology, with the alarm types in its tooltip; focusable so keyboards reach it too.
 */
export function AlarmMark({ sn, alarms }: { sn: string; alarms: readonly AlarmItem[] }) {
  const { t, i18n } = useTranslation('device-list');
  const lang = i18n.language as Lang;
  const worst = Math.max(...alarms.map((a) => a.Level));
  const types = [...new Set(alarms.map((a) => a.Name[lang]))].join(', ');
  const label = t('alarm.mark', { count: alarms.length, types });
  return (
    <Tooltip title={label}>
      <span
        className="device-list-alarm"
        role="img"
        tabIndex={0}
        aria-label={label}
        style={{ color: LEVEL_COLOR[worst] ?? LEVEL_COLOR[3] }}
        data-testid={`device-alarm-${sn}`}
        data-count={alarms.length}
        data-worst={worst}
      >
        <AlertFilled aria-hidden />
      </span>
    </Tooltip>
  );
}
