import { Space, Tag } from 'antd';
import { EyeInvisibleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DeviceType } from '@netconsole/contract';
import { ProfileList } from '../components/profile-list.tsx';
import { AP_FORM_PATH } from './paths.ts';
import './config.css';

/** spec §2 /deviceconf/ap: the tenant's AP profiles, each with the SSIDs it broadcasts. */
export default function ApListPage() {
  const { t } = useTranslation('config-ap');
  return (
    <ProfileList
      type={DeviceType.AP}
      formPath={AP_FORM_PATH}
      empty={t('list.empty')}
      summary={{
        title: t('list.column.groups'),
        render: (profile) => (
          <Space size={[0, 4]} wrap>
            {profile.Groups.map((g) => (
              <Tag key={g.Name} icon={g.Hidden ? <EyeInvisibleOutlined /> : undefined} color="blue">
                {g.SSID}
              </Tag>
            ))}
          </Space>
        ),
      }}
    />
  );
}
