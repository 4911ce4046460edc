import { useState, type ReactNode } from 'react';
import { Alert, Form, Input, Modal, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_DESCRIPTION_MAX, ALARM_NAME_MAX, type AlarmLevel, type Lang } from '@netconsole/contract';
import { MailFirst } from './mail-first.tsx';
import { PushFields, type PushValues } from './push-fields.tsx';
import { clientErrors, MAIL_FIRST, serverErrors, type Errors, type FieldOf } from './settings-errors.ts';

/** The dialogs of a network's own alarms: custom alarms and limit alarms. */
type Scope = 'custom' | 'limit';

/** What a custom and a limit alarm's dialog share: a name, a description, on or off, who is told how. */
export interface AlarmFormValues extends PushValues {
  Name: string;
  Description: string;
  Enable: boolean;
}

/** The shared fields of a saved alarm, as the contract answers them. */
type SavedAlarm = Omit<AlarmFormValues, 'Level'> & { Level: number | null };

/** A saved alarm's shared values to edit, or a new alarm's: on, no level yet, no one to tell. */
export function sharedValuesOf(alarm: SavedAlarm | null): AlarmFormValues {
  return alarm
    ? {
        Name: alarm.Name,
        Description: alarm.Description,
        Enable: alarm.Enable,
        Level: alarm.Level as AlarmLevel | null,
        Push: alarm.Push,
        Phone: alarm.Phone,
        Email: alarm.Email,
      }
    : { Name: '', Description: '', Enable: true, Level: null, Push: [], Phone: [], Email: [] };
}

/** Every refusal on the field it names (`Phone.1` on Phone). */
const fieldOf: FieldOf = (path) => (typeof path[0] === 'string' ? path[0] : 'form');

/** A body's schema in the contract (the server checks the same). */
type Schema = Parameters<typeof clientErrors>[0];

/** The save call of a dialog (a TanStack mutation), as far as the dialog uses it. */
interface Save<B> {
  mutate: (body: B, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}

/**
 * An alarm dialog's state: its values, the refusals on their fields (a field's own is cleared as
 * it changes), the props of a field's Form.Item, and the submit that checks the body by the
 * contract's schema before it is sent and closes the dialog with the saved name.
 */
export function useAlarmForm<V extends AlarmFormValues>(scope: Scope, initial: () => V) {
  const { i18n } = useTranslation();
  const lang = i18n.language as Lang;
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const patch = (p: Partial<V>) => {
    setValues((v) => ({ ...v, ...p }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(p).map((k) => [k, undefined])) }));
  };
  const item = (field: string) => ({
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: errors[field] ? <span data-testid={`${scope}-error-${field}`}>{errors[field]}</span> : undefined,
  });
  const submit = <B,>(schema: Schema, body: B, save: Save<B>, onSaved: (name: string) => void) => {
    const found = clientErrors(schema, body, fieldOf, lang);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body, {
      onSuccess: () => onSaved(values.Name.trim()),
      onError: (error) => setErrors(serverErrors(error, fieldOf, lang)),
    });
  };
  return { scope, values, errors, patch, item, submit };
}

export type AlarmForm<V extends AlarmFormValues> = ReturnType<typeof useAlarmForm<V>>;

/**
 * The dialog around an alarm's own fields (`children`, between the description and the switch):
 * the name and description above, on or off, level, push methods and recipients below, and the
 * refusals no field holds. Test ids start with the scope (`custom-name`, `limit-error-form`).
 */
export function AlarmFormModal(props: {
  /** A dialog's form of any alarm: its own fields are the children's. */
  form: AlarmForm<AlarmFormValues>;
  editing: boolean;
  saving: boolean;
  onOk: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('alarm-settings');
  const { scope, values, errors, patch, item } = props.form;
  return (
    <Modal
      open
      title={props.editing ? t(`${scope}.formTitleEdit`) : t(`${scope}.formTitleNew`)}
      okText={t(`${scope}.ok`)}
      cancelText={t(`${scope}.cancel`)}
      onOk={props.onOk}
      onCancel={props.onCancel}
      confirmLoading={props.saving}
      okButtonProps={{ 'data-testid': `${scope}-submit` } as never}
      destroyOnHidden
      data-testid={`${scope}-modal`}
    >
      <Form layout="vertical" requiredMark data-testid={`${scope}-form`} onFinish={props.onOk}>
        <Form.Item label={t(`${scope}.name`)} required {...item('Name')}>
          <Input
            value={values.Name}
            maxLength={ALARM_NAME_MAX}
            onChange={(e) => patch({ Name: e.target.value })}
            aria-label={t(`${scope}.name`)}
            data-testid={`${scope}-name`}
          />
        </Form.Item>
        <Form.Item label={t(`${scope}.description`)} {...item('Description')}>
          <Input
            value={values.Description}
            maxLength={ALARM_DESCRIPTION_MAX}
            onChange={(e) => patch({ Description: e.target.value })}
            aria-label={t(`${scope}.description`)}
            data-testid={`${scope}-description`}
          />
        </Form.Item>
        {props.children}
        <Form.Item label={t(`${scope}.enable`)}>
          <Switch
            checked={values.Enable}
            onChange={(Enable) => patch({ Enable })}
            aria-label={t(`${scope}.enable`)}
            data-testid={`${scope}-enable`}
          />
        </Form.Item>
        <PushFields values={values} onChange={patch} errors={errors} testId={scope} />
        {errors[MAIL_FIRST] && <MailFirst text={errors[MAIL_FIRST]} />}
        {errors.form && (
          <Alert type="error" showIcon title={errors.form} data-testid={`${scope}-error-form`} />
        )}
      </Form>
    </Modal>
  );
}
