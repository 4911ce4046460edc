import { useState } from 'react';
import { Alert, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { COPY_TARGETS_MAX, copyAlarmSettingsBody, type Lang } from '@netconsole/contract';
import { useCopyAlarmSettings } from '../api/settings.ts';
import { MailFirst } from './mail-first.tsx';
import { clientErrors, MAIL_FIRST, serverErrors, type Errors, type FieldOf } from './settings-errors.ts';

const fieldOf: FieldOf = (path) => (path[0] === 'To' ? 'To' : 'form');

/** Copies one network's saved settings, custom alarms included, to others: all or nothing. */
export function CopySettingsModal(props: {
  from: { id: string; name: string };
  networks: readonly { id: string; name: string }[];
  onClose: (copied?: number) => void;
}) {
  const { t, i18n } = useTranslation('alarm-settings');
  const lang = i18n.language as Lang;
  const [to, setTo] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const copy = useCopyAlarmSettings();
  const submit = () => {
    const body = { _id: props.from.id, To: to };
    const found = clientErrors(copyAlarmSettingsBody, body, fieldOf, lang);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    copy.mutate(body, {
      onSuccess: (reply) => props.onClose(reply.list.Copied),
      onError: (error) => setErrors(serverErrors(error, fieldOf, lang)),
    });
  };
  return (
    <Modal
      open
      title={t('copy.title', { name: props.from.name })}
      okText={t('copy.ok')}
      cancelText={t('copy.cancel')}
      onOk={submit}
      onCancel={() => props.onClose()}
      confirmLoading={copy.isPending}
      okButtonProps={{ 'data-testid': 'copy-submit' } as never}
      destroyOnHidden
      data-testid="copy-modal"
    >
      <p className="alarm-muted">{t('copy.hint')}</p>
      <Form layout="vertical">
        <Form.Item
          label={t('copy.targets')}
          required
          validateStatus={errors.To ? 'error' : undefined}
          help={errors.To ? <span data-testid="copy-error-To">{errors.To}</span> : undefined}
        >
          <Select<string[]>
            mode="multiple"
            value={to}
            maxCount={COPY_TARGETS_MAX}
            onChange={(ids) => {
              setTo(ids);
              setErrors({});
            }}
            optionFilterProp="label"
            aria-label={t('copy.targets')}
            data-testid="copy-targets"
            options={props.networks
              .filter((n) => n.id !== props.from.id)
              .map((n) => ({ value: n.id, label: n.name, 'data-testid': `copy-option-${n.name}` }))}
          />
        </Form.Item>
      </Form>
      {errors[MAIL_FIRST] && <MailFirst text={errors[MAIL_FIRST]} />}
      {errors.form && <Alert type="error" showIcon title={errors.form} data-testid="copy-error-form" />}
    </Modal>
  );
}
