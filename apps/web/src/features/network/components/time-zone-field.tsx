import { useId } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTimeZoneOptions } from '#shared/use-time-zone-options.ts';

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
  const { options, open } = useTimeZoneOptions(value);

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
          onOpenChange={(isOpen) => isOpen && open()}
          onFocus={open}
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
