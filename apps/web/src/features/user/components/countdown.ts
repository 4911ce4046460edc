import { useCallback, useEffect, useState } from 'react';

/** A code may be asked for again after this many seconds (the server allows one a minute). */
export const RESEND_SECONDS = 60;

/** Whole seconds until `until` (Unix ms), rounded up so the last second still shows "1"; 0 when over. */
export function secondsLeft(until: number | null, now: number): number {
  if (until === null) return 0;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * The send-code button's countdown: `start()` after a code went out, `left` seconds until the
 * button works again. Reads the clock on each tick, so a throttled background tab stays right.
 */
export function useCountdown(seconds: number = RESEND_SECONDS) {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback(() => {
    const time = Date.now();
    setNow(time);
    setUntil(time + seconds * 1000);
  }, [seconds]);
  const reset = useCallback(() => setUntil(null), []);

  const left = secondsLeft(until, now);
  return { left, running: left > 0, start, reset };
}
