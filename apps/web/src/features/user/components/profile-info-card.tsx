import { Button, Card, Descriptions, Flex, Form, Input, Space, Tag } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '@netconsole/contract';
import { notify } from '#shared/notify.ts';
import { useUpdateUserInfo } from '../api/update-user-info.ts';
import { checkRule } from './user-form-fields.ts';
import { NAME_MAX, checkName } from './user-form-rules.ts';

const ROLE_COLOR: Record<string, string> = {
  user: 'blue',
  certified: 'green',
  analysis: 'purple',
  financial: 'gold',
  adduser: 'cyan',
};

/** Who you are: the account at a glance, and your name, the one detail you change directly. */
export function ProfileInfoCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('user-profile');
  const [form] = Form.useForm<{ Name: string }>();
  const nameId = useId();
  const update = useUpdateUserInfo();
  const notSet = <span className="profile-muted">{t('info.notSet')}</span>;

  const submit = ({ Name }: { Name: string }) =>
    update.mutate({ Name: Name.trim() }, { onSuccess: () => notify.success(t('info.saved')) });

  return (
    <Card title={t('info.title')} className="profile-card" data-testid="profile-info">
      <Descriptions
        column={1}
        size="small"
        className="profile-descriptions"
        items={[
          { key: 'username', label: t('info.username'), children: user.Username },
          { key: 'type', label: t('info.type'), children: t(`accountType.${user.Type}`) },
          { key: 'tenant', label: t('info.tenant'), children: user.Tenant?.Name ?? t('info.noTenant') },
          {
            key: 'roles',
            label: t('info.permissions'),
            children: (
              <Flex gap={4} wrap>
                {user.Roles.map((role) => (
                  <Tag key={role} color={ROLE_COLOR[role]}>
                    {t(`role.${role}`)}
                  </Tag>
                ))}
              </Flex>
            ),
          },
          { key: 'mode', label: t('info.mode'), children: t(`mode.${user.LoginModel}`) },
          { key: 'email', label: t('info.email'), children: user.Email || notSet },
          { key: 'phone', label: t('info.phone'), children: user.Phone || notSet },
        ]}
      />
      <Form<{ Name: string }>
        form={form}
        layout="vertical"
        initialValues={{ Name: user.Name }}
        onFinish={submit}
        className="profile-name-form"
      >
        {/* The field sits in a compact group with its button: the label names it by id. */}
        <Form.Item label={t('info.name')} htmlFor={nameId} required>
          <Space.Compact block>
            <Form.Item name="Name" noStyle rules={[checkRule(checkName, t, 'user-profile:error')]}>
              <Input id={nameId} maxLength={NAME_MAX} autoComplete="name" data-testid="info-name" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="info-submit">
              {t('info.save')}
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
    </Card>
  );
}
