import type { LogLevel } from '@netconsole/contract';

/** antd's tag presets by level: debug grey, info blue, warning orange, error red (AA on their backgrounds). */
export const LEVEL_COLOUR: Record<LogLevel, string> = { 1: 'default', 2: 'blue', 3: 'orange', 4: 'red' };
