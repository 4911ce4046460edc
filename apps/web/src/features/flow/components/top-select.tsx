import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

export const TOP_CHOICES = [5, 10, 20] as const;

/** How many of a ranking the top-N chart shows. */
export function TopSelect({
  value,
  onChange,
  testId,
}: {
  value: number;
  onChange: (n: number) => void;
  testId: string;
}) {
  const { t } = useTranslation('flow-common');
  return (
    <Select<number>
      size="small"
      value={value}
      onChange={onChange}
      options={TOP_CHOICES.map((n) => ({ value: n, label: t('top', { n }) }))}
      aria-label={t('topLabel')}
      popupMatchSelectWidth={false}
      data-testid={testId}
    />
  );
}
