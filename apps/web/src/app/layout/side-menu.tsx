import { createElement } from 'react';
import { Layout, Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { NAVIGATION, compactMenu, menuEntries, type NavEntry, type Viewer } from '../navigation.ts';

type MenuItem = Required<MenuProps>['items'][number];

/** Wide enough for the longest English entry ("Account management") beside its icon. */
export const SIDEBAR_WIDTH = 232;

function toItems(entries: readonly NavEntry[], t: (key: string) => string): MenuItem[] {
  return entries.map((entry) => {
    const label = <span data-testid={`menu-${entry.path}`}>{t(entry.titleKey)}</span>;
    const icon = entry.icon ? createElement(entry.icon) : undefined;
    return entry.children && entry.children.length > 0
      ? { key: entry.path, icon, label, children: toItems(entry.children, t) }
      : { key: entry.path, icon, label };
  });
}

function ancestorsOf(path: string): string[] {
  const parts = path.split('/').filter(Boolean);
  return parts.slice(0, -1).map((_, index) => `/${parts.slice(0, index + 1).join('/')}`);
}

/** The left sidebar: the full menu when open, the compact menu of spec §2 when collapsed. */
export function SideMenu({ collapsed, viewer }: { collapsed: boolean; viewer: Viewer }) {
  const { t } = useTranslation('app');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const entries = collapsed ? compactMenu(NAVIGATION, viewer) : menuEntries(NAVIGATION, viewer);

  return (
    <Layout.Sider
      className="shell-sider"
      theme="light"
      width={SIDEBAR_WIDTH}
      collapsedWidth={64}
      collapsed={collapsed}
      trigger={null}
      data-testid="sidebar"
      data-collapsed={collapsed}
    >
      <Menu
        mode="inline"
        items={toItems(entries, t)}
        selectedKeys={[pathname]}
        defaultOpenKeys={ancestorsOf(pathname)}
        onClick={({ key }) => void navigate(key)}
        style={{ borderInlineEnd: 'none' }}
      />
    </Layout.Sider>
  );
}
