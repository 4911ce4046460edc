import { useState } from 'react';
import { Alert, Form, Input, Modal, Radio, Switch, TimePicker, type ButtonProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  diagnosisKindLabels,
  DIAG_KINDS,
  TIMER_DESCR_MAX,
  TIMER_NAME_MAX,
  type AddTimerBody,
  type DiagnosisKind,
  type Lang,
  type TimerItem,
} from '@netconsole/contract';
import { useSaveTimer } from '../api/timers.ts';
import { DeviceChooser } from './device-chooser.tsx';
import { PROBE_INITIAL } from './dispatch-form.tsx';
import { ProbeFields, type ProbeValues } from './probe-fields.tsx';
import { serverTimerErrors, timerErrors, type Errors, type Field } from './timer-errors.ts';
import { BROWSER_ZONE, ZoneSelect } from './zone-select.tsx';

interface Values extends ProbeValues {
  name: string;
  descr: string;
  time: Dayjs | null;
  zone: string;
  enabled: boolean;
  kind: DiagnosisKind;
}

function initialOf(timer: TimerItem | null): Values {
  if (!timer) {
    return {
      ...PROBE_INITIAL,
      name: '',
      descr: '',
      time: dayjs().hour(3).minute(0).second(0),
      zone: BROWSER_ZONE,
      enabled: true,
      kind: 'network',
    };
  }
  return {
    name: timer.Name,
    descr: timer.Descr,
    time: dayjs().hour(timer.Data.Hour).minute(timer.Data.Minute).second(timer.Data.Second),
    zone: timer.TimeZone,
    enabled: timer.Status === 1,
    kind: timer.Kind,
    targets: timer.Targets,
    type: timer.Type,
    count: timer.Count,
    size: timer.Size,
    portalUrl: timer.PortalUrl ?? '',
    radius: timer.Radius,
  };
}

export interface TimerModalProps {
  /** The timer to change; null: a new one. */
  timer: TimerItem | null;
  onClose: () => void;
  onSaved: (name: string) => void;
}

/**
 * A timer's dialog (POST /v1/diagnose/addTimer, with `_id` when changing one): name, description,
 * the time of day (h:m:s) in a zone (the browser's to start with), enabled or not, and what it
 * runs — a network diagnosis (targets, ping or MTR) or a portal check — from which devices.
 */
export function TimerModal({ timer, onClose, onSaved }: TimerModalProps) {
  const { t, i18n } = useTranslation('diagnosis-timer');
  const lang = i18n.language as Lang;
  const [form] = Form.useForm<Values>();
  const [devices, setDevices] = useState<string[]>(timer?.Devices ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveTimer();
  const kind = Form.useWatch('kind', form) ?? initialOf(timer).kind;

  const status = (field: Field) => (errors[field] ? ('error' as const) : undefined);
  const help = (field: Field) =>
    errors[field] ? <span data-testid={`timer-error-${field}`}>{errors[field]}</span> : undefined;
  const clear = (field: Field) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const submit = (values: Values) => {
    const body: AddTimerBody = {
      ...(timer ? { _id: timer._id } : {}),
      Name: values.name,
      Descr: values.descr,
      // A missing time is refused by the schema with the time's code (28042).
      Data: values.time
        ? { Hour: values.time.hour(), Minute: values.time.minute(), Second: values.time.second() }
        : ({} as AddTimerBody['Data']),
      Status: values.enabled ? 1 : 0,
      TimeZone: values.zone,
      Kind: values.kind,
      Type: values.kind === 'network' ? values.type : 1,
      Devices: devices,
      Targets: values.kind === 'network' ? values.targets.map((v) => v.trim()).filter(Boolean) : [],
      ...(values.count !== null ? { Count: values.count } : {}),
      ...(values.size !== null ? { Size: values.size } : {}),
      ...(values.kind === 'portal'
        ? {
            ...(values.portalUrl.trim() ? { PortalUrl: values.portalUrl.trim() } : {}),
            Radius: values.radius.map((r) => ({
              Host: (r.Host ?? '').trim(),
              ...(r.AuthPort !== null ? { AuthPort: r.AuthPort } : {}),
              ...(r.AcctPort !== null ? { AcctPort: r.AcctPort } : {}),
            })),
          }
        : {}),
    };
    const found = timerErrors(body, lang);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body, {
      onSuccess: () => onSaved(values.name.trim()),
      onError: (error) => setErrors(serverTimerErrors(error)),
    });
  };

  return (
    <Modal
      open
      title={timer ? t('form.editTitle', { name: timer.Name }) : t('form.newTitle')}
      width={1000}
      okText={t('form.save')}
      cancelText={t('form.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'timer-save' } as ButtonProps}
      destroyOnHidden
      rootClassName="diag-modal"
      data-testid="timer-modal"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialOf(timer)}
        onFinish={submit}
        requiredMark
        className="diag-form"
        data-testid="timer-form"
      >
        <div className="diag-form-row">
          <Form.Item
            name="name"
            label={t('form.name')}
            required
            validateStatus={status('name')}
            help={help('name')}
          >
            <Input
              maxLength={TIMER_NAME_MAX}
              aria-label={t('form.name')}
              onChange={() => clear('name')}
              data-testid="timer-name"
            />
          </Form.Item>
          <Form.Item
            name="time"
            label={t('form.time')}
            required
            validateStatus={status('time')}
            help={help('time')}
          >
            <TimePicker
              format="HH:mm:ss"
              aria-label={t('form.time')}
              onChange={() => clear('time')}
              data-testid="timer-time"
            />
          </Form.Item>
          <Form.Item name="zone" label={t('form.zone')} validateStatus={status('zone')} help={help('zone')}>
            <ZoneSelect label={t('form.zone')} testId="timer-zone" />
          </Form.Item>
          <Form.Item name="enabled" label={t('form.status')} valuePropName="checked">
            <Switch aria-label={t('form.status')} data-testid="timer-enabled" />
          </Form.Item>
        </div>
        <Form.Item name="descr" label={t('form.descr')} validateStatus={status('descr')} help={help('descr')}>
          <Input.TextArea
            maxLength={TIMER_DESCR_MAX}
            autoSize={{ minRows: 1, maxRows: 3 }}
            aria-label={t('form.descr')}
            data-testid="timer-descr"
          />
        </Form.Item>
        <Form.Item name="kind" label={t('form.kind')}>
          <Radio.Group
            optionType="button"
            options={DIAG_KINDS.map((k) => ({ value: k, label: diagnosisKindLabels[k][lang] }))}
            onChange={() => setErrors({})}
            data-testid="timer-kind"
          />
        </Form.Item>
        <div className="diag-form-grid">
          <Form.Item
            label={t('form.devices')}
            required
            validateStatus={status('devices')}
            help={help('devices')}
          >
            <DeviceChooser
              selected={devices}
              onChange={(ids) => {
                setDevices(ids);
                clear('devices');
              }}
              testId="timer-devices"
            />
          </Form.Item>
          <div className="diag-form-side">
            <ProbeFields kind={kind} testId="timer" status={status} help={help} clear={clear} />
          </div>
        </div>
        {errors.form && <Alert type="error" showIcon title={errors.form} data-testid="timer-error-form" />}
      </Form>
    </Modal>
  );
}
