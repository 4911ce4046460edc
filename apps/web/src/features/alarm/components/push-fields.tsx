import { Checkbox, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ALARM_LEVELS,
  ALARM_RECIPIENTS_MAX,
  PUSH_METHODS,
  pushMethodLabels,
  severityLabels,
  type AlarmLevel,
  type Lang,
  type PushMethod,
} from '@netconsole/contract';
import type { Errors } from './settings-errors.ts';

/** What every alarm setting shares: its level, how it is pushed and to whom (spec §3, §5). */
export interface PushValues {
  Level: AlarmLevel | null;
  Push: PushMethod[];
  Phone: string[];
  Email: string[];
}

export function LevelSelect(props: {
  value: AlarmLevel | null;
  onChange: (level: AlarmLevel) => void;
  label: string;
  testId: string;
  invalid?: boolean;
}) {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  return (
    <Select<AlarmLevel>
      className="alarm-level-select"
      value={props.value ?? undefined}
      onChange={props.onChange}
      aria-label={props.label}
      status={props.invalid ? 'error' : undefined}
      data-testid={props.testId}
      options={ALARM_LEVELS.map((v) => ({
        value: v,
        label: severityLabels[v][lang],
        'data-testid': `${props.testId}-option-${v}`,
      }))}
    />
  );
}

export function PushChoice(props: {
  value: PushMethod[];
  onChange: (push: PushMethod[]) => void;
  label: string;
  testId: string;
}) {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  return (
    <Checkbox.Group<PushMethod>
      className="alarm-push"
      value={props.value}
      onChange={props.onChange}
      aria-label={props.label}
      role="group"
      data-testid={props.testId}
      options={PUSH_METHODS.map((m) => ({
        value: m,
        label: <span data-testid={`${props.testId}-${m}`}>{pushMethodLabels[m][lang]}</span>,
      }))}
    />
  );
}

/** Phone numbers or e-mail addresses, typed and ended with Enter, a comma or a space. */
export function RecipientsInput(props: {
  value: string[];
  onChange: (list: string[]) => void;
  label: string;
  testId: string;
  invalid?: boolean;
}) {
  // No placeholder: antd's placeholder grey is below AA contrast; the label and hint say it all.
  return (
    <Select
      mode="tags"
      open={false}
      suffixIcon={null}
      tokenSeparators={[',', ' ', ';']}
      maxCount={ALARM_RECIPIENTS_MAX}
      value={props.value}
      onChange={(list: string[]) => props.onChange(list.map((v) => v.trim()).filter(Boolean))}
      aria-label={props.label}
      status={props.invalid ? 'error' : undefined}
      data-testid={props.testId}
    />
  );
}

/**
 * The level, push methods and recipients of a custom or limit alarm, each with its refusal under it
 * (keys `Level`, `Push`, `Phone`, `Email` of `errors`).
 */
export function PushFields(props: {
  values: PushValues;
  onChange: (patch: Partial<PushValues>) => void;
  errors: Errors;
  testId: string;
}) {
  const { t } = useTranslation('alarm-settings');
  const { values, errors, testId } = props;
  const item = (field: keyof PushValues) => ({
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: errors[field] ? <span data-testid={`${testId}-error-${field}`}>{errors[field]}</span> : undefined,
  });
  return (
    <>
      <Form.Item label={t('custom.level')} required {...item('Level')}>
        <LevelSelect
          value={values.Level}
          onChange={(Level) => props.onChange({ Level })}
          label={t('custom.level')}
          testId={`${testId}-level`}
          invalid={Boolean(errors.Level)}
        />
      </Form.Item>
      <Form.Item label={t('custom.push')} required {...item('Push')}>
        <PushChoice
          value={values.Push}
          onChange={(Push) => props.onChange({ Push })}
          label={t('custom.push')}
          testId={`${testId}-push`}
        />
      </Form.Item>
      <Form.Item label={t('settings.phone')} extra={t('custom.recipientsHint')} {...item('Phone')}>
        <RecipientsInput
          value={values.Phone}
          onChange={(Phone) => props.onChange({ Phone })}
          label={t('settings.phone')}
          testId={`${testId}-phone`}
          invalid={Boolean(errors.Phone)}
        />
      </Form.Item>
      <Form.Item label={t('settings.email')} {...item('Email')}>
        <RecipientsInput
          value={values.Email}
          onChange={(Email) => props.onChange({ Email })}
          label={t('settings.email')}
          testId={`${testId}-email`}
          invalid={Boolean(errors.Email)}
        />
      </Form.Item>
    </>
  );
}
