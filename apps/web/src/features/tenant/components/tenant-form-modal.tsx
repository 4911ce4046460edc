import { useState } from 'react';
import { Checkbox, DatePicker, Form, Input, InputNumber, Modal, type ButtonProps, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TenantItem } from '@netconsole/contract';
import { ApiError } from '#shared/api-client.ts';
import { notify } from '#shared/notify.ts';
import { useAddTenant } from '../api/add-tenant.ts';
import { useUpdateTenant } from '../api/update-tenant.ts';
import {
  CONTACT_MAX,
  DISCOUNTS,
  TENANT_NAME_MAX,
  TENANT_OPERATIONS,
  checkConfirm,
  checkContact,
  checkDiscount,
  checkEmail,
  checkPassword,
  checkPhone,
  checkServiceEnd,
  checkServiceStart,
  checkTenantName,
  checkUsername,
  fieldOfTenantError,
  initialTenantValues,
  toAddTenantBody,
  toUpdateTenantBody,
  type TenantFieldError,
  type TenantFormValues,
} from './tenant-form-rules.ts';

type Values = TenantFormValues;

/** An antd rule from a check; `field` reads the form's other values. */
function rule<V>(
  check: (value: V, field: <K extends keyof Values>(name: K) => Values[K]) => TenantFieldError | null,
  t: TFunction,
): FormRule {
  return ({ getFieldValue }) => ({
    validator: (_, value: V) => {
      const error = check(value, (name) => getFieldValue(name) as Values[typeof name]);
      return error ? Promise.reject(new Error(t(`form.error.${error}`))) : Promise.resolve();
    },
  });
}

/** The form keeps a day as its midnight in Unix ms; the picker shows it as a date. */
const dayProps = {
  getValueProps: (value: number | null) => ({
    value: value === null || value === undefined ? null : dayjs(value),
  }),
  normalize: (value: Dayjs | null) => (value ? value.startOf('day').valueOf() : null),
};

interface Props {
  /** The tenant to edit; none to add one with its owner account. */
  tenant?: TenantItem;
  onClose: () => void;
}

/**
 * Add a tenant and its owner account, or edit one: name, contact details, rights, discounts and
 * the service period. The server's refusal is toasted by the app's error policy and also marked
 * on the field it concerns.
 */
