import { useState } from 'react';
import { Alert, Button, Empty, Form, Select, Spin, Tooltip } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { updateNetworkAlarmBody, type Lang, type NetworkAlarmSettings } from '@netconsole/contract';
import { notify } from '#shared/notify.ts';
import { useAlarmNetworks, useAlarmSettings, useMailBound, useSaveAlarmSettings } from '../api/settings.ts';
import { CopySettingsModal } from './copy-settings-modal.tsx';
import { CustomAlarms, LimitAlarms } from './extra-alarms.tsx';
import { MailFirst } from './mail-first.tsx';
import { RecipientsInput } from './push-fields.tsx';
import { bodyOf, draftOf, settingsFieldOf, type SettingsDraft, type TypeDraft } from './settings-draft.ts';
import { clientErrors, MAIL_FIRST, serverErrors, type Errors } from './settings-errors.ts';
import { TypeSettingsTable } from './type-settings-table.tsx';

/** The form of one network's settings, started afresh from what the server holds. */
function SettingsForm({ settings }: { settings: NetworkAlarmSettings }) {
  const { t, i18n } = useTranslation('alarm-settings');
  const lang = i18n.language as Lang;
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveAlarmSettings();
  const mailBound = useMailBound();
  const fieldOf = settingsFieldOf(draft);
  const mailChosen = draft.types.some((d) => d.Enable && d.Push.includes('mail'));

  const changeType = (type: number, patch: Partial<TypeDraft>) => {
    setDraft((d) => ({ ...d, types: d.types.map((x) => (x.Type === type ? { ...x, ...patch } : x)) }));
    setErrors((e) => {
      const next: Errors = { ...e, form: undefined, [MAIL_FIRST]: undefined };
      for (const key of Object.keys(patch)) next[`${type}.${key}`] = undefined;
      return next;
    });
  };
  const changeRecipients = (patch: Pick<Partial<SettingsDraft>, 'Phone' | 'Email'>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
  };
  const submit = () => {
    const body = bodyOf(settings.Network, draft);
    const found = clientErrors(updateNetworkAlarmBody, body, fieldOf, lang);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(body, {
      onSuccess: () => notify.success(t('settings.saved', { name: settings.NetworkName })),
      onError: (error) => setErrors(serverErrors(error, fieldOf, lang)),
    });
  };
  const recipientItem = (field: 'Phone' | 'Email') => ({
    validateStatus: errors[field] ? ('error' as const) : undefined,
    help: errors[field] ? <span data-testid={`alarm-error-${field}`}>{errors[field]}</span> : undefined,
  });

  return (
    <Form layout="vertical" onFinish={submit} data-testid="alarm-settings-form">
      {settings.Default && (
        <Alert
          type="info"
          showIcon
          className="alarm-alert"
          title={t('settings.defaults')}
          data-testid="alarm-defaults"
        />
      )}
      {mailChosen && mailBound.data === false && !errors[MAIL_FIRST] && (
        <MailFirst type="info" text={t('settings.mailFirst')} />
      )}
      <TypeSettingsTable types={draft.types} errors={errors} onChange={changeType} />
      <h3 className="alarm-subtitle">{t('settings.recipients')}</h3>
      <p className="alarm-muted alarm-recipients-hint">{t('settings.recipientsHint')}</p>
      <div className="alarm-form-row">
        <Form.Item label={t('settings.phone')} {...recipientItem('Phone')}>
          <RecipientsInput
            value={draft.Phone}
            onChange={(Phone) => changeRecipients({ Phone })}
            label={t('settings.phone')}
            testId="alarm-phone"
            invalid={Boolean(errors.Phone)}
          />
        </Form.Item>
        <Form.Item label={t('settings.email')} {...recipientItem('Email')}>
          <RecipientsInput
            value={draft.Email}
            onChange={(Email) => changeRecipients({ Email })}
            label={t('settings.email')}
            testId="alarm-email"
            invalid={Boolean(errors.Email)}
          />
        </Form.Item>
      </div>
      {errors[MAIL_FIRST] && <MailFirst text={errors[MAIL_FIRST]} />}
      {errors.form && (
        <Alert
          type="error"
          showIcon
          className="alarm-alert"
          title={errors.form}
          data-testid="alarm-error-form"
        />
      )}
      <div className="alarm-form-actions">
        <Button
          onClick={() => {
            setDraft(draftOf(settings));
            setErrors({});
          }}
          data-testid="alarm-settings-reset"
        >
          {t('settings.reset')}
        </Button>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="alarm-settings-save">
          {t('settings.save')}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The Settings tab: choose a network (`?network=` preselects it), then its 21 types, recipients,
 * custom and limit alarms; copy its settings to other networks.
 */
export default function AlarmSettingsTab({ network }: { network: string | null }) {
  const { t } = useTranslation('alarm-settings');
  const networks = useAlarmNetworks();
  const list = (networks.data?.list ?? []).map((n) => ({ id: n._id, name: n.Name }));
  const [chosen, setChosen] = useState<string | null>(network);
  const networkId = chosen ?? list[0]?.id ?? null;
  const settings = useAlarmSettings(networkId);
  const [copying, setCopying] = useState(false);
  const current = list.find((n) => n.id === networkId);

  if (networks.data && list.length === 0) {
    return <Empty description={t('settings.noNetworks')} data-testid="alarm-settings-empty" />;
  }
  return (
    <div className="alarm-settings" data-testid="alarm-settings">
      <div className="alarm-toolbar">
        <div className="alarm-filters">
          <label className="alarm-label" htmlFor="alarm-settings-network">
            {t('settings.network')}
          </label>
          <Select<string>
            id="alarm-settings-network"
            className="alarm-network-select"
            value={networkId ?? undefined}
            onChange={setChosen}
            loading={networks.isPending}
            placeholder={t('settings.networkPlaceholder')}
            showSearch
            optionFilterProp="label"
            data-testid="alarm-settings-network"
            options={list.map((n) => ({
              value: n.id,
              label: n.name,
              'data-testid': `alarm-network-option-${n.name}`,
            }))}
          />
        </div>
        <Tooltip title={settings.data?.Default ? t('settings.copyFirst') : undefined}>
          <Button
            icon={<CopyOutlined />}
            disabled={!current || list.length < 2 || settings.data?.Default !== false}
            onClick={() => setCopying(true)}
            data-testid="alarm-settings-copy"
          >
            {t('settings.copy')}
          </Button>
        </Tooltip>
      </div>
      {settings.data && networkId ? (
        <>
          {/* A new network (or its settings saved anew) starts the form from the server's. */}
          <SettingsForm
            key={`${networkId}:${settings.data.UpdateTime ?? 'default'}`}
            settings={settings.data}
          />
          <CustomAlarms networkId={networkId} alarms={settings.data.CustomAlarm} />
          <LimitAlarms networkId={networkId} />
        </>
      ) : (
        <Spin />
      )}
      {copying && current && (
        <CopySettingsModal
          from={current}
          networks={list}
          onClose={(copied) => {
            setCopying(false);
            if (copied !== undefined) notify.success(t('copy.done', { count: copied }));
          }}
        />
      )}
    </div>
  );
}
