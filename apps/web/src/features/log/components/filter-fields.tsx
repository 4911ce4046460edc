import type { ComponentType } from 'react';
import { Input, Select, type InputProps } from 'antd';
import { LOG_SEARCH_MAX, LogLevel, enumValues, logLevelLabels, type Lang } from '@netconsole/contract';
import type { TypedFilter } from './use-typed-filter.ts';

const LEVELS = enumValues(LogLevel) as LogLevel[];

/** A typed filter's box (text, account, subsystem), named by its placeholder for assistive technology. */
export function FilterInput({
  label,
  icon: Icon,
  filter,
  testId,
  maxLength = LOG_SEARCH_MAX,
  ...input
}: {
  label: string;
  icon?: ComponentType<{ className?: string }>;
  filter: TypedFilter;
  testId: string;
  maxLength?: number;
} & Pick<InputProps, 'status' | 'title'>) {
  return (
    <Input
      className="log-search"
      prefix={Icon && <Icon className="log-muted" />}
      placeholder={label}
      aria-label={label}
      allowClear
      maxLength={maxLength}
      {...input}
      {...filter.input}
      data-testid={testId}
    />
  );
}

/** The level filter of a log (spec §3: 1 debug to 4 error); cleared, every level. */
export function LevelFilter(props: {
  value: number | undefined;
  onChange: (level?: number) => void;
  placeholder: string;
  label: string;
  lang: Lang;
  testId: string;
}) {
  return (
    <Select
      className="log-filter"
      allowClear
      value={props.value}
      placeholder={props.placeholder}
      aria-label={props.label}
      onChange={(level?: number) => props.onChange(level)}
      options={LEVELS.map((l) => ({ value: l, label: logLevelLabels[l][props.lang] }))}
      data-testid={props.testId}
    />
  );
}
