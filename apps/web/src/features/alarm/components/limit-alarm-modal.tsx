import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  LIMIT_METRICS,
  addLimitAlarmBody,
  limitMetricInfo,
  updateLimitAlarmBody,
  type AddLimitAlarmBody,
  type LimitAlarm,
  type UpdateLimitAlarmBody,
  type LimitMetric,
  type Lang,
} from '@netconsole/contract';
import { useSaveLimitAlarm } from '../api/limit-alarms.ts';
import { AlarmFormModal, sharedValuesOf, useAlarmForm, type AlarmFormValues } from './alarm-form-modal.tsx';

interface Values extends AlarmFormValues {
  Metric: LimitMetric;
  Max: string;
}

const initialOf = (alarm: LimitAlarm | null): Values => ({
  ...sharedValuesOf(alarm),
  ...(alarm ? { Metric: alarm.Metric, Max: String(alarm.Max) } : { Metric: 'clients', Max: '' }),
});

/**
 * A limit alarm of a network (POST /v1/limitalarm/add or update): raised when a figure of the whole
 * network (clients online, gateway traffic, devices offline) passes its limit.
 */
export function LimitAlarmModal(props: {
  networkId: string;
  alarm: LimitAlarm | null;
  onClose: (saved?: string) => void;
}) {
  const { t, i18n } = useTranslation('alarm-settings');
  const lang = i18n.language as Lang;
  const form = useAlarmForm<Values>('limit', () => initialOf(props.alarm));
  const { values, patch, item } = form;
  const save = useSaveLimitAlarm();
  const unit = limitMetricInfo[values.Metric].unit;

  const submit = () => {
    const body: AddLimitAlarmBody = { Network: props.networkId, Limit: props.alarm?.Limit ?? 0, ...values };
    if (props.alarm) {
      const change: UpdateLimitAlarmBody = { ...body, _id: props.alarm._id, Remove: false };
      form.submit(updateLimitAlarmBody, change, save, props.onClose);
    } else {
      form.submit(addLimitAlarmBody, body, save, props.onClose);
    }
  };

  return (
    <AlarmFormModal
      form={form}
      editing={props.alarm !== null}
      saving={save.isPending}
      onOk={submit}
      onCancel={() => props.onClose()}
    >
      <div className="alarm-form-row">
        <Form.Item label={t('limit.metric')} required {...item('Metric')}>
          <Select<LimitMetric>
            value={values.Metric}
            onChange={(Metric) => patch({ Metric })}
            aria-label={t('limit.metric')}
            data-testid="limit-metric"
            options={LIMIT_METRICS.map((m) => ({ value: m, label: limitMetricInfo[m].label[lang] }))}
          />
        </Form.Item>
        <Form.Item label={t('limit.limit')} required {...item('Max')}>
          <Input
            value={values.Max}
            inputMode="numeric"
            maxLength={9}
            suffix={unit || undefined}
            onChange={(e) => patch({ Max: e.target.value })}
            aria-label={t('limit.limit')}
            data-testid="limit-max"
          />
        </Form.Item>
      </div>
    </AlarmFormModal>
  );
}
