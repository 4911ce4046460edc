import { useState } from 'react';
import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ALARM_DESCRIPTION_MAX,
  ALARM_NAME_MAX,
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
  type AlarmLevel,
  type Lang,
} from '@netconsole/contract';
import { useSaveCustomAlarm } from '../api/custom-alarms.ts';
import { MailFirst } from './mail-first.tsx';
import { PushFields, type PushValues } from './push-fields.tsx';
import { clientErrors, MAIL_FIRST, serverErrors, type Errors, type FieldOf } from './settings-errors.ts';

interface Values extends PushValues {
  Name: string;
  Description: string;
  Metric: CustomMetric;
  Compare: Compare;
  Threshold: string;
  DeviceType: number;
  Enable: boolean;
}

const initialOf = (alarm: CustomAlarm | null): Values =>
  alarm
    ? {
        Name: alarm.Name,
        Description: alarm.Description,
        Metric: alarm.Metric,
        Compare: alarm.Compare,
        Threshold: String(alarm.Threshold),
        DeviceType: alarm.DeviceType,
        Enable: alarm.Enable,
        Level: alarm.Level as AlarmLevel | null,
        Push: alarm.Push,
        Phone: alarm.Phone,
        Email: alarm.Email,
      }
    : {
        Name: '',
        Description: '',
        Metric: 'cpu',
        Compare: 'gt',
        Threshold: '',
        DeviceType: 0,
        Enable: true,
        Level: null,
        Push: [],
        Phone: [],
        Email: [],
      };

/** Every refusal on the field it names (`Phone.1` on Phone). */
const fieldOf: FieldOf = (path) => (typeof path[0] === 'string' ? path[0] : 'form');

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
  const [values, setValues] = useState<Values>(() => initialOf(props.alarm));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveCustomAlarm();
  const patch = (p: Partial<Values>) => {
    setValues((v) => ({ ...v, ...p }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(p).map((k) => [k, undefined])) }));
  };
  const item = (field: string) => ({
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: errors[field] ? <span data-testid={`custom-error-${field}`}>{errors[field]}</span> : undefined,
  });
  const unit = customMetricInfo[values.Metric].unit;

  const submit = () => {
    const body: CustomAlarmBody = { Network: props.networkId, Limit: props.alarm?.Limit ?? 0, ...values };
    const full: CustomAlarmBody | ChangeCustomAlarmBody = props.alarm
      ? { ...body, _id: props.alarm._id }
      : body;
    const found = clientErrors(props.alarm ? changeCustomAlarmBody : customAlarmBody, full, fieldOf, lang);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(full, {
      onSuccess: () => props.onClose(values.Name.trim()),
      onError: (error) => setErrors(serverErrors(error, fieldOf, lang)),
    });
  };

  return (
    <Modal
      open
      title={props.alarm ? t('custom.formTitleEdit') : t('custom.formTitleNew')}
      okText={t('custom.ok')}
      cancelText={t('custom.cancel')}
      onOk={submit}
      onCancel={() => props.onClose()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'custom-submit' } as never}
      destroyOnHidden
      data-testid="custom-modal"
    >
      <Form layout="vertical" requiredMark data-testid="custom-form" onFinish={submit}>
        <Form.Item label={t('custom.name')} required {...item('Name')}>
          <Input
            value={values.Name}
            maxLength={ALARM_NAME_MAX}
            onChange={(e) => patch({ Name: e.target.value })}
            aria-label={t('custom.name')}
            data-testid="custom-name"
          />
        </Form.Item>
        <Form.Item label={t('custom.description')} {...item('Description')}>
          <Input
            value={values.Description}
            maxLength={ALARM_DESCRIPTION_MAX}
            onChange={(e) => patch({ Description: e.target.value })}
            aria-label={t('custom.description')}
            data-testid="custom-description"
          />
        </Form.Item>
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
        <Form.Item label={t('custom.enable')}>
          <Switch
            checked={values.Enable}
            onChange={(Enable) => patch({ Enable })}
            aria-label={t('custom.enable')}
            data-testid="custom-enable"
          />
        </Form.Item>
        <PushFields values={values} onChange={patch} errors={errors} testId="custom" />
        {errors[MAIL_FIRST] && <MailFirst text={errors[MAIL_FIRST]} />}
        {errors.form && <Alert type="error" showIcon title={errors.form} data-testid="custom-error-form" />}
      </Form>
    </Modal>
  );
}
