import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceItem } from '@netconsole/contract';
import { SEARCH_DELAY_MS } from '#shared/use-typed-search.ts';
import { useSearchDevices } from '../api/search-devices.ts';

const label = (d: Pick<DeviceItem, 'Alias' | 'SN'>) =>
  d.Alias && d.Alias !== d.SN ? `${d.Alias} (${d.SN})` : d.SN;

/** Picks a device by typing part of its alias, SN or MAC (searchDevices on the server). */
export function DevicePicker({
  value,
  current,
  onChange,
}: {
  value: string | null;
  /** The chosen device, shown even when the search does not list it. */
  current: DeviceItem | null | undefined;
  onChange: (sn: string) => void;
}) {
  const { t } = useTranslation('telemetry-info');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useSearchDevices(search);
  const list = found.data?.list ?? [];
  const options = list.map((d) => ({ value: d.SN, label: label(d) }));
  if (current && !list.some((d) => d.SN === current.SN))
    options.unshift({ value: current.SN, label: label(current) });

  return (
    <Select<string>
      className="device-info-picker"
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      value={value ?? undefined}
      placeholder={t('pick')}
      loading={found.isFetching}
      notFoundContent={found.isPending ? null : t('noMatch')}
      onChange={(sn) => {
        setTyped('');
        onChange(sn);
      }}
      options={options}
      optionRender={(option) => (
        <span data-testid={`device-info-option-${String(option.value)}`}>{option.label}</span>
      )}
      aria-label={t('pick')}
      data-testid="device-info-select"
    />
  );
}
