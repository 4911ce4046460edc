import { Space, Tag } from 'antd';
import { ThunderboltFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DeviceType } from '@netconsole/contract';
import { ProfileList } from '../components/profile-list.tsx';
import { rangesText } from '../components/profile-form-values.ts';
import { SWITCH_FORM_PATH } from './paths.ts';
import './config.css';

/** spec §2 /deviceconf/switch: the tenant's switch profiles, each with the ports it sets. */
export default function SwitchListPage() {
  const { t } = useTranslation(['config-switch', 'config-ap']);
  return (
    <ProfileList
      type={DeviceType.Switch}
      formPath={SWITCH_FORM_PATH}
      empty={t('list.empty')}
      summary={{
        title: t('list.column.ports'),
        render: (profile) => {
          if (profile.Ports.length === 0)
            return <span className="config-list-muted">{t('list.noPorts')}</span>;
          const poe = profile.Ports.filter((p) => p.Poe?.Enabled).map((p) => p.Port);
          return (
            <Space size={[0, 4]} wrap>
              <Tag color="blue">
                {t('list.ports', { ports: rangesText(profile.Ports.map((p) => p.Port)) })}
              </Tag>
              {poe.length > 0 && (
                <Tag color="geekblue" icon={<ThunderboltFilled />}>
                  {t('list.poe', { ports: rangesText(poe) })}
                </Tag>
              )}
            </Space>
          );
        },
      }}
    />
  );
}
