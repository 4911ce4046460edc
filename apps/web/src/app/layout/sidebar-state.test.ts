import { describe, expect, it } from 'vitest';
import { cookieAfterToggle, isNarrow, sidebarInitiallyOpen } from './sidebar-state.ts';

describe('sidebar state', () => {
  it('collapses at 700 px or narrower', () => {
    expect(isNarrow(700)).toBe(true);
    expect(isNarrow(701)).toBe(false);
    expect(sidebarInitiallyOpen('1', 600)).toBe(false);
    expect(sidebarInitiallyOpen(null, 1280)).toBe(true);
  });

  it('follows the remembered cookie: 1 open, 0 closed, 3 forced closed', () => {
    expect(sidebarInitiallyOpen('1', 1280)).toBe(true);
    expect(sidebarInitiallyOpen('0', 1280)).toBe(false);
    expect(sidebarInitiallyOpen('3', 1280)).toBe(false);
  });

  it('remembers a toggle, except over a forced close', () => {
    expect(cookieAfterToggle(null, false)).toBe('0');
    expect(cookieAfterToggle('0', true)).toBe('1');
    expect(cookieAfterToggle('3', true)).toBeNull();
  });
});
