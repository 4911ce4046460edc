import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeviceItem } from '@netconsole/contract';
import { SEARCH_DELAY_MS } from '#shared/use-typed-search.ts';
import { useSearchDevices } from '../api/search-devices.ts';

const label = (d: Pick<DeviceItem, 'Alias' | 'SN'>) =>
  d.Alias && d.Alias !== d.SN ? `${d.Alias} (${d.SN})` : d.SN;

/** A device of the caller's, found by part of its alias, SN or MAC; answers its id and label. */
export function DeviceSelect({
  value,
  onChange,
  testId,
}: {
  value: { id: string; label: string } | null;
  onChange: (device: { id: string; label: string }) => void;
  testId: string;
}) {
  const { t } = useTranslation('flow-realtime');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useSearchDevices(search);
  const list = found.data?.list ?? [];
  const options = list.map((d) => ({ value: d._id, label: label(d) }));
  if (value && !options.some((o) => o.value === value.id))
    options.unshift({ value: value.id, label: value.label });
  return (
    <Select<string>
      className="flow-network"
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      value={value?.id}
      placeholder={t('pickDevice')}
      loading={found.isFetching}
      notFoundContent={found.isPending ? null : t('noMatch')}
      onChange={(id) => {
        setTyped('');
        onChange({ id, label: options.find((o) => o.value === id)?.label ?? id });
      }}
      options={options}
      aria-label={t('pickDevice')}
      data-testid={testId}
    />
  );
}
