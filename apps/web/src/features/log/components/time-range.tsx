import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** A log's time filter, as the server takes it: Unix ms, either end open. */
export interface TimeRange {
  From?: number;
  To?: number;
}

export interface TimeRangeFieldProps {
  value: TimeRange;
  onChange: (range: TimeRange) => void;
  testId: string;
}

/**
 * The time range of a log screen, with the spans people ask for most (last hour, day, week, month).
 * Texts come from the `log-common` keys `range.*` of the screen's namespace.
 */
export function TimeRangeField({ value, onChange, testId }: TimeRangeFieldProps) {
  const { t } = useTranslation('log-common');
  const last = (amount: number, unit: 'hour' | 'day'): [Dayjs, Dayjs] => [
    dayjs().subtract(amount, unit),
    dayjs(),
  ];
  return (
    <DatePicker.RangePicker
      className="log-range"
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      allowEmpty={[true, true]}
      value={[value.From ? dayjs(value.From) : null, value.To ? dayjs(value.To) : null]}
      onChange={(dates) =>
        onChange({ From: dates?.[0]?.valueOf() ?? undefined, To: dates?.[1]?.valueOf() ?? undefined })
      }
      placeholder={[t('range.from'), t('range.to')]}
      presets={[
        { label: t('range.hour'), value: () => last(1, 'hour') },
        { label: t('range.day'), value: () => last(1, 'day') },
        { label: t('range.week'), value: () => last(7, 'day') },
        { label: t('range.month'), value: () => last(30, 'day') },
      ]}
      aria-label={t('range.label')}
      data-testid={testId}
    />
  );
}
