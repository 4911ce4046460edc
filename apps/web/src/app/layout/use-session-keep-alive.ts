import { useEffect } from 'react';
import { keepSessionAlive } from '#features/user/api/change-online-time.ts';

/** spec §2/§4: user activity slides the session, at most once a minute. */
export const ACTIVITY_THROTTLE_MS = 60_000;
const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keydown', 'wheel', 'touchstart'] as const;

export function useSessionKeepAlive(): void {
  useEffect(() => {
    // Opening the shell just called the API, which slid the session already.
    let last = Date.now();
    const onActivity = () => {
      const now = Date.now();
      if (now - last < ACTIVITY_THROTTLE_MS) return;
      last = now;
      // A 4010 here is handled by the API client; nothing else needs the user's attention.
      keepSessionAlive().catch(() => undefined);
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true });
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity);
    };
  }, []);
}
