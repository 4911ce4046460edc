import {
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Select,
  Switch,
  type FormInstance,
  type FormRule,
} from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ENCRYPTIONS,
  ErrorCode,
  WIFI_BANDS,
  encryptionLabels,
  errorText,
  keyKindOf,
  type Encryption,
  type Lang,
  type ScheduleRule,
} from '@netconsole/contract';
import type { FieldName } from './profile-form-values.ts';
import { ScheduleRulesField } from './schedule-rules-field.tsx';
import { scheduleProblems } from './schedule-rules.ts';

export interface WirelessGroupFieldsProps {
  /**
   * A form whose values hold the groups as `Groups` (GroupValues[]): the AP profile form, or the
   * wireless screen's editor of one group.
   */
  form: FormInstance;
  /** The Form.List field's name (its index). */
  name: number;
  /** The group's number as the user counts it (1-based). */
  position: number;
  rule: (name: FieldName) => FormRule;
  onRemove?: () => void;
  /** The frame's heading; the group's number by default. */
  legend?: string;
}

const SWITCHES = ['Hidden', 'Roaming', 'Portal', 'Isolation'] as const;

/** One wireless group of the profile: the key shows, with its own rule, only for an encryption that has one. */
export function WirelessGroupFields({
  form,
  name,
  position,
  rule,
  onRemove,
  legend,
}: WirelessGroupFieldsProps) {
  const { t, i18n } = useTranslation('config-ap');
  const { t: tw } = useTranslation('config-wireless');
  const lang = i18n.language as Lang;
  const encryption = (Form.useWatch(['Groups', name, 'Encryption'], form) ?? 'wpa2') as Encryption;
  const ssid = Form.useWatch(['Groups', name, 'SSID'], form) as string | undefined;
  const keyKind = keyKindOf(encryption);
  const path = (field: string, ...more: string[]): FieldName => ['Groups', name, field, ...more];
  const id = `group-${position}`;

  return (
    <fieldset className="config-group" data-testid={`config-group-${position}`}>
      <legend className="config-group-legend">
        {legend ?? t('form.group.title', { n: position })}
        {ssid ? <span className="config-group-ssid"> · {ssid}</span> : null}
      </legend>
      {onRemove && (
        <Button
          className="config-group-remove"
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={onRemove}
          aria-label={t('form.group.remove', { n: position })}
          data-testid={`${id}-remove`}
        >
          {t('form.group.removeShort')}
        </Button>
      )}
      <div className="config-form-grid">
        <Form.Item name={[name, 'SSID']} label={t('form.group.ssid')} required rules={[rule(path('SSID'))]}>
          <Input maxLength={64} autoComplete="off" data-testid={`${id}-ssid`} />
        </Form.Item>
        {/* Not marked required: antd would put aria-required on the group, which no group role allows
            (axe aria-allowed-attr); the rule still refuses an empty choice. */}
        <Form.Item name={[name, 'Bands']} label={t('form.group.bands')} rules={[rule(path('Bands'))]}>
          <Checkbox.Group
            role="group"
            aria-label={t('form.group.bands')}
            options={WIFI_BANDS.map((b) => ({ value: b, label: t('form.band', { band: b }) }))}
            data-testid={`${id}-bands`}
          />
        </Form.Item>
        <Form.Item name={[name, 'Encryption']} label={t('form.group.encryption')}>
          <Select
            data-testid={`${id}-encryption`}
            options={ENCRYPTIONS.map((e) => ({
              value: e,
              label: encryptionLabels[e][lang],
              'data-testid': `${id}-encryption-option-${e}`,
            }))}
          />
        </Form.Item>
        {keyKind !== 'none' && (
          <Form.Item
            name={[name, 'Key']}
            label={t(keyKind === 'wep' ? 'form.group.wepKey' : 'form.group.psk')}
            extra={t(keyKind === 'wep' ? 'form.group.wepKeyHint' : 'form.group.pskHint')}
            required
            rules={[rule(path('Key'))]}
            dependencies={[['Groups', name, 'Encryption']]}
          >
            <Input.Password autoComplete="new-password" maxLength={64} data-testid={`${id}-key`} />
          </Form.Item>
        )}
        {encryption !== 'open' && (
          <Form.Item
            name={[name, 'KeyUpdateInterval']}
            label={t('form.group.keyUpdateInterval')}
            extra={t('form.group.keyUpdateIntervalHint')}
            rules={[rule(path('KeyUpdateInterval'))]}
          >
            <InputNumber className="config-number" data-testid={`${id}-rekey`} />
          </Form.Item>
        )}
        <Form.Item
          name={[name, 'MaxClients']}
          label={t('form.group.maxClients')}
          required
          rules={[rule(path('MaxClients'))]}
        >
          <InputNumber className="config-number" data-testid={`${id}-max-clients`} />
        </Form.Item>
        <Form.Item
          name={[name, 'Bandwidth', 'Up']}
          label={t('form.group.bandwidthUp')}
          extra={t('form.group.bandwidthHint')}
          rules={[rule(path('Bandwidth', 'Up'))]}
        >
          <Input maxLength={16} autoComplete="off" placeholder="512K" data-testid={`${id}-up`} />
        </Form.Item>
        <Form.Item
          name={[name, 'Bandwidth', 'Down']}
          label={t('form.group.bandwidthDown')}
          extra={t('form.group.bandwidthHint')}
          rules={[rule(path('Bandwidth', 'Down'))]}
        >
          <Input maxLength={16} autoComplete="off" placeholder="3M" data-testid={`${id}-down`} />
        </Form.Item>
        <Form.Item
          name={[name, 'VLAN']}
          label={t('form.group.vlan')}
          extra={t('form.group.vlanHint')}
          rules={[rule(path('VLAN'))]}
        >
          <InputNumber className="config-number" data-testid={`${id}-vlan`} />
        </Form.Item>
        <Form.Item
          name={[name, 'RSSI']}
          label={t('form.group.rssi')}
          extra={t('form.group.rssiHint')}
          rules={[rule(path('RSSI'))]}
        >
          <InputNumber className="config-number" data-testid={`${id}-rssi`} />
        </Form.Item>
      </div>
      <div className="config-switches">
        {SWITCHES.map((key) => (
          <Form.Item key={key} name={[name, key]} label={t(`form.group.${key}`)} valuePropName="checked">
            <Switch data-testid={`${id}-${key.toLowerCase()}`} />
          </Form.Item>
        ))}
      </div>
      {/* The schedule checks itself with the contract's rules: its issues lie under each rule, deeper
          than the one field a profile-wide rule points at. */}
      <Form.Item
        name={[name, 'Schedule']}
        label={tw('schedule.label')}
        extra={tw('schedule.hint')}
        rules={[
          {
            validator: (_, rules: ScheduleRule[] | undefined) =>
              scheduleProblems(rules ?? []).length === 0
                ? Promise.resolve()
                : Promise.reject(new Error(errorText(ErrorCode.ScheduleInvalid, lang))),
          },
        ]}
      >
        <ScheduleRulesField label={tw('schedule.label')} testId={id} />
      </Form.Item>
    </fieldset>
  );
}
