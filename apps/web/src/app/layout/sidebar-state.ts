import { useCallback, useEffect, useState } from 'react';
import { readCookie, writeCookie } from '#shared/cookies.ts';

/** spec §2 and §9: remembered in a cookie; closes by itself at 700 px or narrower. */
export const SIDEBAR_COOKIE = 'sidebarStatus';
export const SIDEBAR_BREAKPOINT = 700;
export const SidebarStatus = { Closed: '0', Open: '1', ForcedClosed: '3' } as const;
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export function isNarrow(width: number): boolean {
  return width <= SIDEBAR_BREAKPOINT;
}

/** Open unless the cookie says closed ('0') or forced closed ('3'), or the window is narrow. */
export function sidebarInitiallyOpen(cookie: string | null, width: number): boolean {
  if (isNarrow(width)) return false;
  return cookie !== SidebarStatus.Closed && cookie !== SidebarStatus.ForcedClosed;
}

/**
 * The cookie after the user toggles: '1' or '0', except that a forced close ('3', set by an
 * embedding page) survives, so the next load starts closed again. Null: leave the cookie alone.
 */
export function cookieAfterToggle(cookie: string | null, open: boolean): string | null {
  if (cookie === SidebarStatus.ForcedClosed) return null;
  return open ? SidebarStatus.Open : SidebarStatus.Closed;
}

export function useSidebar() {
  const [open, setOpen] = useState(() => sidebarInitiallyOpen(readCookie(SIDEBAR_COOKIE), window.innerWidth));

  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${SIDEBAR_BREAKPOINT}px)`);
    // Crossing the breakpoint collapses, or restores the remembered state; neither is remembered.
    const onChange = (event: MediaQueryListEvent) =>
      setOpen(sidebarInitiallyOpen(readCookie(SIDEBAR_COOKIE), event.matches ? 0 : Infinity));
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  const toggle = useCallback(() => {
    const next = !open;
    const cookie = cookieAfterToggle(readCookie(SIDEBAR_COOKIE), next);
    if (cookie !== null) writeCookie(SIDEBAR_COOKIE, cookie, ONE_YEAR_SECONDS);
    setOpen(next);
  }, [open]);

  return { open, toggle };
}
