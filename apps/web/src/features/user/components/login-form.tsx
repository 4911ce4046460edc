import { useState } from 'react';
import { Alert, Button, Form } from 'antd';
// The two inputs on their own: antd's Input index also attaches TextArea, Search and OTP.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOGIN_ROLES, type LoginBody } from '@netconsole/contract';
import type * as Validators from './login-validators.ts';
import { errorMessage } from '#shared/api-client.ts';
import { startSession } from '#shared/session.ts';
import { useLogin } from '../api/login.ts';

interface Problem {
  type: 'error' | 'warning';
  text: string;
}

/**
 * An antd rule from a contract validator, so the form and the server agree on the limits. The
 * validators bring zod (~20 KB gzip), so they load on the first check rather than on first paint.
 */
function schemaRule(pick: (contract: typeof Validators) => typeof Validators.accountName, message: string) {
  return {
    validator: async (_: unknown, value: string | undefined) => {
      if (!value) return;
      const schema = pick(await import('./login-validators.ts'));
      if (!schema.safeParse(value).success) throw new Error(message);
    },
  };
}

export function LoginForm() {
  const { t } = useTranslation(['user', 'common']);
  const login = useLogin();
  const [problem, setProblem] = useState<Problem | null>(null);

  const submit = (values: LoginBody) => {
    setProblem(null);
    login.mutate(values, {
      onSuccess: (reply) => {
        // spec §4/§6: only the two user roles may sign in; anything else is refused here too.
        if (!LOGIN_ROLES.includes(reply.Role)) {
          setProblem({ type: 'warning', text: t('common:message.loginNotExist') });
          return;
        }
        startSession(reply);
      },
      onError: (error) => setProblem({ type: 'error', text: errorMessage(error) }),
    });
  };

  return (
    <Form<LoginBody>
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={submit}
      onValuesChange={() => setProblem(null)}
      data-testid="login-form"
    >
      <Form.Item
        name="Username"
        label={t('login.username')}
        rules={[
          { required: true, whitespace: true, message: t('login.usernameRequired') },
          schemaRule((c) => c.accountName, t('login.usernameLength')),
        ]}
      >
        <Input
          prefix={<UserOutlined />}
          autoComplete="username"
          autoFocus
          maxLength={64}
          data-testid="login-username"
        />
      </Form.Item>
      <Form.Item
        name="Password"
        label={t('login.password')}
        rules={[
          { required: true, whitespace: true, message: t('login.passwordRequired') },
          schemaRule((c) => c.loginPassword, t('login.passwordLength')),
        ]}
      >
        <Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          maxLength={64}
          data-testid="login-password"
        />
      </Form.Item>
      <div className="login-forgot">
        <Link to="/forgotpwd" data-testid="forgot-link">
          {t('login.forgot')}
        </Link>
      </div>
      {problem && (
        <Alert
          type={problem.type}
          showIcon
          title={problem.text}
          style={{ marginBottom: 16 }}
          data-testid="login-error"
        />
      )}
      <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
