import { describe, expect, it } from 'vitest';
import { dnsEntry } from '@netconsole/contract';
import { DNS_NAMES, pickName } from './dns-names.ts';

describe('simulated DNS names', () => {
  it('are valid protocol names, and earlier ones are asked more often', () => {
    for (const domain of DNS_NAMES) {
      expect(dnsEntry.safeParse({ ts: 1, mac: 'A4C3F0112233', domain }).success, domain).toBe(true);
    }
    const counts = new Map<string, number>();
    for (let i = 0; i < 10_000; i++) {
      const name = pickName(i / 10_000);
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    expect(counts.size).toBe(DNS_NAMES.length);
    expect(counts.get(DNS_NAMES[0]!)!).toBeGreaterThan(counts.get(DNS_NAMES.at(-1)!)!);
  });
});
