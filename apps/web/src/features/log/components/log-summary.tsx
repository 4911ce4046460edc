import { Grid, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { logLevelLabels, type Lang, type LogCountReply, type LogLevel } from '@netconsole/contract';
import { LEVEL_COLOUR } from './levels.ts';

/** The busiest modules shown by name; the others are summed. */
const MODULES_SHOWN = 6;

export interface LogSummaryProps {
  counts: LogCountReply | undefined;
  /** A module's name for people (the audit log's categories; a device's subsystem as it is). */
  moduleLabel: (module: string) => string;
  testId: string;
}

/** getLogCount's answer above a list: how many entries the filters select, per level and module. */
export function LogSummary({ counts, moduleLabel, testId }: LogSummaryProps) {
  const { t, i18n } = useTranslation('log-common');
  const lang = i18n.language as Lang;
  // A phone keeps the total and the levels; the modules would take half its screen.
  const phone = Grid.useBreakpoint().md === false;
  if (!counts) return <div className="log-summary" data-testid={testId} />;
  const levels = counts.levels.filter((l) => l.count > 0).sort((a, b) => b.Level - a.Level);
  const modules = counts.modules.filter((m) => m.count > 0).sort((a, b) => b.count - a.count);
  const rest = modules.slice(MODULES_SHOWN).reduce((sum, m) => sum + m.count, 0);
  return (
    <div className="log-summary" data-testid={testId} data-total={counts.total}>
      <Tag bordered={false} className="log-strong">
        {t('summary.total', { count: counts.total })}
      </Tag>
      {levels.map((l) => (
        <Tag key={`level-${l.Level}`} color={LEVEL_COLOUR[l.Level as LogLevel] ?? 'default'}>
          {t('summary.level', {
            label: logLevelLabels[l.Level as LogLevel]?.[lang] ?? String(l.Level),
            count: l.count,
          })}
        </Tag>
      ))}
      {!phone &&
        modules
          .slice(0, MODULES_SHOWN)
          .map((m) => (
            <Tag key={`module-${m.Module}`}>
              {t('summary.module', { label: moduleLabel(m.Module), count: m.count })}
            </Tag>
          ))}
      {!phone && rest > 0 && <Tag>{t('summary.rest', { count: rest })}</Tag>}
    </div>
  );
}
