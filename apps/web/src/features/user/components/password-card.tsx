import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { notify } from '#shared/notify.ts';
import { useChangePassword } from '../api/change-password.ts';
import { markRefusedField } from './account-form.ts';
import {
  checkConfirmation,
  checkNewPassword,
  checkOldPassword,
  toPassBody,
  type PasswordValues,
} from './account-rules.ts';
import { checkRule, crossRule } from './user-form-fields.ts';

const ERRORS = 'user-profile:error';

/** Old, new and confirmation; the server ends the account's other sessions and says 11018. */
export function PasswordCard() {
  const { t } = useTranslation('user-profile');
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();

  const submit = (values: PasswordValues) =>
    change.mutate(toPassBody(values), {
      onSuccess: (reply) => {
        notify.success(reply.message || t('password.changed'));
        form.resetFields();
      },
      onError: (error) => markRefusedField(form, error, ['OldPassword', 'Password', 'ConfirmPassword']),
    });

  return (
    <Card title={t('password.title')} className="profile-card" data-testid="profile-password">
      <Form<PasswordValues> form={form} layout="vertical" onFinish={submit} requiredMark>
        <Form.Item
          name="OldPassword"
          label={t('password.old')}
          required
          rules={[checkRule(checkOldPassword, t, ERRORS)]}
        >
          <Input.Password maxLength={32} autoComplete="current-password" data-testid="pwd-old" />
        </Form.Item>
        <Form.Item
          name="Password"
          label={t('password.new')}
          required
          dependencies={['OldPassword']}
          extra={t('password.hint')}
          rules={[crossRule((value, field) => checkNewPassword(value, field('OldPassword')), t, ERRORS)]}
        >
          <Input.Password maxLength={32} autoComplete="new-password" data-testid="pwd-new" />
        </Form.Item>
        <Form.Item
          name="ConfirmPassword"
          label={t('password.confirm')}
          required
          dependencies={['Password']}
          rules={[crossRule((value, field) => checkConfirmation(field('Password'), value), t, ERRORS)]}
        >
          <Input.Password maxLength={32} autoComplete="new-password" data-testid="pwd-confirm" />
        </Form.Item>
        <p className="profile-muted profile-note">{t('password.note')}</p>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="pwd-submit">
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
