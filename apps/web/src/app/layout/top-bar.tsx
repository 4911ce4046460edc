import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Dropdown, Layout, Tooltip, type MenuProps } from 'antd';
import {
  DownOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  PlusOutlined,
  QuestionCircleOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useUnreadMessageCount } from '#features/dashboard/api/get-unread-messages.ts';
import { useLogout } from '#features/user/api/change-online.ts';
import { currentUserQueryOptions } from '#features/user/api/get-current-user.ts';
import { LanguageSelect } from '#features/user/components/language-select.tsx';
import { Logo } from '#shared/components/logo.tsx';
import { onNetworkEditRequest, type NetworkToEdit } from '#shared/network-edit-request.ts';
import type { SessionUser } from '#shared/session.ts';
import { withTexts } from '../i18n.ts';
import type { Viewer } from '../navigation.ts';
import {
  isHeaderAction,
  messagesAvailable,
  settingsLinks,
  userLinks,
  type HeaderAction,
  type HeaderLink,
} from './header-menus.ts';

// The settings menu's dialogs (their code and texts) load when first opened.
const LogoModal = lazy(() => import('#features/logo/components/logo-modal.tsx'));
const PlatformDialog = lazy(
  withTexts(() => import('./platform-dialog.tsx'), 'release-dialog', 'mail-outbox'),
);

// The add-network wizard (spec §2 top bar) and its map load when first opened.
const AddNetworkWizard = lazy(
  withTexts(
    () => import('#features/network/components/add-network-wizard.tsx'),
    'network-dialogs',
    'map-picker',
  ),
);

// The network edit dialog, opened from the screens that list networks (shared/network-edit-request).
const NetworkEditDialog = lazy(
  withTexts(
    () => import('#features/network/components/network-edit-dialog.tsx'),
    'network-dialogs',
    'map-picker',
  ),
);

/**
 * The tenant's logo (a /files/logos/… path) or null. The sign-in reply does not carry it, so it
 * comes with the account; after a reload the guard has fetched that already.
 */
function useTenantLogo(hasTenant: boolean): string | null {
  const logo = useQuery({
    ...currentUserQueryOptions(),
    enabled: hasTenant,
    staleTime: Infinity,
    select: (user) => user.LogoPath,
  });
  return hasTenant ? (logo.data ?? null) : null;
}

interface TopBarProps {
  user: SessionUser;
  viewer: Viewer;
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
  helpOpen: boolean;
  onToggleHelp: () => void;
}

export function TopBar({ user, viewer, sidebarOpen, onToggleSidebar, helpOpen, onToggleHelp }: TopBarProps) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const logout = useLogout();
  const [dialog, setDialog] = useState<HeaderAction | null>(null);
  const [addingNetwork, setAddingNetwork] = useState(false);
  const [editingNetwork, setEditingNetwork] = useState<NetworkToEdit | null>(null);
  useEffect(() => onNetworkEditRequest(setEditingNetwork), []);
  const closeDialog = () => setDialog(null);
  const hasTenant = Boolean(user.Tenant);
  const logo = useTenantLogo(hasTenant);
  const context = { viewer, roleValue: user.Role, hasTenant };
  const unread = useUnreadMessageCount(messagesAvailable(context));
  const unreadCount = unread.data?.count ?? 0;

  const linkItems = (links: HeaderLink[]): NonNullable<MenuProps['items']> =>
    links.map((link) => ({
      key: link.to ?? link.key,
      label: (
        <span data-testid={`header-link-${link.key}`}>
          {t(link.labelKey)}
          {link.dot && <span className="shell-dot shell-dot-inline" aria-hidden />}
        </span>
      ),
    }));

  const settings = settingsLinks(context);
  const links = linkItems(userLinks({ ...context, unreadCount }));
  const userItems: NonNullable<MenuProps['items']> = [
    ...links,
    ...(links.length > 0 ? [{ type: 'divider' as const }] : []),
    {
      key: 'logout',
      icon: <LogoutOutlined />,
      label: <span data-testid="logout">{t('header.logout')}</span>,
    },
  ];

  return (
    <Layout.Header className="shell-header">
      <Button
        type="text"
        icon={sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={onToggleSidebar}
        aria-label={t(sidebarOpen ? 'header.collapseSidebar' : 'header.expandSidebar')}
        aria-expanded={sidebarOpen}
        data-testid="sidebar-toggle"
      />
      <Link to="/" className="shell-logo" aria-label="NetConsole">
        <Logo
          size={26}
          inverse
          mark={
            logo ? (
              <img src={logo} alt="" className="shell-tenant-logo" data-testid="topbar-logo" />
            ) : undefined
          }
        />
      </Link>
      <div className="shell-header-spacer" />
      {/* Networks belong to a tenant: the administrator has none to add to. */}
      {hasTenant && (
        <Tooltip title={t('header.addNetwork')}>
          <Button
            type="text"
            icon={<PlusOutlined />}
            onClick={() => setAddingNetwork(true)}
            aria-label={t('header.addNetwork')}
            data-testid="add-network"
          >
            <span className="shell-add-network">{t('header.addNetwork')}</span>
          </Button>
        </Tooltip>
      )}
      <Tooltip title={t('header.help')}>
        <Button
          type="text"
          icon={<QuestionCircleOutlined />}
          onClick={onToggleHelp}
          aria-label={t('header.help')}
          aria-pressed={helpOpen}
          className={helpOpen ? 'shell-header-active' : undefined}
          data-testid="help-toggle"
        />
      </Tooltip>
      <LanguageSelect />
      {settings.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: linkItems(settings),
            onClick: ({ key }) => (isHeaderAction(key) ? setDialog(key) : void navigate(key)),
          }}
        >
          <Button
            type="text"
            icon={<SettingOutlined />}
            aria-label={t('header.settings')}
            data-testid="settings-menu"
          />
        </Dropdown>
      )}
      <Dropdown
        trigger={['click']}
        menu={{
          items: userItems,
          onClick: ({ key }) => {
            if (key === 'logout') logout.mutate();
            else void navigate(key);
          },
        }}
      >
        <Button type="text" className="shell-user" data-testid="user-menu">
          {/* A styled span rather than antd Avatar and Badge: both would weigh on every first load. */}
          <span className="shell-avatar">
            <UserOutlined />
            {unreadCount > 0 && <span className="shell-dot" data-testid="unread-dot" />}
          </span>
          <span className="shell-user-name">{user.Name || user.Username}</span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Button>
      </Dropdown>
      {addingNetwork && (
        <Suspense fallback={null}>
          <AddNetworkWizard onClose={() => setAddingNetwork(false)} />
        </Suspense>
      )}
      {editingNetwork && (
        <Suspense fallback={null}>
          <NetworkEditDialog network={editingNetwork} onClose={() => setEditingNetwork(null)} />
        </Suspense>
      )}
      {dialog && (
        <Suspense fallback={null}>
          {dialog === 'logo' && <LogoModal current={logo} onClose={closeDialog} />}
          {dialog !== 'logo' && <PlatformDialog kind={dialog} onClose={closeDialog} />}
        </Suspense>
      )}
    </Layout.Header>
  );
}
