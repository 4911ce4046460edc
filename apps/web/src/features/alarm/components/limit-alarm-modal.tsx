import { useState } from 'react';
import { Alert, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ALARM_DESCRIPTION_MAX,
  ALARM_NAME_MAX,
  LIMIT_METRICS,
  addLimitAlarmBody,
  limitMetricInfo,
  updateLimitAlarmBody,
  type AddLimitAlarmBody,
  type LimitAlarm,
  type UpdateLimitAlarmBody,
  type LimitMetric,
  type AlarmLevel,
  type Lang,
} from '@netconsole/contract';
import { useSaveLimitAlarm } from '../api/limit-alarms.ts';
import { MailFirst } from './mail-first.tsx';
import { PushFields, type PushValues } from './push-fields.tsx';
import { clientErrors, MAIL_FIRST, serverErrors, type Errors, type FieldOf } from './settings-errors.ts';

interface Values extends PushValues {
  Name: string;
  Description: string;
  Metric: LimitMetric;
  Max: string;
  Enable: boolean;
}

const initialOf = (alarm: LimitAlarm | null): Values =>
  alarm
    ? {
        Name: alarm.Name,
        Description: alarm.Description,
        Metric: alarm.Metric,
        Max: String(alarm.Max),
        Enable: alarm.Enable,
        Level: alarm.Level as AlarmLevel | null,
        Push: alarm.Push,
        Phone: alarm.Phone,
        Email: alarm.Email,
      }
    : {
        Name: '',
        Description: '',
        Metric: 'clients',
        Max: '',
        Enable: true,
        Level: null,
        Push: [],
        Phone: [],
        Email: [],
      };

const fieldOf: FieldOf = (path) => (typeof path[0] === 'string' ? path[0] : 'form');

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
  const [values, setValues] = useState<Values>(() => initialOf(props.alarm));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveLimitAlarm();
  const patch = (p: Partial<Values>) => {
    setValues((v) => ({ ...v, ...p }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(p).map((k) => [k, undefined])) }));
  };
  const item = (field: string) => ({
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: errors[field] ? <span data-testid={`limit-error-${field}`}>{errors[field]}</span> : undefined,
  });
  const unit = limitMetricInfo[values.Metric].unit;

  const submit = () => {
    const body: AddLimitAlarmBody = { Network: props.networkId, Limit: props.alarm?.Limit ?? 0, ...values };
    const full: AddLimitAlarmBody | UpdateLimitAlarmBody = props.alarm
      ? { ...body, _id: props.alarm._id, Remove: false }
      : body;
    const found = clientErrors(props.alarm ? updateLimitAlarmBody : addLimitAlarmBody, full, fieldOf, lang);
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
      title={props.alarm ? t('limit.formTitleEdit') : t('limit.formTitleNew')}
      okText={t('limit.ok')}
      cancelText={t('limit.cancel')}
      onOk={submit}
      onCancel={() => props.onClose()}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'limit-submit' } as never}
      destroyOnHidden
      data-testid="limit-modal"
    >
      <Form layout="vertical" requiredMark data-testid="limit-form" onFinish={submit}>
        <Form.Item label={t('limit.name')} required {...item('Name')}>
          <Input
            value={values.Name}
            maxLength={ALARM_NAME_MAX}
            onChange={(e) => patch({ Name: e.target.value })}
            aria-label={t('limit.name')}
            data-testid="limit-name"
          />
        </Form.Item>
        <Form.Item label={t('limit.description')} {...item('Description')}>
          <Input
            value={values.Description}
            maxLength={ALARM_DESCRIPTION_MAX}
            onChange={(e) => patch({ Description: e.target.value })}
            aria-label={t('limit.description')}
            data-testid="limit-description"
          />
        </Form.Item>
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
        <Form.Item label={t('limit.enable')}>
          <Switch
            checked={values.Enable}
            onChange={(Enable) => patch({ Enable })}
            aria-label={t('limit.enable')}
            data-testid="limit-enable"
          />
        </Form.Item>
        <PushFields values={values} onChange={patch} errors={errors} testId="limit" />
        {errors[MAIL_FIRST] && <MailFirst text={errors[MAIL_FIRST]} />}
        {errors.form && <Alert type="error" showIcon title={errors.form} data-testid="limit-error-form" />}
      </Form>
    </Modal>
  );
}
