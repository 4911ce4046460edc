import { Tag } from 'antd';
import { severityLabels, type Lang, type Severity } from '@netconsole/contract';

/** antd's tag presets by severity: general blue, medium orange, severe red (AA on their backgrounds). */
export const LEVEL_COLOR: Record<Severity, string> = { 1: 'blue', 2: 'orange', 3: 'red' };

/** An alarm's level as a coloured tag with its name (the colour is never the only sign). */
export function LevelTag({ level, lang, testId }: { level: Severity; lang: Lang; testId?: string }) {
  return (
    <Tag color={LEVEL_COLOR[level]} data-testid={testId} data-level={level}>
      {severityLabels[level][lang]}
    </Tag>
  );
}
