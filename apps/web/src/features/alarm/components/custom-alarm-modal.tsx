import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  COMPARES,
  CUSTOM_DEVICE_TYPES,
  CUSTOM_METRICS,
  changeCustomAlarmBody,
  compareLabels,
  customAlarmBody,
  customMetricInfo,
  deviceTypeLabels,
  type ChangeCustomAlarmBody,
  type CustomAlarm,
  type CustomAlarmBody,
  type CustomMetric,
  type Compare,
  type DeviceType,
  type Lang,
} from '@netconsole/contract';
import { useSaveCustomAlarm } from '../api/custom-alarms.ts';
import { AlarmFormModal, sharedValuesOf, useAlarmForm, type AlarmFormValues } from './alarm-form-modal.tsx';

interface Values extends AlarmFormValues {
  Metric: CustomMetric;
  Compare: Compare;
  Threshold: string;
  DeviceType: number;
}

const initialOf = (alarm: CustomAlarm | null): Values => ({
  ...sharedValuesOf(alarm),
  ...(alarm
    ? {
        Metric: alarm.Metric,
        Compare: alarm.Compare,
        Threshold: String(alarm.Threshold),
        DeviceType: alarm.DeviceType,
      }
    : { Metric: 'cpu', Compare: 'gt', Threshold: '', DeviceType: 0 }),
});

/**
 * A custom alarm of a network (POST customAlarm / changeCustomAlarm): a figure devices report,
 * above or below a threshold, with its level, push methods and recipients.
 */
export function CustomAlarmModal(props: {
  networkId: string;
  alarm: CustomAlarm | null;
  onClose: (saved?: string) => void;
}) {
  const { t, i18n } = useTranslation('alarm-settings');
  const lang = i18n.language as Lang;
  const form = useAlarmForm<Values>('custom', () => initialOf(props.alarm));
  const { values, patch, item } = form;
  const save = useSaveCustomAlarm();
  const unit = customMetricInfo[values.Metric].unit;

  const submit = () => {
    const body: CustomAlarmBody = { Network: props.networkId, Limit: props.alarm?.Limit ?? 0, ...values };
    if (props.alarm) {
      const change: ChangeCustomAlarmBody = { ...body, _id: props.alarm._id };
      form.submit(changeCustomAlarmBody, change, save, props.onClose);
    } else {
      form.submit(customAlarmBody, body, save, props.onClose);
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
        <Form.Item label={t('custom.metric')} required {...item('Metric')}>
          <Select<CustomMetric>
            value={values.Metric}
            onChange={(Metric) => patch({ Metric })}
            aria-label={t('custom.metric')}
            data-testid="custom-metric"
            options={CUSTOM_METRICS.map((m) => ({ value: m, label: customMetricInfo[m].label[lang] }))}
          />
        </Form.Item>
        <Form.Item label={t('custom.deviceType')} {...item('DeviceType')}>
          <Select<number>
            value={values.DeviceType}
            onChange={(DeviceType) => patch({ DeviceType })}
            aria-label={t('custom.deviceType')}
            data-testid="custom-device-type"
            options={CUSTOM_DEVICE_TYPES.map((d) => ({
              value: d,
              label: d === 0 ? t('custom.allDevices') : deviceTypeLabels[d as DeviceType][lang],
            }))}
          />
        </Form.Item>
      </div>
      <div className="alarm-form-row">
        <Form.Item label={t('custom.comparison')} required {...item('Compare')}>
          <Select<Compare>
            value={values.Compare}
            onChange={(Compare) => patch({ Compare })}
            aria-label={t('custom.comparison')}
            data-testid="custom-compare"
            options={COMPARES.map((c) => ({ value: c, label: compareLabels[c][lang] }))}
          />
        </Form.Item>
        <Form.Item label={t('custom.threshold')} required {...item('Threshold')}>
          <Input
            value={values.Threshold}
            inputMode="numeric"
            maxLength={9}
            suffix={unit || undefined}
            onChange={(e) => patch({ Threshold: e.target.value })}
            aria-label={t('custom.threshold')}
            data-testid="custom-threshold"
          />
        </Form.Item>
      </div>
    </AlarmFormModal>
  );
}
