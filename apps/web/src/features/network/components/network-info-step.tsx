import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NETWORK_NAME_MAX } from '@netconsole/contract';
import { LocationPicker, locationText, type PickedLocation } from '#shared/map/location-picker.tsx';
import { TimeZoneField } from './time-zone-field.tsx';

export interface NetworkInfo {
  name: string;
  location: PickedLocation | null;
  /** IANA zone (firmware maintenance windows); null: the server's. Starts as the browser's. */
  timeZone: string | null;
}

/**
 * spec §2 wizard step 1: the name, the location chosen by clicking the map (with its read-only
 * text), the time zone (issue 16) and the summary table (name, type 'normal network', location,
 * time zone).
 */
export function NetworkInfoStep({
  value,
  onChange,
  invalid,
}: {
  value: NetworkInfo;
  onChange: (value: NetworkInfo) => void;
  /** Fields that failed the check ('please correct info'). */
  invalid: { name: boolean; location: boolean };
}) {
  const { t } = useTranslation('network-dialogs');
  const { t: tm } = useTranslation('map-picker');
  return (
    <div className="network-step" data-testid="wizard-step-info">
      <label className="network-field">
        <span className="network-field-label">{t('wizard.name')}</span>
        <Input
          value={value.name}
          maxLength={NETWORK_NAME_MAX}
          placeholder={t('wizard.namePlaceholder')}
          status={invalid.name ? 'error' : undefined}
          onChange={(e) => onChange({ ...value, name: e.target.value })}
          data-testid="wizard-name"
        />
      </label>
      <LocationPicker
        value={value.location}
        onChange={(location) => onChange({ ...value, location })}
        status={invalid.location ? 'error' : undefined}
        height={280}
      />
      <TimeZoneField
        value={value.timeZone}
        onChange={(timeZone) => onChange({ ...value, timeZone })}
        testId="wizard-time-zone"
      />
      <table className="network-summary" data-testid="wizard-summary">
        <caption>{t('wizard.summary')}</caption>
        <tbody>
          <tr>
            <th>{t('wizard.summaryName')}</th>
            <td data-testid="wizard-summary-name">{value.name.trim()}</td>
          </tr>
          <tr>
            <th>{t('wizard.summaryType')}</th>
            <td>{t('wizard.normalNetwork')}</td>
          </tr>
          <tr>
            <th>{t('wizard.summaryLocation')}</th>
            <td data-testid="wizard-summary-location">{locationText(value.location, tm('noAddress'))}</td>
          </tr>
          <tr>
            <th>{t('wizard.summaryTimeZone')}</th>
            <td data-testid="wizard-summary-time-zone">{value.timeZone ?? t('timeZone.server')}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
