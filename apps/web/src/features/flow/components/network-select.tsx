import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNetworkChoices } from '#shared/networks.ts';

export interface NetworkSelectProps {
  value: string | undefined;
  onChange: (network: string | undefined) => void;
  /** Without "all networks": a network must be chosen. */
  required?: boolean;
  testId: string;
}

/** One of the caller's networks, or all of them. */
export function NetworkSelect({ value, onChange, required, testId }: NetworkSelectProps) {
  const { t } = useTranslation('flow-common');
  const networks = useNetworkChoices();
  return (
    <Select<string>
      className="flow-network"
      allowClear={!required}
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      placeholder={required ? t('network.pick') : t('network.all')}
      loading={networks.isPending}
      onChange={(v) => onChange(v ?? undefined)}
      options={(networks.data ?? []).map((n) => ({ value: n.id, label: n.name }))}
      aria-label={t('network.label')}
      data-testid={testId}
    />
  );
}