export function TenantFormModal({ tenant, onClose }: Props) {
  const { t } = useTranslation('tenant-list');
  const [form] = Form.useForm<Values>();
  const add = useAddTenant();
  const update = useUpdateTenant();
  const [now] = useState(Date.now);
  const editing = Boolean(tenant);

  const markField = (error: unknown) => {
    const field = error instanceof ApiError ? fieldOfTenantError(error.code) : undefined;
    if (field) form.setFields([{ name: field, errors: [(error as ApiError).message] }]);
  };

  const submit = (values: Values) => {
    const at = Date.now();
    if (tenant) {
      update.mutate(toUpdateTenantBody(tenant, values, at), {
        onSuccess: () => {
          notify.success(t('message.updated'));
          onClose();
        },
        onError: markField,
      });
    } else {
      const body = toAddTenantBody(values, at);
      add.mutate(body, {
        onSuccess: (created) => {
          notify.success(t('message.added', { name: created.Name, username: body.Username }));
          onClose();
        },
        onError: markField,
      });
    }
  };

  const today = dayjs(now).startOf('day');
  const keptStart = tenant?.ServiceStart ?? null;

  return (
    <Modal
      open
      title={tenant ? t('form.editTitle', { name: tenant.Name }) : t('form.addTitle')}
      width={720}
      okText={editing ? t('form.save') : t('form.add')}
      cancelText={t('form.cancel')}
      okButtonProps={{ htmlType: 'submit', 'data-testid': 'tenant-form-submit' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'tenant-form-cancel' } as ButtonProps}
      confirmLoading={add.isPending || update.isPending}
      onCancel={onClose}
      mask={{ closable: false }}
      modalRender={(dom) => (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initialTenantValues(now, tenant)}
          onFinish={submit}
          requiredMark
          data-testid="tenant-form"
        >
          {dom}
        </Form>
      )}
    >
      <h4 className="tenant-form-section">{t('form.tenantSection')}</h4>
      <div className="tenant-form-grid">
        <Form.Item name="Name" label={t('form.name')} required rules={[rule(checkTenantName, t)]}>
          <Input maxLength={TENANT_NAME_MAX} autoComplete="off" data-testid="tenant-form-name" />
        </Form.Item>
        {!editing && (
          <Form.Item
            name="Contact"
            label={t('form.contact')}
            extra={t('form.contactHint')}
            rules={[rule(checkContact, t)]}
          >
            <Input maxLength={CONTACT_MAX} autoComplete="off" data-testid="tenant-form-contact" />
          </Form.Item>
        )}
        <Form.Item name="Phone" label={t('form.phone')} required rules={[rule(checkPhone, t)]}>
          <Input maxLength={20} inputMode="tel" autoComplete="off" data-testid="tenant-form-phone" />
        </Form.Item>
        <Form.Item name="Email" label={t('form.email')} required rules={[rule(checkEmail, t)]}>
          <Input maxLength={254} inputMode="email" autoComplete="off" data-testid="tenant-form-email" />
        </Form.Item>
      </div>
      <p className="tenant-form-note">{t('form.contactNote')}</p>

      <h4 className="tenant-form-section">{t('form.ownerSection')}</h4>
      {tenant ? (
        <p className="tenant-form-note">{t('form.owner', { username: tenant.Owner?.Username ?? '—' })}</p>
      ) : (
        <div className="tenant-form-grid">
          <Form.Item
            name="Username"
            label={t('form.username')}
            required
            extra={t('form.usernameHint')}
            rules={[rule(checkUsername, t)]}
          >
            <Input maxLength={32} autoComplete="off" data-testid="tenant-form-username" />
          </Form.Item>
          <div />
          <Form.Item
            name="Password"
            label={t('form.password')}
            required
            extra={t('form.passwordHint')}
            rules={[rule(checkPassword, t)]}
          >
            <Input.Password maxLength={32} autoComplete="new-password" data-testid="tenant-form-password" />
          </Form.Item>
          <Form.Item
            name="Confirm"
            label={t('form.confirm')}
            required
            dependencies={['Password']}
            rules={[rule<string | undefined>((value, field) => checkConfirm(field('Password'), value), t)]}
          >
            <Input.Password maxLength={32} autoComplete="new-password" data-testid="tenant-form-confirm" />
          </Form.Item>
        </div>
      )}

      <h4 className="tenant-form-section">{t('form.serviceSection')}</h4>
      <Form.Item label={t('form.permissions')}>
        <div className="tenant-form-operations">
          {TENANT_OPERATIONS.map((flag) => (
            <Form.Item key={flag} name={flag} valuePropName="checked" noStyle>
              <Checkbox data-testid={`tenant-form-op-${flag.toLowerCase()}`}>
                {t(`operation.${flag}`)}
              </Checkbox>
            </Form.Item>
          ))}
        </div>
      </Form.Item>
      <Form.Item label={t('form.discounts')} extra={t('form.discountsHint')} required>
        <div className="tenant-form-discounts">
          {DISCOUNTS.map((kind) => (
            <Form.Item
              key={kind}
              name={kind}
              rules={[rule(checkDiscount, t)]}
              className="tenant-form-discount"
            >
              <InputNumber
                min={0}
                max={100}
                precision={0}
                prefix={<span className="tenant-muted">{t(`discount.${kind}`)}</span>}
                suffix="%"
                aria-label={t(`discount.${kind}`)}
                data-testid={`tenant-form-level-${kind.toLowerCase()}`}
              />
            </Form.Item>
          ))}
        </div>
      </Form.Item>
      <div className="tenant-form-grid">
        <Form.Item
          name="ServiceStart"
          label={t('form.serviceStart')}
          required
          {...dayProps}
          rules={[rule<number | null>((value) => checkServiceStart(value ?? null, now, keptStart), t)]}
        >
          <DatePicker
            className="tenant-form-date"
            allowClear={false}
            disabledDate={(date) =>
              date.isBefore(today) && !(keptStart !== null && date.isSame(keptStart, 'day'))
            }
            data-testid="tenant-form-start"
          />
        </Form.Item>
        <Form.Item
          name="ServiceEnd"
          label={t('form.serviceEnd')}
          required
          dependencies={['ServiceStart']}
          {...dayProps}
          rules={[
            rule<number | null>((value, field) => checkServiceEnd(value ?? null, field('ServiceStart')), t),
          ]}
        >
          <DatePicker
            className="tenant-form-date"
            allowClear={false}
            disabledDate={(date) => {
              const start = form.getFieldValue('ServiceStart') as number | null;
              return start !== null && date.isBefore(dayjs(start), 'day');
            }}
            data-testid="tenant-form-end"
          />
        </Form.Item>
      </div>
    </Modal>
  );
}
