import { Button, Checkbox, Form, InputNumber, Select, Switch } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BAND_RULES, CONFIG_LIMITS, DeviceType } from '@netconsole/contract';
import { AddressFields } from '../components/profile-common-fields.tsx';
import { ProfileFormPage, type ProfileSectionsProps } from '../components/profile-form-shell.tsx';
import { newGroup, type ProfileFormValues } from '../components/profile-form-values.ts';
import { WirelessGroupFields } from '../components/wireless-group-fields.tsx';
import { AP_LIST_PATH } from './paths.ts';
import './config.css';

/**
 * spec §2 /deviceconf/apform (hidden): an AP profile — the common parts (profile-form-shell.tsx),
 * the AP's address, its radios and its wireless groups.
 */
export default function ApFormPage() {
  return (
    <ProfileFormPage
      type={DeviceType.AP}
      ns="config-ap"
      listPath={AP_LIST_PATH}
      sections={(props) => <ApSections {...props} />}
    />
  );
}

function ApSections({ form, rule, initial }: ProfileSectionsProps) {
  const { t } = useTranslation('config-ap');
  // `preserve`: the whole rows, also `Band`, which no field holds (the bands are fixed, one row each).
  const radios = (Form.useWatch('Radios', { form, preserve: true }) ??
    initial.Radios) as ProfileFormValues['Radios'];

  return (
    <>
      <AddressFields
        form={form}
        rule={rule}
        title={t('form.section.address')}
        label={t('form.ipMode')}
        modes={['dhcp', 'static']}
      />

      <h3 className="config-form-section">{t('form.section.radios')}</h3>
      <p className="config-form-note">{t('form.radiosHint')}</p>
      <Form.List name="Radios">
        {(fields) =>
          fields.map((field) => {
            const band = radios[field.name]?.Band ?? '2.4';
            const set = Boolean(radios[field.name]?.Set);
            return (
              <div key={field.key} className="config-radio" data-testid={`config-radio-${band}`}>
                <Form.Item name={[field.name, 'Set']} valuePropName="checked" className="config-radio-set">
                  <Checkbox data-testid={`config-radio-${band}-set`}>
                    {t('form.radio.set', { band })}
                  </Checkbox>
                </Form.Item>
                {set && (
                  <div className="config-form-grid config-form-grid-4">
                    <Form.Item
                      name={[field.name, 'Enabled']}
                      label={t('form.radio.enabled')}
                      valuePropName="checked"
                    >
                      <Switch />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'Channel']}
                      label={t('form.radio.channel')}
                      extra={t('form.radio.channelHint')}
                      rules={[rule(['Radios', field.name, 'Channel'])]}
                    >
                      <InputNumber className="config-number" />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'Width']}
                      label={t('form.radio.width')}
                      rules={[rule(['Radios', field.name, 'Width'])]}
                    >
                      <Select
                        options={BAND_RULES[band].widths.map((w) => ({ value: w, label: `${w} MHz` }))}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'TxPower']}
                      label={t('form.radio.txPower')}
                      extra={t('form.radio.txPowerHint')}
                      rules={[rule(['Radios', field.name, 'TxPower'])]}
                    >
                      <InputNumber className="config-number" />
                    </Form.Item>
                  </div>
                )}
              </div>
            );
          })
        }
      </Form.List>

      <h3 className="config-form-section">{t('form.section.groups', { max: CONFIG_LIMITS.groups })}</h3>
      <Form.List name="Groups">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <WirelessGroupFields
                key={field.key}
                form={form}
                name={field.name}
                position={index + 1}
                rule={rule}
                onRemove={fields.length > 1 ? () => remove(field.name) : undefined}
              />
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add(newGroup())}
              disabled={fields.length >= CONFIG_LIMITS.groups}
              data-testid="config-group-add"
            >
              {t('form.group.add', { count: fields.length, max: CONFIG_LIMITS.groups })}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}
