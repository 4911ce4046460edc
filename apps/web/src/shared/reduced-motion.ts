import { useSyncExternalStore } from 'react';

/** The user's system asks for less motion (WCAG 2.3.3; Windows, macOS, iOS and Android settings). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCED_MOTION_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const q = query();
  q?.addEventListener?.('change', onChange);
  return () => q?.removeEventListener?.('change', onChange);
}

export function prefersReducedMotion(): boolean {
  return query()?.matches ?? false;
}

/**
 * True while the user's system asks for reduced motion: charts then draw without animation and
 * skeletons without their shimmer; a change of the setting applies without a reload. antd's own
 * motion stays: its `motion: false` token, or CSS ending transitions at once, left Select lists and
 * dropdowns unplaced (at -8000 px, antd 6.6 with @rc-component/trigger 3.10) until a later render.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
