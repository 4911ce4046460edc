// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESEND_SECONDS, secondsLeft, useCountdown } from './countdown.ts';

describe('secondsLeft', () => {
  it('rounds up, so the last second still counts', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 1)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 9_999)).toBe(1);
  });

  it('is 0 when over or not started', () => {
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
    expect(secondsLeft(null, 0)).toBe(0);
  });
});

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts 60 s down after start and then lets the code be sent again', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current).toEqual(expect.objectContaining({ left: 0, running: false }));
    act(() => result.current.start());
    expect(result.current.left).toBe(RESEND_SECONDS);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(59);
    act(() => vi.advanceTimersByTime(58_000));
    expect(result.current).toEqual(expect.objectContaining({ left: 1, running: true }));
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toEqual(expect.objectContaining({ left: 0, running: false }));
  });

  it('can be stopped early', () => {
    const { result } = renderHook(() => useCountdown(5));
    act(() => result.current.start());
    expect(result.current.left).toBe(5);
    act(() => result.current.reset());
    expect(result.current.running).toBe(false);
  });
});
