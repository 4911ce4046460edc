import { lazy, Suspense, useState } from 'react';
import { Layout } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { AccountRole } from '@netconsole/contract';
import { PageSpin } from '#shared/components/page-spin.tsx';
import { readLanguage } from '#shared/language.ts';
import { useSession } from '#shared/session.ts';
import { RouteErrorBoundary } from '../pages/route-error-boundary.tsx';
import { SideMenu } from './side-menu.tsx';
import { useSidebar } from './sidebar-state.ts';
import { TabsBar } from './tabs-bar.tsx';
import { TopBar } from './top-bar.tsx';
import { useSessionKeepAlive } from './use-session-keep-alive.ts';
import './layout.css';

// The markdown renderer is most of the help panel's weight: it loads when the panel first opens.
const HelpPanel = lazy(() => import('#features/help/components/help-panel.tsx'));

/** spec §2: top bar, collapsible left sidebar, visited tabs, content, and the 350 px help panel. */
export default function MainLayout() {
  const { user, roles } = useSession();
  const { pathname } = useLocation();
  const sidebar = useSidebar();
  const [helpOpen, setHelpOpen] = useState(false);
  // The administrator's help editor widens the panel while it is open.
  const [helpEditing, setHelpEditing] = useState(false);
  useSessionKeepAlive();
  // The guard renders this only for a known account; this covers the instant of signing out.
  if (!user) return null;
  const viewer = { roles, mode: user.LoginModel };

  return (
    <Layout className="shell" hasSider={false}>
      <TopBar
        user={user}
        viewer={viewer}
        sidebarOpen={sidebar.open}
        onToggleSidebar={sidebar.toggle}
        helpOpen={helpOpen}
        onToggleHelp={() => setHelpOpen((open) => !open)}
      />
      <div className="shell-body">
        <SideMenu collapsed={!sidebar.open} viewer={viewer} />
        <div className="shell-main">
          <TabsBar viewer={viewer} />
          <main className="shell-content">
            <RouteErrorBoundary>
              <Suspense fallback={<PageSpin />}>
                <Outlet />
              </Suspense>
            </RouteErrorBoundary>
          </main>
        </div>
        {helpOpen && (
          <aside className={`shell-help${helpEditing ? ' shell-help-wide' : ''}`} data-testid="help-panel">
            <Suspense fallback={<PageSpin />}>
              <HelpPanel
                path={pathname}
                lang={readLanguage()}
                onClose={() => setHelpOpen(false)}
                canEdit={user.Role === AccountRole.Administrator}
                onEditingChange={setHelpEditing}
              />
            </Suspense>
          </aside>
        )}
      </div>
    </Layout>
  );
}
