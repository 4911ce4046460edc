import type { ReactNode } from 'react';
import {
  Checkbox,
  DatePicker,
  Form,
  InputNumber,
  Switch,
  type DatePickerProps,
  type FormItemProps,
} from 'antd';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  DELIVERY_WINDOW_DAILY_MS,
  DELIVERY_WINDOW_DEFAULT_MS,
  DELIVERY_WINDOW_TAIL_MS,
} from '@netconsole/contract';
import type { CampaignLook } from './campaign-table.tsx';

/** Past days cannot be picked; a time earlier today is refused by the contract (14011) on submit. */
const beforeToday = (d: Dayjs) => d.endOf('day').valueOf() < Date.now();

/**
 * A campaign's effective or expiry time: a day from today on, to the minute. Inside a Form.Item,
 * which gives it its value and change handler.
 */
export function CampaignTimePicker(props: Omit<DatePickerProps, 'showTime' | 'format' | 'disabledDate'>) {
  return (
    <DatePicker
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      disabledDate={beforeToday}
      {...props}
    />
  );
}

type StagedField = 'firstPercent' | 'maxFailPercent';

export interface StagedFieldsProps extends CampaignLook {
  /** Whether the form's `staged` switch is on (Form.useWatch). */
  staged: boolean;
  /** The feature's `t`: both namespaces hold `form.staged`, `form.stagedHint`, `form.firstPercent`, `form.maxFailPercent`. */
  t: TFunction;
  status: (field: StagedField) => FormItemProps['validateStatus'];
  help: (field: StagedField) => ReactNode;
}

/**
 * A staged start (spec §3): the switch and, when on, the share of devices that go first and the
 * share of failures that stops the rest. The form's fields are named `staged`, `firstPercent` and
 * `maxFailPercent`.
 */
export function StagedFields({ staged, t, status, help, testId, cls }: StagedFieldsProps) {
  return (
    <>
      <Form.Item name="staged" label={t('form.staged')} valuePropName="checked" extra={t('form.stagedHint')}>
        <Switch aria-label={t('form.staged')} data-testid={`${testId}-staged`} />
      </Form.Item>
      {staged && (
        <div className={`${cls}-form-row`}>
          <Form.Item
            name="firstPercent"
            label={t('form.firstPercent')}
            validateStatus={status('firstPercent')}
            help={help('firstPercent')}
          >
            <InputNumber
              min={1}
              max={100}
              precision={0}
              aria-label={t('form.firstPercent')}
              data-testid={`${testId}-first-percent`}
            />
          </Form.Item>
          <Form.Item
            name="maxFailPercent"
            label={t('form.maxFailPercent')}
            validateStatus={status('maxFailPercent')}
            help={help('maxFailPercent')}
          >
            <InputNumber
              min={0}
              max={100}
              precision={0}
              aria-label={t('form.maxFailPercent')}
              data-testid={`${testId}-max-fail-percent`}
            />
          </Form.Item>
        </div>
      )}
    </>
  );
}

/**
 * The box that asks for a maintenance window (the body's `Maintenance`): the alarms a delivery
 * causes (devices rebooting) are recorded but told to nobody (docs/notifications.md, "Windows of
 * deliveries"). The form's field is named `maintenance`; its texts are this folder's (`delivery`),
 * the same for configuration deliveries and firmware upgrades.
 */
export function MaintenanceField({ testId }: { testId: string }) {
  const { t } = useTranslation('delivery');
  const hint = t('maintenance.hint', {
    hours: DELIVERY_WINDOW_DEFAULT_MS / 3_600_000,
    dailyHours: DELIVERY_WINDOW_DAILY_MS / 3_600_000,
    tailMinutes: DELIVERY_WINDOW_TAIL_MS / 60_000,
  });
  return (
    <Form.Item name="maintenance" valuePropName="checked" extra={hint}>
      <Checkbox data-testid={`${testId}-maintenance`}>{t('maintenance.label')}</Checkbox>
    </Form.Item>
  );
}
