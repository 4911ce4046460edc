import { Select } from 'antd';
import { browserTimeZone } from '#shared/time-zones.ts';
import { useTimeZoneOptions } from '#shared/use-time-zone-options.ts';

/** The browser's zone: what a new timer starts with. */
export const BROWSER_ZONE = browserTimeZone();

export interface ZoneSelectProps {
  value?: string;
  onChange?: (zone: string) => void;
  label: string;
  testId?: string;
  className?: string;
}

/**
 * An IANA time zone with its offset, '(UTC+08:00) Asia/Shanghai', searched by any part of it
 * (inside a Form.Item or alone): the same list as a network's zone.
 */
export function ZoneSelect({ value, onChange, label, testId, className }: ZoneSelectProps) {
  const { options, open } = useTimeZoneOptions(value);
  return (
    <Select<string>
      className={className}
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={onChange}
      options={options}
      onOpenChange={(isOpen) => isOpen && open()}
      onFocus={open}
      aria-label={label}
      popupMatchSelectWidth={false}
      data-testid={testId}
    />
  );
}
