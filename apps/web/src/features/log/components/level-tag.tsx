import { Tag } from 'antd';
import { logLevelLabels, type Lang, type LogLevel } from '@netconsole/contract';
import { LEVEL_COLOUR } from './levels.ts';

/** A log entry's level (spec §3: 1 debug, 2 info, 3 warn, 4 error), coloured by it. */
export function LevelTag({ level, lang }: { level: number; lang: Lang }) {
  const known = level in logLevelLabels;
  return (
    <Tag color={known ? LEVEL_COLOUR[level as LogLevel] : 'default'}>
      {known ? logLevelLabels[level as LogLevel][lang] : level}
    </Tag>
  );
}
