import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changeOnline } from '#features/user/api/change-online.ts';
import { currentUserQueryOptions, getCurrentUser } from '#features/user/api/get-current-user.ts';
import { isSessionError } from '#shared/api-client.ts';
import { PageSpin } from '#shared/components/page-spin.tsx';
import { notify } from '#shared/notify.ts';
import { adoptToken, endSession, setSessionUser, takeTimedOutSession, useSession } from '#shared/session.ts';
import { LOGIN_PATH } from '../navigation.ts';
import { decideNavigation, type NavigationDecision } from './decide-navigation.ts';

/** Carries out the decisions that need the server; each ends by changing the session. */
function useDecisionEffects(decision: NavigationDecision, pathname: string) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const kind = decision.kind;
  // Primitives only: the decision object is new on every render.
  const roamToken = decision.kind === 'roam' ? decision.params.token : null;
  const roamUsername = decision.kind === 'roam' ? decision.params.username : null;

  useEffect(() => {
    let cancelled = false;
    const rejectSession = (error?: unknown) => {
      if (cancelled || isSessionError(error)) return;
      endSession();
      notify.warning(t('message.validationFailed'));
    };

    if (kind === 'sign-out-timed-out') {
      const lapsed = takeTimedOutSession();
      if (lapsed) {
        notify.warning(t('message.loginTimeout'));
        // Best effort: the server times the session out by itself too.
        if (lapsed.token) changeOnline(lapsed.token).catch(() => undefined);
      }
    } else if (kind === 'fetch-user') {
      queryClient.fetchQuery(currentUserQueryOptions()).then((user) => {
        if (cancelled) return;
        if (user.Roles.length > 0) setSessionUser(user);
        else rejectSession();
      }, rejectSession);
    } else if (roamToken && roamUsername) {
      adoptToken(roamToken);
      getCurrentUser().then(
        (user) => {
          if (cancelled) return;
          if (user.Username === roamUsername && user.Roles.length > 0) {
            setSessionUser(user);
            // The hand-over must not stay in the address bar or the history.
            void navigate(pathname, { replace: true });
          } else {
            rejectSession();
            void navigate(LOGIN_PATH, { replace: true });
          }
        },
        (error: unknown) => {
          rejectSession(error);
          if (!cancelled) void navigate(LOGIN_PATH, { replace: true });
        },
      );
    }
    return () => {
      cancelled = true;
    };
  }, [kind, roamToken, roamUsername, pathname, navigate, queryClient, t]);
}

/** The root route: every navigation passes the guard of spec §2 before anything renders. */
export function NavigationGuard() {
  const location = useLocation();
  const session = useSession();
  const decision = decideNavigation({
    path: location.pathname,
    search: location.search,
    hasToken: session.token !== null,
    roles: session.roles,
    mode: session.user?.LoginModel ?? null,
    timedOut: session.timedOut,
    roamUsed: session.roamUsed,
    from: (location.state as { from?: string } | null)?.from,
  });
  useDecisionEffects(decision, location.pathname);

  if (decision.kind === 'redirect') {
    return <Navigate to={decision.to} replace state={decision.from ? { from: decision.from } : undefined} />;
  }
  if (decision.kind !== 'allow') return <PageSpin fullPage />;
  return (
    <Suspense fallback={<PageSpin fullPage />}>
      <Outlet />
    </Suspense>
  );
}
