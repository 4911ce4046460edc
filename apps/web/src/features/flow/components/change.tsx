import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/**
 * A change against the previous period (% to one decimal; null when the previous was nothing:
 * new when there is something now):
 * up green, down red, with the arrow and the words so the colour is not the only sign.
 */
export function Change({
  value,
  current,
  testId,
}: {
  value: number | null;
  current: number;
  testId?: string;
}) {
  const { t } = useTranslation('flow-common');
  if (value === null) {
    return (
      <span className="flow-change flow-muted" data-testid={testId}>
        {current > 0 ? t('change.new') : t('change.same')}
      </span>
    );
  }
  if (value === 0) {
    return (
      <span className="flow-change flow-muted" data-testid={testId}>
        {t('change.same')}
      </span>
    );
  }
  const up = value > 0;
  return (
    <span className={`flow-change ${up ? 'flow-change-up' : 'flow-change-down'}`} data-testid={testId}>
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />}{' '}
      {t(up ? 'change.up' : 'change.down', { value: Math.abs(value).toFixed(1) })}
    </span>
  );
}
