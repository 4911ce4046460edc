import { describe, expect, it } from 'vitest';
import { isLocalMac } from '@netconsole/contract';
import { vendorOf } from './vendor.ts';

describe('client vendor', () => {
  it('names the registered maker of a MAC prefix, whatever the separators and case', () => {
    // 00:00:0C is Cisco's oldest block, 00:1B:21 an Intel one (IEEE MA-L registry).
    expect(vendorOf('00000C112233')).toMatch(/cisco/i);
    expect(vendorOf('00:1b:21:aa:bb:cc')).toMatch(/intel/i);
    // The name alone, not the registry's address lines.
    expect(vendorOf('00000C112233')).not.toContain('\n');
  });

  it('names no maker for a private (locally administered) MAC or an unregistered or malformed one', () => {
    expect(isLocalMac('DA1122334455')).toBe(true);
    expect(isLocalMac('00E04C112233')).toBe(false);
    expect(vendorOf('DA1122334455')).toBeNull();
    expect(vendorOf('02000C112233')).toBeNull();
    expect(vendorOf('00000C11')).toBeNull();
  });
});
