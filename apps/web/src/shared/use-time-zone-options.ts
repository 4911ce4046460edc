import { useMemo, useState } from 'react';
import { browserTimeZone, timeZoneOption, timeZoneOptions, type TimeZoneOption } from './time-zones.ts';

/**
 * The moment the offsets are shown for: when this code was loaded. Offsets change only at
 * daylight saving, and render stays pure.
 */
const AT = Date.now();
/** Every zone, made on the first opening of any zone list and kept: ~420 formatters are not free. */
let allZones: TimeZoneOption[] | null = null;
const everyZone = () => (allZones ??= timeZoneOptions(AT, [browserTimeZone(), 'UTC']));

/**
 * The options of a time-zone select, '(UTC+08:00) Asia/Shanghai', west to east. Until the list is
 * first opened (or focused, to be typed into) only the chosen zone is listed; `open` is for the
 * select's onOpenChange and onFocus. A zone this browser does not list still shows as it is.
 */
export function useTimeZoneOptions(value: string | null | undefined): {
  options: TimeZoneOption[];
  open: () => void;
} {
  const [opened, setOpened] = useState(allZones !== null);
  const options = useMemo(() => {
    const list = opened ? everyZone() : [];
    return value && !list.some((o) => o.value === value) ? [timeZoneOption(value, AT), ...list] : list;
  }, [opened, value]);
  return { options, open: () => setOpened(true) };
}
