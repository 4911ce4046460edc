import { describe, expect, it } from 'vitest';
import { COMMAND_ID_RE } from '@netconsole/contract';
import { newCommandId } from './device-link.ts';
import { TokenBuckets } from './rate-limit.ts';

describe('the per-device token bucket (protocol §8)', () => {
  it('allows a burst of 100, then 10 a second', () => {
    const b = new TokenBuckets();
    const verdicts = Array.from({ length: 101 }, () => b.take('AP1', 0));
    expect(verdicts.filter((v) => v === 'ok')).toHaveLength(100);
    expect(verdicts[100]).toBe('drop');
    expect(b.take('AP1', 100)).toBe('ok');
    expect(b.take('AP1', 100)).toBe('drop');
    expect(b.take('AP2', 100)).toBe('ok');
  });

  it('calls a flood a device that keeps its bucket empty for 60 s, and forgives a pause', () => {
    const b = new TokenBuckets();
    for (let i = 0; i < 100; i++) b.take('AP1', 0);
    const verdicts: string[] = [];
    // 20 messages a second for 61 seconds: half of them find the bucket empty.
    for (let t = 0; t <= 61_000; t += 50) verdicts.push(b.take('AP1', t));
    expect(verdicts.filter((v) => v === 'flood')).toHaveLength(1);
    expect(verdicts.indexOf('flood')).toBeGreaterThan(1150);
    // Ten quiet seconds refill it: a new burst is no flood.
    expect(b.take('AP1', 71_000)).toBe('ok');
  });

  it('forgets idle devices', () => {
    const b = new TokenBuckets();
    b.take('AP1', 0);
    b.prune(60_000);
    for (let i = 0; i < 100; i++) expect(b.take('AP1', 60_000)).toBe('ok');
  });
});

describe('command ids', () => {
  it('are ULIDs: 26 characters that sort by time', () => {
    const random = (n: number) => new Uint8Array(n).fill(7);
    const early = newCommandId(1767258700000, random);
    const late = newCommandId(1767258700001, random);
    expect(early).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(COMMAND_ID_RE.test(early)).toBe(true);
    expect(early < late).toBe(true);
    expect(newCommandId(0, random).slice(0, 10)).toBe('0000000000');
  });
});
