import { Card, Descriptions, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '#shared/session.ts';
import { useSystemTime } from '../api/get-system-time.ts';
import { useSystemVersion } from '../api/get-system-version.ts';
import { ServerClock } from '../components/server-clock.tsx';
import './dashboard-page.css';

/**
 * The home screen: who is signed in, with what rights, against which server. The networks area
 * adds the site overview here.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user, roles } = useSession();
  const version = useSystemVersion();
  const time = useSystemTime();
  if (!user) return null;
  const missing = (pending: boolean) =>
    pending ? <Spin size="small" /> : <span className="dashboard-muted">{t('system.unavailable')}</span>;

  return (
    <div className="dashboard">
      <Card className="dashboard-welcome" data-testid="dashboard-welcome">
        <h1>{t('welcome', { name: user.Name || user.Username })}</h1>
        <p>{t('welcomeHint')}</p>
      </Card>
      <Card title={t('account.title')}>
        <Descriptions column={1} size="small" data-testid="dashboard-account">
          <Descriptions.Item label={t('account.username')}>{user.Username}</Descriptions.Item>
          <Descriptions.Item label={t('account.tenant')}>
            {user.Tenant?.Name ?? t('account.noTenant')}
          </Descriptions.Item>
          <Descriptions.Item label={t('account.type')}>{t(`accountType.${user.Type}`)}</Descriptions.Item>
          <Descriptions.Item label={t('account.roles')}>
            <Flex gap={4} wrap>
              {roles.map((role) => (
                // Styled spans in antd's tag colours: antd's Tag would add ~7 KB to this first load.
                <span key={role} className={`dashboard-role dashboard-role-${role}`}>
                  {t(`role.${role}`)}
                </span>
              ))}
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label={t('account.mode')}>{t(`mode.${user.LoginModel}`)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('system.title')}>
        <Descriptions column={1} size="small" data-testid="dashboard-system">
          <Descriptions.Item label={t('system.product')}>
            {version.data?.name ?? missing(version.isPending)}
          </Descriptions.Item>
          <Descriptions.Item label={t('system.version')}>
            {version.data?.version ?? missing(version.isPending)}
          </Descriptions.Item>
          <Descriptions.Item label={t('system.time')}>
            {time.data ? (
              <ServerClock seconds={time.data.time} readAt={time.dataUpdatedAt} />
            ) : (
              missing(time.isPending)
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('system.timezone')}>
            {time.data?.timezone ?? missing(time.isPending)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
    </div>
  );
}
