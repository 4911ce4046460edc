import { Select } from 'antd';

/** The browser's zone: what a new timer starts with. */
export const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

let zones: string[] | null = null;
/** Every IANA zone the browser knows (no zone database is shipped), made once. */
function allZones(): string[] {
  zones ??= [...new Set([...Intl.supportedValuesOf('timeZone'), BROWSER_ZONE, 'UTC'])].sort();
  return zones;
}

export interface ZoneSelectProps {
  value?: string;
  onChange?: (zone: string) => void;
  label: string;
  testId?: string;
  className?: string;
}

/** An IANA time zone, searched by any part of its name (inside a Form.Item or alone). */
export function ZoneSelect({ value, onChange, label, testId, className }: ZoneSelectProps) {
  const list = value && !allZones().includes(value) ? [value, ...allZones()] : allZones();
  return (
    <Select
      className={className}
      showSearch
      value={value}
      onChange={onChange}
      options={list.map((z) => ({ value: z, label: z }))}
      aria-label={label}
      popupMatchSelectWidth={false}
      data-testid={testId}
    />
  );
}
