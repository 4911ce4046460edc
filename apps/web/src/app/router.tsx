import { lazy } from 'react';
import { Navigate, Outlet, useRoutes, type RouteObject } from 'react-router';
import { useSession } from '#shared/session.ts';
import { NavigationGuard } from './guard/navigation-guard.tsx';
import {
  HOME_PATH,
  NAVIGATION,
  NOT_FOUND_PATH,
  STANDALONE_PAGES,
  firstPage,
  flattenEntries,
  type NavEntry,
} from './navigation.ts';

const MainLayout = lazy(() => import('./layout/main-layout.tsx'));

/** A group's own path opens its first screen this user may see. */
function GroupRedirect({ entry }: { entry: NavEntry }) {
  const { roles, user } = useSession();
  const target = firstPage(entry, { roles, mode: user?.LoginModel ?? null });
  return <Navigate to={target ?? NOT_FOUND_PATH} replace />;
}

/**
 * /404 is public (spec §2): a signed-out visitor sees it alone; signed in, it keeps the top bar and
 * the sidebar so the user can go on from there.
 */
function NotFoundShell() {
  const { token } = useSession();
  return token ? <MainLayout /> : <Outlet />;
}

/** The route tree, generated from the registry: each screen's code loads when it is first opened. */
export function buildRoutes(entries: readonly NavEntry[] = NAVIGATION): RouteObject[] {
  const standalone = Object.entries(STANDALONE_PAGES).map(([path, load]): RouteObject => {
    const Page = lazy(load);
    if (path === NOT_FOUND_PATH) {
      return { path, element: <NotFoundShell />, children: [{ index: true, element: <Page /> }] };
    }
    return { path, element: <Page /> };
  });
  const screens = flattenEntries(entries).map((entry): RouteObject => {
    if (!entry.page) return { path: entry.path, element: <GroupRedirect entry={entry} /> };
    const Page = lazy(entry.page);
    return { path: entry.path, element: <Page /> };
  });
  return [
    {
      element: <NavigationGuard />,
      children: [
        ...standalone,
        {
          element: <MainLayout />,
          children: [{ index: true, element: <Navigate to={HOME_PATH} replace /> }, ...screens],
        },
        { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
      ],
    },
  ];
}

const routes = buildRoutes();

/**
 * Declarative routing over the generated tree. The data router (createBrowserRouter) would add
 * ~17 KB gzip to every first load for loaders and actions the console does not use.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
