import { useId, useState } from 'react';
import { Alert, Button, Form, Input, Space, Steps } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorCode, LOGIN_ROLES } from '@netconsole/contract';
import { ApiError } from '#shared/api-client.ts';
import { Logo } from '#shared/components/logo.tsx';
import { notify } from '#shared/notify.ts';
import { startSession } from '#shared/session.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { useSendResetCode } from '../api/send-reset-code.ts';
import { useVerifyResetCode } from '../api/verify-reset-code.ts';
import { markRefusedField } from '../components/account-form.ts';
import {
  checkConfirmation,
  checkNewPhone,
  checkNewPassword,
  checkResetCode,
  phoneDigits,
  toForgotBody,
} from '../components/account-rules.ts';
import { useCountdown } from '../components/countdown.ts';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { checkRule, crossRule } from '../components/user-form-fields.ts';
import './login-page.css';
import './forgot-password-page.css';

const ERRORS = 'user-forgot:error';

interface VerifyValues {
  Phone: string;
  Code: string;
}
interface PasswordValues {
  Password: string;
  ConfirmPassword: string;
}
/** A verified number and the ticket verifiedForPwd traded its code for. */
interface Verified {
  phone: string;
  ticket: string;
}

/**
 * spec §2 /forgotpwd (public): the account's phone gets a 5-character code by SMS; the code is
 * traded for a ticket; the new password signs the account in, exactly as the login form does, and
 * the guard takes it on to the dashboard.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(['user-forgot', 'common']);
  const [verifyForm] = Form.useForm<VerifyValues>();
  const [passwordForm] = Form.useForm<PasswordValues>();
  const [verified, setVerified] = useState<Verified | null>(null);
  const phoneId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const countdown = useCountdown();
  const send = useSendResetCode();
  const verify = useVerifyResetCode();
  const reset = useForgotPassword();

  const startOver = () => {
    setVerified(null);
    passwordForm.resetFields();
    verifyForm.setFieldValue('Code', '');
  };

  const sendCode = async () => {
    let phone: string;
    try {
      phone = phoneDigits((await verifyForm.validateFields(['Phone'])).Phone);
    } catch {
      return;
    }
    send.mutate(phone, {
      onSuccess: () => {
        countdown.start();
        notify.success(t('sent', { phone }));
      },
      onError: (error) => markRefusedField(verifyForm, error, ['Phone']),
    });
  };

  const verifyCode = ({ Phone, Code }: VerifyValues) => {
    const phone = phoneDigits(Phone);
    verify.mutate(
      { Phone: phone, Code: Code.trim() },
      {
        onSuccess: (reply) => setVerified({ phone, ticket: reply.Ticket }),
        onError: (error) => markRefusedField(verifyForm, error, ['Phone', 'Code']),
      },
    );
  };

  const submit = (values: PasswordValues) => {
    if (!verified) return;
    setProblem(null);
    reset.mutate(toForgotBody(verified.phone, verified.ticket, values), {
      onSuccess: (reply) => {
        // The same rule as the login form: only the two user roles may sign in (spec §4, §6).
        if (!LOGIN_ROLES.includes(reply.Role)) {
          setProblem(t('common:message.loginNotExist'));
          return;
        }
        notify.success(t('done'));
        // The guard sees the token and leaves /forgotpwd for the dashboard.
        startSession(reply);
      },
      onError: (error) => {
        markRefusedField(passwordForm, error, ['Password', 'ConfirmPassword']);
        // The ticket lapsed or was used: the number has to be verified again.
        if (error instanceof ApiError && error.code === ErrorCode.VerificationCodeInvalid) startOver();
      },
    });
  };

  return (
    <div className="login-page forgot-page" data-testid="forgot-page">
      <main className="login-main">
        <div className="login-toolbar">
          <Link to="/login" aria-label="NetConsole">
            <Logo size={28} />
          </Link>
          <LanguageSwitch />
        </div>
        <div className="login-center">
          <section className="login-card forgot-card">
            <h2>{t('title')}</h2>
            <p className="login-subtitle">{t('subtitle')}</p>
            <Steps
              size="small"
              current={verified ? 1 : 0}
              className="forgot-steps"
              items={[{ title: t('steps.verify') }, { title: t('steps.password') }]}
            />
            {/* Both forms stay mounted, so going back keeps the number that was typed. */}
            <Form<VerifyValues>
              form={verifyForm}
              layout="vertical"
              size="large"
              requiredMark={false}
              onFinish={verifyCode}
              hidden={verified !== null}
              data-testid="forgot-verify-form"
            >
              {/* The field sits in a compact group with its button: the label names it by id. */}
              <Form.Item label={t('phone')} htmlFor={phoneId} required>
                <Space.Compact block>
                  <Form.Item
                    name="Phone"
                    noStyle
                    rules={[checkRule((value) => checkNewPhone(value), t, ERRORS)]}
                  >
                    <Input
                      id={phoneId}
                      prefix={<MobileOutlined />}
                      inputMode="tel"
                      autoComplete="tel"
                      maxLength={20}
                      autoFocus
                      data-testid="forgot-phone"
                    />
                  </Form.Item>
                  <Button
                    onClick={() => void sendCode()}
                    loading={send.isPending}
                    disabled={countdown.running}
                    className="forgot-send"
                    data-testid="forgot-send"
                  >
                    {countdown.running ? t('resend', { seconds: countdown.left }) : t('send')}
                  </Button>
                </Space.Compact>
              </Form.Item>
              <Form.Item
                name="Code"
                label={t('code')}
                extra={t('codeHint')}
                rules={[checkRule(checkResetCode, t, ERRORS)]}
              >
                <Input
                  prefix={<SafetyOutlined />}
                  maxLength={5}
                  autoComplete="one-time-code"
                  data-testid="forgot-code"
                />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                block
                loading={verify.isPending}
                data-testid="forgot-verify"
              >
                {t('verify')}
              </Button>
            </Form>
            <Form<PasswordValues>
              form={passwordForm}
              layout="vertical"
              size="large"
              requiredMark={false}
              onFinish={submit}
              onValuesChange={() => setProblem(null)}
              hidden={verified === null}
              data-testid="forgot-password-form"
            >
              <Form.Item
                name="Password"
                label={t('password')}
                extra={t('passwordHint')}
                rules={[checkRule((value) => checkNewPassword(value), t, ERRORS)]}
              >
                <Input.Password
                  prefix={<LockOutlined />}
                  maxLength={32}
                  autoComplete="new-password"
                  data-testid="forgot-password"
                />
              </Form.Item>
              <Form.Item
                name="ConfirmPassword"
                label={t('confirm')}
                dependencies={['Password']}
                rules={[crossRule((value, field) => checkConfirmation(field('Password'), value), t, ERRORS)]}
              >
                <Input.Password
                  prefix={<LockOutlined />}
                  maxLength={32}
                  autoComplete="new-password"
                  data-testid="forgot-confirm"
                />
              </Form.Item>
              {problem && <Alert type="warning" showIcon title={problem} className="forgot-problem" />}
              <Button
                type="primary"
                htmlType="submit"
                block
                loading={reset.isPending}
                data-testid="forgot-submit"
              >
                {t('submit')}
              </Button>
              <Button type="link" block onClick={startOver} className="forgot-start-over">
                {t('startOver')}
              </Button>
            </Form>
            <div className="forgot-back">
              <Link to="/login" data-testid="forgot-back">
                {t('backToLogin')}
              </Link>
            </div>
          </section>
        </div>
      </main>
    </div>
  );
}
