import { useState } from 'react';
import { Alert, Button, Form } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PROBE_DOMAINS,
  DIAG_COUNT_DEFAULT,
  DIAG_SIZE_DEFAULT,
  type DiagnoseDispatchInput,
  type DiagnosisKind,
  type Lang,
} from '@netconsole/contract';
import { useDispatch } from '../api/runs.ts';
import { DeviceChooser } from './device-chooser.tsx';
import { dispatchErrors, serverErrors, type Errors, type Field } from './dispatch-errors.ts';
import { ProbeFields, type ProbeValues } from './probe-fields.tsx';

export const PROBE_INITIAL: ProbeValues = {
  targets: [...DEFAULT_PROBE_DOMAINS],
  type: 1,
  count: DIAG_COUNT_DEFAULT,
  size: DIAG_SIZE_DEFAULT,
  portalUrl: '',
  radius: [],
};

export interface DispatchFormProps {
  kind: DiagnosisKind;
  /** The new run's _id. */
  onDone: (runId: string) => void;
}

/**
 * A diagnosis to run now (POST /v1/diagnose/dispatchCommand): the devices, then for a network
 * diagnosis the targets (the default probe domains to start with) and ping or MTR, for a portal
 * diagnosis the portal page and up to two RADIUS servers; packet count and size. Spec §5's rules
 * are the contract's schema, checked before sending, each refusal on its field in the user's
 * language.
 */
export function DispatchForm({ kind, onDone }: DispatchFormProps) {
  const { t, i18n } = useTranslation('diagnosis-common');
  const lang = i18n.language as Lang;
  const [form] = Form.useForm<ProbeValues>();
  const [devices, setDevices] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const dispatch = useDispatch();
  const testId = `diag-${kind}`;

  const status = (field: Field) => (errors[field] ? ('error' as const) : undefined);
  const help = (field: Field) =>
    errors[field] ? <span data-testid={`${testId}-error-${field}`}>{errors[field]}</span> : undefined;
  const clear = (field: Field) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));

  const submit = (values: ProbeValues) => {
    const body: DiagnoseDispatchInput = {
      Kind: kind,
      Devices: devices,
      Type: kind === 'network' ? values.type : 1,
      Count: values.count,
      Size: values.size,
      ...(kind === 'network'
        ? { Targets: values.targets.map((v) => v.trim()).filter(Boolean) }
        : {
            PortalUrl: values.portalUrl.trim() || null,
            Radius: values.radius.map((r) => ({ ...r, Host: (r.Host ?? '').trim() })),
          }),
    };
    const found = dispatchErrors(body, lang);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    dispatch.mutate(body, {
      onSuccess: (reply) => onDone(reply._id),
      onError: (error) => setErrors(serverErrors(error)),
    });
  };

  return (
    <Form<ProbeValues>
      form={form}
      layout="vertical"
      initialValues={PROBE_INITIAL}
      onFinish={submit}
      requiredMark
      className="diag-form"
      data-testid={`${testId}-form`}
    >
      <div className="diag-form-grid">
        <Form.Item
          label={t('form.devices')}
          required
          validateStatus={status('devices')}
          help={help('devices')}
          className="diag-form-devices"
        >
          <DeviceChooser
            selected={devices}
            onChange={(ids) => {
              setDevices(ids);
              clear('devices');
            }}
            testId={`${testId}-devices`}
          />
        </Form.Item>
        <div className="diag-form-side">
          <ProbeFields kind={kind} testId={testId} status={status} help={help} clear={clear} />
          {errors.form && (
            <Alert
              type="error"
              showIcon
              title={errors.form}
              className="diag-alert"
              data-testid={`${testId}-error-form`}
            />
          )}
          {errors.type && <Alert type="error" showIcon title={errors.type} className="diag-alert" />}
          <Button
            type="primary"
            htmlType="submit"
            icon={<SendOutlined />}
            loading={dispatch.isPending}
            data-testid={`${testId}-submit`}
          >
            {t('form.submit')}
          </Button>
        </div>
      </div>
    </Form>
  );
}
