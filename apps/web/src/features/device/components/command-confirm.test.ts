import { describe, expect, it } from 'vitest';
import { resetConfirmed } from './command-confirm.tsx';

describe('reset confirmation', () => {
  it('is given only by typing the device’s own SN (case and edge spaces aside)', () => {
    const device = { SN: 'NC4A00112233' };
    expect(resetConfirmed(device, '')).toBe(false);
    expect(resetConfirmed(device, 'NC4A0011223')).toBe(false);
    expect(resetConfirmed(device, 'NC4A00112234')).toBe(false);
    expect(resetConfirmed(device, ' nc4a00112233 ')).toBe(true);
  });
});
