import { Form, Modal, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TenantUserItem } from '@netconsole/contract';
import { ApiError } from '#shared/api-client.ts';
import { notify } from '#shared/notify.ts';
import { useUpdateTenantUser } from '../api/update-tenant-user.ts';
import { PasswordFields } from './password-fields.tsx';
import { fieldOfErrorCode } from './user-form-rules.ts';

interface Values {
  Password: string;
  Confirm: string;
}

/** A new password for a co-administrator, typed twice; the account is signed out by the server. */
export function ResetPasswordModal({ user, onClose }: { user: TenantUserItem; onClose: () => void }) {
  const { t } = useTranslation('user');
  const [form] = Form.useForm<Values>();
  const update = useUpdateTenantUser();

  const submit = ({ Password }: Values) =>
    update.mutate(
      { _id: user._id, Password },
      {
        onSuccess: () => {
          notify.success(t('list.message.passwordReset', { username: user.Username }));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && fieldOfErrorCode(error.code) === 'Password') {
            form.setFields([{ name: 'Password', errors: [error.message] }]);
          }
        },
      },
    );

  return (
    <Modal
      open
      title={t('reset.title', { username: user.Username })}
      width={440}
      okText={t('reset.submit')}
      cancelText={t('form.cancel')}
      okButtonProps={{ htmlType: 'submit', 'data-testid': 'user-form-submit' } as ButtonProps}
      confirmLoading={update.isPending}
      onCancel={onClose}
      mask={{ closable: false }}
      modalRender={(dom) => (
        <Form<Values> form={form} layout="vertical" onFinish={submit} data-testid="user-reset-form">
          {dom}
        </Form>
      )}
    >
      <p className="user-form-note">{t('reset.note')}</p>
      <PasswordFields labelKey="form.newPassword" />
    </Modal>
  );
}
