import { Select } from 'antd';

/** A toolbar filter's first choice: no filter. */
export const ALL = '';
export type FilterValue = string | number;

export interface FilterSelectProps {
  /** The screen's prefix of test ids: `<scope>-filter-<name>`, options `<scope>-<name>-option-<value|all>`. */
  scope: string;
  name: string;
  label: string;
  value: FilterValue;
  onChange: (value: FilterValue) => void;
  options: { value: FilterValue; label: string }[];
  className?: string;
  /** false lets the list grow wider than the field (long network names). */
  popupMatchSelectWidth?: boolean;
}

/** A filter of a list's toolbar, named for assistive technology; `ALL` is the choice of everything. */
export function FilterSelect({ scope, name, label, options, ...select }: FilterSelectProps) {
  return (
    <Select<FilterValue>
      {...select}
      aria-label={label}
      data-testid={`${scope}-filter-${name}`}
      options={options.map((o) => ({
        ...o,
        'data-testid': `${scope}-${name}-option-${o.value === ALL ? 'all' : o.value}`,
      }))}
    />
  );
}
