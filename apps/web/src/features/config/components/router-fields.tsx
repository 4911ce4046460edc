import { Checkbox, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONFIG_LIMITS } from '@netconsole/contract';
import { AddressFields } from './profile-common-fields.tsx';
import type { ProfileSectionsProps } from './profile-form-shell.tsx';

/**
 * A router profile's own sections: the WAN (DHCP, a static address, or PPPoE with its account, the
 * password write-only) and the LAN (address, mask, DHCP server and its range).
 */
export function RouterSections({ form, rule, kept }: ProfileSectionsProps) {
  const { t } = useTranslation('config-router');
  const ipMode = Form.useWatch('IPMode', form);
  const lanSet = Boolean(Form.useWatch(['Lan', 'Set'], form));
  const dhcp = Boolean(Form.useWatch(['Lan', 'DhcpEnabled'], form));
  const keepsPppoe = Boolean(kept?.Pppoe?.PasswordSet);

  const address = (name: 'IP' | 'NetMask' | 'DhcpStart' | 'DhcpEnd', deps: string[]) => (
    <Form.Item
      name={['Lan', name]}
      label={t(`form.lan.${name}`)}
      required
      rules={[rule(['Lan', name])]}
      dependencies={deps.map((d) => ['Lan', d])}
    >
      <Input
        maxLength={15}
        inputMode="decimal"
        autoComplete="off"
        data-testid={`router-lan-${name.toLowerCase()}`}
      />
    </Form.Item>
  );

  return (
    <>
      <AddressFields
        form={form}
        rule={rule}
        title={t('form.section.wan')}
        label={t('form.ipMode')}
        modes={['dhcp', 'static', 'pppoe']}
      />
      {ipMode === 'pppoe' && (
        <div className="config-form-grid">
          <Form.Item
            name={['Pppoe', 'Username']}
            label={t('form.pppoe.username')}
            required
            rules={[rule(['Pppoe', 'Username'])]}
          >
            <Input
              maxLength={CONFIG_LIMITS.pppoeText}
              autoComplete="off"
              data-testid="router-pppoe-username"
            />
          </Form.Item>
          <Form.Item
            name={['Pppoe', 'Password']}
            label={t('form.pppoe.password')}
            extra={keepsPppoe ? t('form.pppoe.keep') : t('form.pppoe.passwordHint')}
            required={!keepsPppoe}
            rules={[rule(['Pppoe', 'Password'])]}
          >
            <Input.Password
              maxLength={CONFIG_LIMITS.pppoeText}
              autoComplete="new-password"
              placeholder={keepsPppoe ? t('form.pppoe.kept') : undefined}
              data-testid="router-pppoe-password"
            />
          </Form.Item>
        </div>
      )}

      <h3 className="config-form-section">{t('form.section.lan')}</h3>
      <Form.Item name={['Lan', 'Set']} valuePropName="checked" className="config-radio-set">
        <Checkbox data-testid="router-lan-set">{t('form.lan.set')}</Checkbox>
      </Form.Item>
      {lanSet && (
        <>
          <div className="config-form-grid">
            {address('IP', ['NetMask', 'DhcpStart', 'DhcpEnd'])}
            {address('NetMask', ['IP', 'DhcpStart', 'DhcpEnd'])}
          </div>
          <Form.Item name={['Lan', 'DhcpEnabled']} label={t('form.lan.DhcpEnabled')} valuePropName="checked">
            <Switch data-testid="router-lan-dhcp" />
          </Form.Item>
          {dhcp && (
            <div className="config-form-grid">
              {address('DhcpStart', ['IP', 'NetMask', 'DhcpEnd'])}
              {address('DhcpEnd', ['IP', 'NetMask', 'DhcpStart'])}
            </div>
          )}
        </>
      )}
    </>
  );
}
