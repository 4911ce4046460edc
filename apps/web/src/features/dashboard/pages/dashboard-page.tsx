import { lazy, Suspense, useRef } from 'react';
import { Card, Descriptions, Flex, Spin } from 'antd';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSession } from '#shared/session.ts';
import { useSystemTime } from '../api/get-system-time.ts';
import { useSystemVersion } from '../api/get-system-version.ts';
import { useUnreadMessageCount } from '../api/get-unread-messages.ts';
import { ServerClock } from '../components/server-clock.tsx';
import './dashboard-page.css';

// The figures load beside the first paint, not in it: with the pager (antd's Select), the live
// client (the contract's zod schemas) and the PDF export they weigh ~50 KB gzip, and /dashboard's
// first load has a budget (apps/web/README.md).
const DashboardOverview = lazy(() =>
  Promise.all([
    import('../components/dashboard-overview.tsx'),
    i18next.loadNamespaces('dashboard-overview'),
  ]).then(([module]) => module),
);
const ExportPdfButton = lazy(() =>
  Promise.all([import('#shared/pdf/export-pdf-button.tsx'), i18next.loadNamespaces('pdf-export')]).then(
    ([m]) => ({ default: m.ExportPdfButton }),
  ),
);

/**
 * The home screen (spec §2, §3, §9): unread messages, the overview (health ratios, networks, their
 * places; live), who is signed in against which server, and export of it all to PDF.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { user, roles } = useSession();
  const unread = useUnreadMessageCount(user?.LoginModel === 'cloud');
  const version = useSystemVersion();
  const time = useSystemTime();
  const area = useRef<HTMLDivElement>(null);
  if (!user) return null;
  const missing = (pending: boolean) =>
    pending ? <Spin size="small" /> : <span className="dashboard-muted">{t('system.unavailable')}</span>;

  return (
    <div className="dashboard" ref={area}>
      <Card className="dashboard-welcome" data-testid="dashboard-welcome" size="small">
        <div className="dashboard-welcome-row">
          <div>
            <h1>{t('welcome', { name: user.Name || user.Username })}</h1>
            <p>{t('welcomeHint')}</p>
          </div>
          <Flex gap={12} align="center" wrap>
            {user.LoginModel === 'cloud' && (
              <span
                className={`dashboard-unread${(unread.data?.count ?? 0) > 0 ? ' has-unread' : ''}`}
                data-testid="dashboard-unread"
                data-count={unread.data?.count ?? ''}
              >
                {unread.data
                  ? t('messages.unread', { count: unread.data.count })
                  : unread.isPending
                    ? t('messages.loading')
                    : t('messages.unavailable')}
              </span>
            )}
            <Suspense fallback={null}>
              <ExportPdfButton target={area} fileName="dashboard" data-testid="dashboard-export" />
            </Suspense>
          </Flex>
        </div>
      </Card>
      <Suspense fallback={<Card className="dashboard-wide" size="small" loading />}>
        <DashboardOverview />
      </Suspense>
      <Card title={t('account.title')} size="small">
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
      <Card title={t('system.title')} size="small">
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
