import { Checkbox, Form, Input, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TenantUserItem } from '@netconsole/contract';
import { ApiError } from '#shared/api-client.ts';
import { notify } from '#shared/notify.ts';
import { useAddTenantUser } from '../api/add-tenant-user.ts';
import { useUpdateTenantUser } from '../api/update-tenant-user.ts';
import { PasswordFields } from './password-fields.tsx';
import { checkRule } from './user-form-fields.ts';
import {
  OPERATION_FLAGS,
  checkEmail,
  checkName,
  checkPhone,
  checkUsername,
  fieldOfErrorCode,
  initialValues,
  toAddBody,
  toUpdateBody,
  type UserFormValues,
} from './user-form-rules.ts';

interface Props {
  /** The account to edit; none to add one. */
  user?: TenantUserItem;
  /** The administrator adds to this tenant; a tenant adds to its own. */
  tenantId?: string;
  onClose: () => void;
}

/**
 * Add or edit a co-administrator. Adding sets the account name and the password (typed twice);
 * editing changes the name, contact details and permissions. The server's refusal is toasted by
 * the app's error policy and also marked on the field it concerns.
 */
export function UserFormModal({ user, tenantId, onClose }: Props) {
  const { t } = useTranslation('user');
  const [form] = Form.useForm<UserFormValues>();
  const add = useAddTenantUser();
  const update = useUpdateTenantUser();
  const editing = Boolean(user);

  const markField = (error: unknown) => {
    const field = error instanceof ApiError ? fieldOfErrorCode(error.code) : undefined;
    if (field) form.setFields([{ name: field, errors: [(error as ApiError).message] }]);
  };

  const submit = (values: UserFormValues) => {
    const done = {
      onSuccess: () => {
        notify.success(t(editing ? 'list.message.updated' : 'list.message.added'));
        onClose();
      },
      onError: markField,
    };
    if (user) update.mutate(toUpdateBody(user._id, values), done);
    else add.mutate({ ...toAddBody(values), ...(tenantId && { TenantId: tenantId }) }, done);
  };

  return (
    <Modal
      open
      title={editing ? t('form.editTitle', { username: user?.Username }) : t('form.addTitle')}
      width={600}
      okText={editing ? t('form.save') : t('form.add')}
      cancelText={t('form.cancel')}
      okButtonProps={{ htmlType: 'submit', 'data-testid': 'user-form-submit' } as ButtonProps}
      confirmLoading={add.isPending || update.isPending}
      onCancel={onClose}
      mask={{ closable: false }}
      modalRender={(dom) => (
        <Form<UserFormValues>
          form={form}
          layout="vertical"
          initialValues={initialValues(user)}
          onFinish={submit}
          requiredMark
          data-testid="user-form"
        >
          {dom}
        </Form>
      )}
    >
      <div className="user-form-grid">
        <Form.Item
          name="Username"
          label={t('form.username')}
          required={!editing}
          rules={editing ? [] : [checkRule(checkUsername, t)]}
          extra={editing ? undefined : t('form.usernameHint')}
        >
          <Input disabled={editing} maxLength={32} autoComplete="off" data-testid="user-form-username" />
        </Form.Item>
        <Form.Item name="Name" label={t('form.name')} required rules={[checkRule(checkName, t)]}>
          <Input maxLength={64} autoComplete="off" data-testid="user-form-name" />
        </Form.Item>
        {!editing && <PasswordFields labelKey="form.password" />}
        <Form.Item name="Email" label={t('form.email')} rules={[checkRule(checkEmail, t)]}>
          <Input maxLength={254} autoComplete="off" data-testid="user-form-email" />
        </Form.Item>
        <Form.Item name="Phone" label={t('form.phone')} rules={[checkRule(checkPhone, t)]}>
          <Input maxLength={20} autoComplete="off" data-testid="user-form-phone" />
        </Form.Item>
      </div>
      <Form.Item label={t('form.permissions')} extra={t('form.permissionsHint')}>
        <div className="user-form-operations">
          {OPERATION_FLAGS.map((flag) => (
            <Form.Item key={flag} name={flag} valuePropName="checked" noStyle>
              <Checkbox data-testid={`user-form-op-${flag.toLowerCase()}`}>{t(`operation.${flag}`)}</Checkbox>
            </Form.Item>
          ))}
        </div>
      </Form.Item>
    </Modal>
  );
}
