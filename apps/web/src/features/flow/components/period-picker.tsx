import { DatePicker, Segmented } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

export const PERIODS = ['today', '7d', '30d', 'custom'] as const;
export type PeriodName = (typeof PERIODS)[number];

/** The period of a flow call as the server takes it: a named one, or custom from Start to End (ms). */
export interface PeriodValue {
  Period: PeriodName;
  Start?: number;
  End?: number;
}

export const TODAY: PeriodValue = { Period: 'today' };

export interface PeriodPickerProps {
  value: PeriodValue;
  onChange: (value: PeriodValue) => void;
  testId: string;
}

/**
 * Today, the last 7 days, the last 30 days, or days of one's own (whole days, ending today at the
 * latest): the custom range shows its date fields only when chosen.
 */
export function PeriodPicker({ value, onChange, testId }: PeriodPickerProps) {
  const { t } = useTranslation('flow-common');
  return (
    <div className="flow-period" data-testid={testId} data-period={value.Period}>
      <Segmented<PeriodName>
        value={value.Period}
        options={PERIODS.map((p) => ({ value: p, label: t(`period.${p}`) }))}
        onChange={(Period) => {
          if (Period !== 'custom') return onChange({ Period });
          // A custom range starts as the last 7 days, so the screen has something to show at once.
          onChange({
            Period,
            Start: dayjs().subtract(6, 'day').startOf('day').valueOf(),
            End: dayjs().endOf('day').valueOf(),
          });
        }}
        aria-label={t('period.label')}
        data-testid={`${testId}-switch`}
      />
      {value.Period === 'custom' && (
        <DatePicker.RangePicker
          className="flow-range"
          allowClear={false}
          value={[value.Start ? dayjs(value.Start) : null, value.End ? dayjs(value.End) : null]}
          disabledDate={(d) => d.isAfter(dayjs().endOf('day'))}
          onChange={(dates) => {
            const [from, to] = dates ?? [];
            if (!from || !to) return;
            onChange({
              Period: 'custom',
              Start: from.startOf('day').valueOf(),
              End: to.endOf('day').valueOf(),
            });
          }}
          placeholder={[t('period.from'), t('period.to')]}
          aria-label={t('period.range')}
          data-testid={`${testId}-range`}
        />
      )}
    </div>
  );
}
