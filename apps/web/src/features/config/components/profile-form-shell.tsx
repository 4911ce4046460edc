import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Form, type FormInstance, type FormRule } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CONFIG_NAME_MAX,
  ErrorCode,
  errorText,
  type ConfigItem,
  type ConfigType,
  type Lang,
} from '@netconsole/contract';
import { ApiError, errorMessage } from '#shared/api-client.ts';
import { PageSpin } from '#shared/components/page-spin.tsx';
import { notify } from '#shared/notify.ts';
import { useConfig } from '../api/get-config.ts';
import { useSaveConfig } from '../api/save-config.ts';
import {
  AdminFields,
  ProfileBasicsFields,
  ProfileFileFields,
  UploadFields,
} from './profile-common-fields.tsx';
import {
  initialValues,
  problemAt,
  profileProblems,
  toProfileBody,
  type FieldName,
  type KeptProfile,
  type ProfileFormValues,
} from './profile-form-values.ts';

/** What a form's own sections get: the form, the field rule, the stored profile it edits. */
export interface ProfileSectionsProps {
  form: FormInstance<ProfileFormValues>;
  rule: (name: FieldName) => FormRule;
  initial: ProfileFormValues;
  kept?: KeptProfile;
}

export interface ProfileFormPageProps {
  type: ConfigType;
  /** The page's namespace: `form.addTitle`, `editTitle`, `copyTitle`, `copyOf`, `uploadHint`, `message.*`. */
  ns: string;
  listPath: string;
  /** The device type's settings sections, shown when the profile's source is its settings. */
  sections: (props: ProfileSectionsProps) => ReactNode;
}

/**
 * A profile's form page (spec §2 /deviceconf/apform, switchform, routerform): `?id=` edits one,
 * `?copy=` starts a new one from a copy, neither starts afresh. Every field is checked by the
 * contract's own schema (the server's), its 14xxx text in the user's language beside the field; a
 * refusal of the server shows its message above the buttons (and on the name when it is taken).
 * Saved, it goes back to the list.
 */
export function ProfileFormPage(props: ProfileFormPageProps) {
  // The shared parts' texts are the AP namespace's: loaded here, before any other hook, so no part
  // suspends in the middle of its own hooks.
  const { t } = useTranslation([props.ns, 'config-ap']);
  const [search] = useSearchParams();
  const editId = search.get('id');
  const copyId = search.get('copy');
  const source = useConfig(editId ?? copyId);

  if (source.isPending && (editId ?? copyId)) return <PageSpin />;
  if (source.isError)
    return (
      <Card className="config-form-card">
        <Alert
          type="error"
          showIcon
          title={errorMessage(source.error)}
          data-testid="config-form-load-error"
        />
      </Card>
    );
  const item = source.data?.list;
  return (
    <ProfileForm
      // A refetch (after a save) leaves the typed values alone; another profile starts afresh.
      key={`${editId ?? ''}|${copyId ?? ''}`}
      {...props}
      editing={editId ? item : undefined}
      copyOf={copyId ? item : undefined}
      copyName={(name) => t('form.copyOf', { name }).slice(0, CONFIG_NAME_MAX)}
    />
  );
}

interface ProfileFormProps extends ProfileFormPageProps {
  /** The profile to edit. */
  editing?: ConfigItem;
  /** The profile a new one starts from. */
  copyOf?: ConfigItem;
  copyName: (name: string) => string;
}

function ProfileForm({ type, ns, listPath, sections, editing, copyOf, copyName }: ProfileFormProps) {
  const { t, i18n } = useTranslation(ns);
  const { t: common } = useTranslation('config-ap');
  const lang = i18n.language as Lang;
  const navigate = useNavigate();
  const [form] = Form.useForm<ProfileFormValues>();
  const save = useSaveConfig();
  const [refusal, setRefusal] = useState<string | null>(null);
  // The form is keyed by what it shows: its first values are fixed for its life.
  const [initial] = useState(() =>
    editing
      ? initialValues(editing)
      : copyOf
        ? initialValues(copyOf, copyName(copyOf.Name))
        : initialValues(undefined, undefined, type),
  );
  const kept: KeptProfile | undefined = editing
    ? { _id: editing._id, Admin: editing.Admin, Pppoe: editing.Pppoe }
    : undefined;
  const source = Form.useWatch('Source', form) ?? initial.Source;

  /** A field's rule: the contract's schema over the whole form, this field's issue in the user's language. */
  const rule =
    (name: FieldName): FormRule =>
    () => ({
      validator: () => {
        const code = problemAt(profileProblems(form.getFieldsValue(true), kept), name);
        return code === null ? Promise.resolve() : Promise.reject(new Error(errorText(code, lang)));
      },
    });

  const submit = () => {
    setRefusal(null);
    const all = form.getFieldsValue(true) as ProfileFormValues;
    // What no field shows (a list as a whole, a port's stored settings) still stops the save, said here.
    const left = profileProblems(all, kept);
    if (left.length > 0) {
      setRefusal(errorText(left[0]!.code, lang));
      return;
    }
    save.mutate(toProfileBody(all, kept), {
      onSuccess: (reply) => {
        notify.success(t(editing ? 'form.message.saved' : 'form.message.added', { name: reply.list.Name }));
        void navigate(listPath);
      },
      onError: (error) => {
        setRefusal(errorMessage(error));
        if (error instanceof ApiError && error.code === ErrorCode.ConfigNameExists)
          form.setFields([{ name: 'Name', errors: [error.message] }]);
      },
    });
  };

  return (
    <Card
      className="config-form-card"
      title={
        editing
          ? t('form.editTitle', { name: editing.Name, revision: editing.Revision })
          : copyOf
            ? t('form.copyTitle', { name: copyOf.Name })
            : t('form.addTitle')
      }
      data-testid="config-form-page"
    >
      <Form<ProfileFormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        requiredMark
        scrollToFirstError
        data-testid="config-form"
      >
        <ProfileBasicsFields form={form} rule={rule} cycleTime={initial.CycleTime} />
        {source === 'file' ? (
          <ProfileFileFields form={form} rule={rule} />
        ) : (
          <>
            {sections({ form, rule, initial, kept })}
            <AdminFields form={form} rule={rule} kept={kept} />
          </>
        )}
        <UploadFields hint={t('form.uploadHint')} />

        {refusal && (
          <Alert
            type="error"
            showIcon
            title={refusal}
            className="config-form-refusal"
            data-testid="config-form-error"
          />
        )}
        <div className="config-form-actions">
          <Button onClick={() => void navigate(listPath)} data-testid="config-form-cancel">
            {common('form.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="config-form-submit">
            {common(editing ? 'form.save' : 'form.add')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
