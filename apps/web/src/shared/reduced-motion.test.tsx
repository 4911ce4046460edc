// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadingSkeleton } from './components/loading-skeleton.tsx';
import { REDUCED_MOTION_QUERY, useReducedMotion } from './reduced-motion.ts';

/** A matchMedia whose reduced-motion answer the test sets and changes. */
function systemSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduce };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string) => ({
      get matches() {
        return query === REDUCED_MOTION_QUERY && state.reduce;
      },
      media: query,
      addEventListener: (_: string, f: () => void) => listeners.add(f),
      removeEventListener: (_: string, f: () => void) => listeners.delete(f),
    }),
  });
  return {
    set(next: boolean) {
      state.reduce = next;
      for (const f of [...listeners]) f();
    },
    listeners,
  };
}

function Probe() {
  return <span data-testid="motion">{useReducedMotion() ? 'reduced' : 'full'}</span>;
}

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('reduced motion (the system setting)', () => {
  it('follows the setting, and its change without a reload', () => {
    const setting = systemSetting(false);
    const { unmount } = render(<Probe />);
    expect(screen.getByTestId('motion').textContent).toBe('full');
    act(() => setting.set(true));
    expect(screen.getByTestId('motion').textContent).toBe('reduced');
    act(() => setting.set(false));
    expect(screen.getByTestId('motion').textContent).toBe('full');
    unmount();
    expect(setting.listeners.size).toBe(0);
  });

  it('reads as full motion where the browser cannot tell', () => {
    Reflect.deleteProperty(window, 'matchMedia');
    render(<Probe />);
    expect(screen.getByTestId('motion').textContent).toBe('full');
  });

  it('stills the loading skeletons', () => {
    const setting = systemSetting(true);
    const { container } = render(<LoadingSkeleton paragraph={{ rows: 2 }} />);
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    expect(container.querySelector('.ant-skeleton-active')).toBeNull();
    act(() => setting.set(false));
    expect(container.querySelector('.ant-skeleton-active')).not.toBeNull();
  });
});
