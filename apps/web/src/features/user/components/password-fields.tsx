import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkRule, confirmRule } from './user-form-fields.ts';
import { checkPassword } from './user-form-rules.ts';

/** A new password and its confirmation, as the add and reset-password forms ask for them. */
export function PasswordFields({ labelKey }: { labelKey: 'form.password' | 'form.newPassword' }) {
  const { t } = useTranslation('user');
  return (
    <>
      <Form.Item
        name="Password"
        label={t(labelKey)}
        required
        rules={[checkRule(checkPassword, t)]}
        extra={t('form.passwordHint')}
      >
        <Input.Password maxLength={32} autoComplete="new-password" data-testid="user-form-password" />
      </Form.Item>
      <Form.Item
        name="Confirm"
        label={t('form.confirm')}
        required
        dependencies={['Password']}
        rules={[confirmRule(t)]}
      >
        <Input.Password maxLength={32} autoComplete="new-password" data-testid="user-form-confirm" />
      </Form.Item>
    </>
  );
}
