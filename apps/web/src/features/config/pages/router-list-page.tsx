import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeviceType, ipModeLabels, type Lang } from '@netconsole/contract';
import { ProfileList } from '../components/profile-list.tsx';
import { ROUTER_FORM_PATH } from './paths.ts';
import './config.css';

/** spec §2 /deviceconf/routerConfig: the tenant's router profiles, each with its WAN and LAN. */
export default function RouterListPage() {
  const { t, i18n } = useTranslation(['config-router', 'config-ap']);
  const lang = i18n.language as Lang;
  return (
    <ProfileList
      type={DeviceType.Router}
      formPath={ROUTER_FORM_PATH}
      empty={t('list.empty')}
      summary={{
        title: t('list.column.network'),
        render: (profile) => (
          <Space size={[0, 4]} wrap>
            <Tag color="blue">
              {t('list.wan', {
                mode:
                  ipModeLabels[profile.IPMode][lang] +
                  (profile.IPMode === 'static' && profile.IP ? ` ${profile.IP}` : ''),
              })}
            </Tag>
            {profile.Lan && (
              <Tag>
                {t(profile.Lan.DhcpEnabled ? 'list.lanDhcp' : 'list.lan', {
                  ip: profile.Lan.IP,
                  start: profile.Lan.DhcpStart,
                  end: profile.Lan.DhcpEnd,
                })}
              </Tag>
            )}
          </Space>
        ),
      }}
    />
  );
}
