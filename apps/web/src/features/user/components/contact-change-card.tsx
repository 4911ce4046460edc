import { Button, Card, Form, Input, Space } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '#shared/notify.ts';
import { markRefusedField } from './account-form.ts';
import { checkSixDigitCode, type AccountFieldError } from './account-rules.ts';
import { useCountdown } from './countdown.ts';
import { checkRule } from './user-form-fields.ts';

const ERRORS = 'user-profile:error';

export interface ContactChangeProps {
  /** Texts under `<kind>.` of user-profile, test ids `<kind>-new|send|code|submit`. */
  kind: 'email' | 'phone';
  /** The form field and the body's name for the value. */
  field: 'Email' | 'Phone';
  /** The account's address or number now ('' when none). */
  current: string;
  check: (value: string | undefined, current: string) => AccountFieldError | null;
  /** Asks for a code; resolves to a refusal to show on the field, or null once the code is out. */
  send: (value: string) => Promise<string | null>;
  sending: boolean;
  /** Applies the change with the code. */
  confirm: (value: string, code: string) => Promise<unknown>;
  confirming: boolean;
  maxLength: number;
  inputMode: 'email' | 'tel';
}

/** The new value under the body's own name (Email or Phone), so a refusal finds its field. */
type Values = Partial<Record<'Email' | 'Phone', string>> & { Code: string };

/**
 * A new e-mail address or phone number, proved by a 6-digit code sent to it: type it, send the
 * code (then a 60 s countdown), type the code, change.
 */
export function ContactChangeCard(props: ContactChangeProps) {
  const { kind, current } = props;
  const { t } = useTranslation('user-profile');
  const [form] = Form.useForm<Values>();
  const newId = useId();
  const countdown = useCountdown();
  const { field } = props;
  const mark = (error: unknown) => markRefusedField(form, error, [field, 'Code']);

  const send = async () => {
    let value: string;
    try {
      value = ((await form.validateFields([field])) as Values)[field]!.trim();
    } catch {
      return;
    }
    try {
      const refusal = await props.send(value);
      if (refusal) {
        form.setFields([{ name: field, errors: [refusal] }]);
        notify.warning(refusal);
        return;
      }
      countdown.start();
      notify.success(t(`${kind}.sent`, { [kind]: value }));
    } catch (error) {
      mark(error);
    }
  };

  const submit = async (values: Values) => {
    const value = (values[field] ?? '').trim();
    try {
      await props.confirm(value, values.Code.trim());
      notify.success(t(`${kind}.changed`, { [kind]: value }));
      form.resetFields();
      countdown.reset();
    } catch (error) {
      mark(error);
    }
  };

  return (
    <Card title={t(`${kind}.title`)} className="profile-card" data-testid={`profile-${kind}`}>
      <p className="profile-current">
        <span className="profile-muted">{t(`${kind}.current`)}:</span>{' '}
        {current ? (
          <strong data-testid={`${kind}-current`}>{current}</strong>
        ) : (
          <span className="profile-muted">{t('info.notSet')}</span>
        )}
      </p>
      <Form<Values>
        form={form}
        name={kind}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        requiredMark
      >
        {/* The field sits in a compact group with its button: the label names it by id. */}
        <Form.Item label={t(`${kind}.new`)} htmlFor={newId} required>
          <Space.Compact block>
            <Form.Item
              name={field}
              noStyle
              rules={[checkRule((value) => props.check(value, current), t, ERRORS)]}
            >
              <Input
                id={newId}
                maxLength={props.maxLength}
                inputMode={props.inputMode}
                autoComplete={kind === 'email' ? 'email' : 'tel'}
                data-testid={`${kind}-new`}
              />
            </Form.Item>
            <Button
              onClick={() => void send()}
              loading={props.sending}
              disabled={countdown.running}
              className="profile-send"
              data-testid={`${kind}-send`}
            >
              {countdown.running ? t(`${kind}.resend`, { seconds: countdown.left }) : t(`${kind}.send`)}
            </Button>
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="Code"
          label={t(`${kind}.code`)}
          required
          extra={t(`${kind}.codeHint`)}
          rules={[checkRule(checkSixDigitCode, t, ERRORS)]}
        >
          <Input
            maxLength={6}
            inputMode="numeric"
            autoComplete="one-time-code"
            className="profile-code"
            data-testid={`${kind}-code`}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={props.confirming} data-testid={`${kind}-submit`}>
          {t(`${kind}.submit`)}
        </Button>
      </Form>
    </Card>
  );
}
