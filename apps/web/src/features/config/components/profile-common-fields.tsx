import { Checkbox, Form, Input, Radio, Select, type FormInstance, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CONFIG_DESCRIPTION_MAX,
  CONFIG_NAME_MAX,
  CONFIG_SOURCES,
  CYCLE_TIME_CHOICES,
  UPLOAD_SWITCHES,
  configSourceLabels,
  ipModeLabels,
  uploadSwitchLabels,
  type IpMode,
  type Lang,
} from '@netconsole/contract';
import { ConfigFileField } from './config-file-field.tsx';
import type { FieldName, KeptProfile, ProfileFormValues } from './profile-form-values.ts';

/**
 * The parts every profile form has (AP, switch, router): name, report timer, description and source;
 * the device's address; the local administrator; the upload switches; the configuration file. Their
 * texts are the AP namespace's (`config-ap`), where they were first written; each form's own texts
 * stay in its namespace.
 */
export interface ProfileFieldsProps {
  form: FormInstance<ProfileFormValues>;
  /** A field's rule: the contract's problem on it, in the user's language. */
  rule: (name: FieldName) => FormRule;
}

/** Name, report timer, description and source (settings or a vendor file). */
export function ProfileBasicsFields({ rule, cycleTime }: ProfileFieldsProps & { cycleTime: number }) {
  const { t, i18n } = useTranslation('config-ap');
  const lang = i18n.language as Lang;
  // A stored timer off the select's steps (typed through the API) stays choosable.
  const choices = CYCLE_TIME_CHOICES.includes(cycleTime)
    ? CYCLE_TIME_CHOICES
    : [...CYCLE_TIME_CHOICES, cycleTime].sort((a, b) => a - b);
  return (
    <>
      <h3 className="config-form-section">{t('form.section.basics')}</h3>
      <div className="config-form-grid">
        <Form.Item name="Name" label={t('form.name')} required rules={[rule(['Name'])]}>
          <Input maxLength={CONFIG_NAME_MAX} autoComplete="off" data-testid="config-form-name" />
        </Form.Item>
        <Form.Item name="CycleTime" label={t('form.cycleTime')} extra={t('form.cycleTimeHint')}>
          <Select
            data-testid="config-form-cycle"
            options={choices.map((s) => ({ value: s, label: t('seconds', { count: s }) }))}
          />
        </Form.Item>
      </div>
      <Form.Item name="Description" label={t('form.description')} rules={[rule(['Description'])]}>
        <Input.TextArea
          maxLength={CONFIG_DESCRIPTION_MAX}
          autoSize={{ minRows: 2, maxRows: 4 }}
          data-testid="config-form-description"
        />
      </Form.Item>
      <Form.Item name="Source" label={t('form.source')} extra={t('form.sourceHint')}>
        <Radio.Group optionType="button">
          {CONFIG_SOURCES.map((source) => (
            <Radio.Button key={source} value={source}>
              {/* The radio's own input is hidden: a test clicks the label's text. */}
              <span data-testid={`config-form-source-${source}`}>{configSourceLabels[source][lang]}</span>
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
    </>
  );
}

/** The vendor file a profile of source `file` delivers instead of its settings. */
export function ProfileFileFields({ rule }: ProfileFieldsProps) {
  const { t } = useTranslation('config-ap');
  return (
    <>
      <h3 className="config-form-section">{t('form.section.file')}</h3>
      <p className="config-form-note">{t('form.fileHint')}</p>
      <Form.Item name="File" rules={[rule(['File'])]}>
        <ConfigFileFieldItem />
      </Form.Item>
    </>
  );
}

/** Form.Item hands its child `value` and `onChange`. */
function ConfigFileFieldItem(props: {
  value?: ProfileFormValues['File'];
  onChange?: (v: ProfileFormValues['File']) => void;
}) {
  return <ConfigFileField value={props.value ?? null} onChange={(file) => props.onChange?.(file)} />;
}

const ADDRESS_FIELDS = ['IP', 'NetMask', 'GateWay', 'DNS1', 'DNS2'] as const;

/**
 * How the device gets its address (a router's WAN): DHCP, a static address (IP, mask, gateway,
 * DNS), and for a router PPPoE, whose account the router form shows itself.
 */
export function AddressFields({
  form,
  rule,
  title,
  label,
  modes,
}: ProfileFieldsProps & { title: string; label: string; modes: readonly IpMode[] }) {
  const { t, i18n } = useTranslation('config-ap');
  const lang = i18n.language as Lang;
  const ipMode = (Form.useWatch('IPMode', form) ?? 'dhcp') as IpMode;
  return (
    <>
      <h3 className="config-form-section">{title}</h3>
      <Form.Item name="IPMode" label={label}>
        <Radio.Group data-testid="config-form-ipmode">
          {modes.map((mode) => (
            <Radio key={mode} value={mode}>
              <span data-testid={`config-form-ipmode-${mode}`}>{ipModeLabels[mode][lang]}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {ipMode === 'static' && (
        <div className="config-form-grid config-form-grid-3">
          {ADDRESS_FIELDS.map((field) => (
            <Form.Item
              key={field}
              name={field}
              label={t(`form.${field}`)}
              required={field !== 'DNS2'}
              rules={[rule([field])]}
              dependencies={
                field === 'GateWay' || field === 'IP' ? ['IP', 'NetMask'].filter((f) => f !== field) : []
              }
            >
              <Input
                maxLength={15}
                inputMode="decimal"
                autoComplete="off"
                placeholder={field === 'NetMask' ? '255.255.255.0' : undefined}
                data-testid={`config-form-${field.toLowerCase()}`}
              />
            </Form.Item>
          ))}
        </div>
      )}
    </>
  );
}

/**
 * The device's local administrator. Unticked, the device keeps its own account. The password is
 * write-only: on a stored account of the same name, empty keeps it.
 */
export function AdminFields({ form, rule, kept }: ProfileFieldsProps & { kept?: KeptProfile }) {
  const { t } = useTranslation('config-ap');
  const set = Boolean(Form.useWatch(['Admin', 'Set'], form));
  const username = (Form.useWatch(['Admin', 'Username'], form) ?? '') as string;
  const keeps = Boolean(kept?.Admin?.PasswordSet && kept.Admin.Username === username.trim());
  return (
    <>
      <h3 className="config-form-section">{t('form.section.admin')}</h3>
      <Form.Item name={['Admin', 'Set']} valuePropName="checked" className="config-radio-set">
        <Checkbox data-testid="config-admin-set">{t('form.admin.set')}</Checkbox>
      </Form.Item>
      {set && (
        <div className="config-form-grid">
          <Form.Item
            name={['Admin', 'Username']}
            label={t('form.admin.username')}
            required
            rules={[rule(['Admin', 'Username'])]}
          >
            <Input maxLength={32} autoComplete="off" data-testid="config-admin-username" />
          </Form.Item>
          <Form.Item
            name={['Admin', 'Password']}
            label={t('form.admin.password')}
            extra={keeps ? t('form.keepPassword') : t('form.admin.passwordHint')}
            required={!keeps}
            rules={[rule(['Admin', 'Password'])]}
            dependencies={[['Admin', 'Username']]}
          >
            <Input.Password
              maxLength={18}
              autoComplete="new-password"
              placeholder={keeps ? t('form.passwordKept') : undefined}
              data-testid="config-admin-password"
            />
          </Form.Item>
        </div>
      )}
    </>
  );
}

/** The upload switches: what the device reports besides its status (its telemetry settings). */
export function UploadFields({ hint }: { hint: string }) {
  const { t, i18n } = useTranslation('config-ap');
  const lang = i18n.language as Lang;
  return (
    <>
      <h3 className="config-form-section">{t('form.section.upload')}</h3>
      <p className="config-form-note">{hint}</p>
      <div className="config-upload">
        {UPLOAD_SWITCHES.map((key) => (
          <Form.Item key={key} name={['Upload', key]} valuePropName="checked" noStyle>
            <Checkbox data-testid={`config-upload-${key}`}>{uploadSwitchLabels[key][lang]}</Checkbox>
          </Form.Item>
        ))}
      </div>
    </>
  );
}
