import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TopologyOrient } from './topology-model.ts';

/** Vertical or horizontal drawing; each option carries `topology-orient-<TB|LR>`. */
export function OrientSwitch({
  value,
  onChange,
  size,
}: {
  value: TopologyOrient;
  onChange: (orient: TopologyOrient) => void;
  size?: 'small' | 'middle' | 'large';
}) {
  const { t } = useTranslation('topology-view');
  return (
    <Segmented<TopologyOrient>
      size={size}
      value={value}
      onChange={onChange}
      options={(['TB', 'LR'] as const).map((o) => ({
        value: o,
        label: <span data-testid={`topology-orient-${o}`}>{t(`orient.${o}`)}</span>,
      }))}
    />
  );
}
