import { lazy, Suspense } from 'react';
import { Card, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AlarmListTab } from '../components/alarm-list-tab.tsx';
import '../components/alarm.css';

// The settings (their form, the custom and limit alarm dialogs) load when the tab is first opened.
const AlarmSettingsTab = lazy(() => import('../components/alarm-settings-tab.tsx'));

const TABS = ['alarms', 'settings'] as const;
type Tab = (typeof TABS)[number];

/**
 * spec §2 /log/alarm (cloud mode), the settings dropdown's "alarm settings": the tenant's alarms
 * with their handling (spec §4), and each network's alarm settings (spec §3, §5). `?tab=settings`
 * opens the settings, `?network=<id>` (the dashboard's alarm column) filters the alarms or chooses
 * the network whose settings show.
 */
export default function AlarmPage() {
  const { t } = useTranslation('alarm-settings');
  const [query, setQuery] = useSearchParams();
  const tab: Tab = query.get('tab') === 'settings' ? 'settings' : 'alarms';
  const network = query.get('network');

  return (
    <Card className="alarm-page" data-testid="alarm-page">
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setQuery(
            (q) => {
              const next = new URLSearchParams(q);
              if (key === 'settings') next.set('tab', 'settings');
              else next.delete('tab');
              return next;
            },
            { replace: true },
          )
        }
        items={TABS.map((key) => ({
          key,
          label: <span data-testid={`alarm-tab-${key}`}>{t(`tabs.${key}`)}</span>,
          children:
            key === 'alarms' ? (
              <AlarmListTab key={network ?? ''} network={network} />
            ) : (
              <Suspense fallback={<Spin />}>
                <AlarmSettingsTab key={network ?? ''} network={network} />
              </Suspense>
            ),
        }))}
        destroyOnHidden
      />
    </Card>
  );
}
