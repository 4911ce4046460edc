import { HOME_PATH } from '../navigation.ts';

/** Recently visited screens (spec §2): the home tab is always there and cannot be closed. */
export const AFFIXED_TABS: readonly string[] = [HOME_PATH];

export interface TabsState {
  paths: readonly string[];
  /**
   * The location (router key) last reported by `visit`: a tab is added when a navigation lands, not
   * re-added on close while the navigation away is pending — and a new navigation to the same screen
   * (one that overtook a pending one) adds it again.
   */
  current: string | null;
}

export type TabsAction =
  | { type: 'visit'; path: string; location: string; known: boolean }
  | { type: 'close'; path: string }
  | { type: 'close-others'; path: string }
  | { type: 'close-all' };

export function isAffixed(path: string): boolean {
  return AFFIXED_TABS.includes(path);
}

export function initialTabs(stored: readonly string[] = []): TabsState {
  const paths = [...AFFIXED_TABS, ...stored.filter((path) => !isAffixed(path))];
  return { paths: [...new Set(paths)], current: null };
}

export function tabsReducer(state: TabsState, action: TabsAction): TabsState {
  switch (action.type) {
    case 'visit': {
      const add = action.known && !state.paths.includes(action.path);
      return { paths: add ? [...state.paths, action.path] : state.paths, current: action.location };
    }
    case 'close':
      if (isAffixed(action.path)) return state;
      return { ...state, paths: state.paths.filter((path) => path !== action.path) };
    case 'close-others':
      return { ...state, paths: state.paths.filter((path) => isAffixed(path) || path === action.path) };
    case 'close-all':
      return { ...state, paths: state.paths.filter(isAffixed) };
  }
}

/** Where to go when the open tab closes: its right-hand neighbour, else its left-hand one. */
export function tabAfterClose(paths: readonly string[], closing: string): string {
  const index = paths.indexOf(closing);
  return paths[index + 1] ?? paths[index - 1] ?? HOME_PATH;
}
