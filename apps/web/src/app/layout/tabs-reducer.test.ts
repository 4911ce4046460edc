import { describe, expect, it } from 'vitest';
import { initialTabs, tabAfterClose, tabsReducer, type TabsAction, type TabsState } from './tabs-reducer.ts';

const run = (state: TabsState, ...actions: TabsAction[]) => actions.reduce(tabsReducer, state);
let navigations = 0;
/** A navigation to a path: each has a location key of its own, as the router gives. */
const visit = (path: string, known = true): TabsAction => ({
  type: 'visit',
  path,
  location: `${path}#${++navigations}`,
  known,
});

describe('tabsReducer', () => {
  it('starts with the home tab, which cannot be closed', () => {
    const start = initialTabs();
    expect(start.paths).toEqual(['/dashboard']);
    expect(run(start, { type: 'close', path: '/dashboard' }).paths).toEqual(['/dashboard']);
  });

  it('restores stored tabs behind the home tab, without duplicates', () => {
    expect(initialTabs(['/a', '/dashboard', '/b', '/a']).paths).toEqual(['/dashboard', '/a', '/b']);
  });

  it('adds a tab for each visited screen, once, in visiting order', () => {
    const state = run(initialTabs(), visit('/a'), visit('/b'), visit('/a'));
    expect(state.paths).toEqual(['/dashboard', '/a', '/b']);
    expect(state.current).toMatch(/^\/a#/);
  });

  it('does not add tabs for paths outside the registry', () => {
    expect(run(initialTabs(), visit('/404', false)).paths).toEqual(['/dashboard']);
  });

  it('closes one tab', () => {
    const state = run(initialTabs(), visit('/a'), visit('/b'), { type: 'close', path: '/a' });
    expect(state.paths).toEqual(['/dashboard', '/b']);
  });

  it('closing the open tab does not re-add it while the navigation away is pending', () => {
    const opened = run(initialTabs(), visit('/a'));
    const state = run(opened, { type: 'close', path: '/a' });
    expect(state).toEqual({ paths: ['/dashboard'], current: opened.current });
  });

  it('a new navigation to the closed screen adds it again, though the path never changed', () => {
    // Closing /a navigates to the home screen; clicking /a again before that lands means the
    // router settles on /a again — a new location with the same path.
    const state = run(initialTabs(), visit('/a'), { type: 'close', path: '/a' }, visit('/a'));
    expect(state.paths).toEqual(['/dashboard', '/a']);
  });

  it('closes the others, keeping the home tab', () => {
    const state = run(initialTabs(), visit('/a'), visit('/b'), visit('/c'), {
      type: 'close-others',
      path: '/b',
    });
    expect(state.paths).toEqual(['/dashboard', '/b']);
  });

  it('closes all but the home tab', () => {
    const state = run(initialTabs(), visit('/a'), visit('/b'), { type: 'close-all' });
    expect(state.paths).toEqual(['/dashboard']);
  });
});

describe('tabAfterClose', () => {
  const paths = ['/dashboard', '/a', '/b', '/c'];
  it('moves to the right-hand neighbour', () => expect(tabAfterClose(paths, '/b')).toBe('/c'));
  it('moves left from the last tab', () => expect(tabAfterClose(paths, '/c')).toBe('/b'));
  it('falls back to the home screen', () => expect(tabAfterClose(['/x'], '/x')).toBe('/dashboard'));
});
