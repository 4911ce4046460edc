import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeviceType } from '@netconsole/contract';
import { AddressFields } from '../components/profile-common-fields.tsx';
import { ProfileFormPage, type ProfileSectionsProps } from '../components/profile-form-shell.tsx';
import { SwitchPortsField } from '../components/switch-ports-field.tsx';
import { SWITCH_LIST_PATH } from './paths.ts';
import './config.css';

/**
 * spec §2 /deviceconf/switchform (hidden): a switch profile — the common parts
 * (profile-form-shell.tsx), the switch's management address, and its ports on the front panel.
 */
export default function SwitchFormPage() {
  return (
    <ProfileFormPage
      type={DeviceType.Switch}
      ns="config-switch"
      listPath={SWITCH_LIST_PATH}
      sections={(props) => <SwitchSections {...props} />}
    />
  );
}

function SwitchSections({ form, rule }: ProfileSectionsProps) {
  const { t } = useTranslation('config-switch');
  return (
    <>
      <AddressFields
        form={form}
        rule={rule}
        title={t('form.section.address')}
        label={t('form.ipMode')}
        modes={['dhcp', 'static']}
      />
      <h3 className="config-form-section">{t('form.section.ports')}</h3>
      <Form.Item name="Ports" noStyle>
        <SwitchPortsField />
      </Form.Item>
    </>
  );
}
