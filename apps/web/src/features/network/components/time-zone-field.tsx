import { useId, useMemo, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { browserTimeZone, timeZoneOption, timeZoneOptions, type TimeZoneOption } from './time-zones.ts';

/**
 * The moment the offsets are shown for: when the dialogs' code was loaded (lazily, on opening
 * one). Offsets change only at daylight saving, and render stays pure.
 */
const AT = Date.now();
/** Every zone, made on the first opening of any zone list and kept: ~420 formatters are not free. */
let allZones: TimeZoneOption[] | null = null;
const everyZone = () => (allZones ??= timeZoneOptions(AT, [browserTimeZone()]));

/**
 * A network's time zone (issue 16: firmware maintenance windows run in the network's local time):
 * a searchable list of the browser's IANA zones. Cleared, the network follows the server's zone.
 */
export function TimeZoneField({
  value,
  onChange,
  testId,
}: {
  value: string | null;
  onChange: (zone: string | null) => void;
  testId: string;
}) {
  const { t } = useTranslation('network-dialogs');
  const labelId = useId();
  const helpId = useId();
  // Until the list is first opened (or focused, to be typed into) only the chosen zone is listed.
  const [open, setOpen] = useState(allZones !== null);
  const options = useMemo(() => {
    const list = open ? everyZone() : [];
    // A saved zone this browser does not list still shows as it is.
    return value !== null && !list.some((o) => o.value === value)
      ? [timeZoneOption(value, AT), ...list]
      : list;
  }, [open, value]);

  return (
    <div className="network-time-zone">
      <div className="network-field">
        <span className="network-field-label" id={labelId}>
          {t('timeZone.label')}
        </span>
        <Select<string>
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          value={value ?? undefined}
          placeholder={t('timeZone.server')}
          options={options}
          onOpenChange={(isOpen) => isOpen && setOpen(true)}
          onFocus={() => setOpen(true)}
          onChange={(zone?: string) => onChange(zone ?? null)}
          aria-labelledby={labelId}
          aria-describedby={helpId}
          data-testid={testId}
        />
      </div>
      <p className="network-hint" id={helpId}>
        {t('timeZone.help')}
      </p>
    </div>
  );
}
