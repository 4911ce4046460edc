import { useEffect, useReducer } from 'react';
import { Button, Dropdown, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { HOME_PATH, findEntry, isPathPermitted, type Viewer } from '../navigation.ts';
import { initialTabs, isAffixed, tabAfterClose, tabsReducer } from './tabs-reducer.ts';

/** Kept per browser tab, so a reload keeps the bar and a new window starts clean. */
const STORAGE_KEY = 'visitedTabs';

function restore(viewer: Viewer) {
  let stored: unknown = [];
  try {
    stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
  } catch {
    // A damaged entry just starts the bar afresh.
  }
  const paths = Array.isArray(stored)
    ? stored.filter((path): path is string => typeof path === 'string')
    : [];
  return initialTabs(paths.filter((path) => isPathPermitted(path, viewer)));
}

export function TabsBar({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation('app');
  const { pathname, key } = useLocation();
  const navigate = useNavigate();
  const [tabs, dispatch] = useReducer(tabsReducer, viewer, restore);

  // A new location adds its tab during render (React's "adjust state on change" pattern): closing
  // the open tab must not re-add it while the navigation away is still pending. Locations are told
  // apart by their key, not their path: a navigation back to the closed screen that overtakes the
  // pending one (a slow screen still loading) lands on the same path and must add the tab again.
  if (tabs.current !== key)
    dispatch({ type: 'visit', path: pathname, location: key, known: Boolean(findEntry(pathname)) });

  useEffect(() => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(tabs.paths));
  }, [tabs.paths]);

  const close = (path: string) => {
    if (isAffixed(path)) return;
    if (path === pathname) void navigate(tabAfterClose(tabs.paths, path));
    dispatch({ type: 'close', path });
  };
  const closeOthers = (path: string) => {
    if (path !== pathname) void navigate(path);
    dispatch({ type: 'close-others', path });
  };
  const closeAll = () => {
    if (!isAffixed(pathname)) void navigate(HOME_PATH);
    dispatch({ type: 'close-all' });
  };

  const actions = (path: string): MenuProps => ({
    items: [
      {
        key: 'close',
        disabled: isAffixed(path) || !tabs.paths.includes(path),
        label: <span data-testid="tabs-close-current">{t('tabs.close')}</span>,
      },
      { key: 'close-others', label: <span data-testid="tabs-close-others">{t('tabs.closeOthers')}</span> },
      { key: 'close-all', label: <span data-testid="tabs-close-all">{t('tabs.closeAll')}</span> },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'close') close(path);
      else if (key === 'close-others') closeOthers(path);
      else closeAll();
    },
  });

  // A navigation bar, not antd's Tabs: these entries open screens rather than switch panels, and
  // a tab list may hold nothing but tabs, so its close buttons and actions had no valid place
  // (axe: aria-required-children). Links with aria-current and named close buttons say what they do.
  return (
    <div className="shell-tabs" data-testid="tabs-bar">
      <nav className="shell-tabs-list" aria-label={t('tabs.label')}>
        <ul>
          {tabs.paths.map((path) => {
            const entry = findEntry(path);
            const title = entry ? t(entry.titleKey) : path;
            const active = path === pathname;
            return (
              <Dropdown key={path} menu={actions(path)} trigger={['contextMenu']}>
                <li className={active ? 'shell-tab shell-tab-active' : 'shell-tab'}>
                  <Link
                    to={path}
                    aria-current={active ? 'page' : undefined}
                    data-testid={`tab-${path}`}
                    data-active={active}
                  >
                    {title}
                  </Link>
                  {!isAffixed(path) && (
                    <button
                      type="button"
                      className="shell-tab-close"
                      aria-label={t('tabs.closeTab', { title })}
                      onClick={() => close(path)}
                      data-testid={`tab-close-${path}`}
                    >
                      <CloseOutlined aria-hidden />
                    </button>
                  )}
                </li>
              </Dropdown>
            );
          })}
        </ul>
      </nav>
      <Dropdown menu={actions(pathname)} trigger={['click']}>
        <Button
          type="text"
          size="small"
          icon={<DownOutlined />}
          data-testid="tabs-actions"
          aria-label={t('tabs.actions')}
        />
      </Dropdown>
    </div>
  );
}
