import { describe, expect, it } from 'vitest';
import { DEVICE_DROP_REASONS, deviceDrops } from '@netconsole/contract';
import { BUS_REFUSALS } from '../../platform/bus/bus.ts';
import { GatewayCounters } from './counters.ts';

describe('the gateway counters', () => {
  it('count drops per device and reason, and in total', () => {
    const c = new GatewayCounters(1000);
    c.received('AP0000000001');
    c.dropped('AP0000000001', 'too_large');
    c.dropped('AP0000000001', 'too_large');
    c.dropped('AP0000000001', 'acl_publish');
    c.dropped('AP0000000002', 'invalid');
    c.dropped(null, 'topic');
    expect(c.drops('AP0000000001')).toEqual({ too_large: 2, acl_publish: 1 });
    expect(c.drops('AP0000000002')).toEqual({ invalid: 1 });
    expect(c.drops('AP0000000003')).toEqual({});
    expect(c.snapshot().dropped).toEqual({ too_large: 2, acl_publish: 1, invalid: 1, topic: 1 });
    expect(c.since).toBe(1000);
    // A copy: the caller cannot change the counts.
    c.drops('AP0000000001').too_large = 99;
    expect(c.drops('AP0000000001').too_large).toBe(2);
    // What the device API writes.
    expect(deviceDrops.parse(c.drops('AP0000000001'))).toEqual({ too_large: 2, acl_publish: 1 });
  });

  it('keep a bounded number of devices, forgetting the one heard of least recently', () => {
    const c = new GatewayCounters(0, 3);
    for (const sn of ['SN00000001', 'SN00000002', 'SN00000003']) c.dropped(sn, 'rate');
    // The first is heard of again: the second is now the oldest.
    c.received('SN00000001');
    c.dropped('SN00000004', 'auth');
    expect(c.drops('SN00000001')).toEqual({ rate: 1 });
    expect(c.drops('SN00000002')).toEqual({});
    expect(c.drops('SN00000003')).toEqual({ rate: 1 });
    expect(c.drops('SN00000004')).toEqual({ auth: 1 });
    // Invented SNs by the thousand never grow it past the bound; the total still counts them all.
    for (let i = 0; i < 5000; i++) c.dropped(`XX${String(i).padStart(8, '0')}`, 'auth');
    expect(['SN00000001', 'SN00000003', 'SN00000004'].map((sn) => c.drops(sn))).toEqual([{}, {}, {}]);
    expect(c.snapshot().dropped.auth).toBe(5001);
  });

  it('know every reason the broker and the gateway drop for, as the device API lists them', () => {
    for (const r of BUS_REFUSALS) expect(DEVICE_DROP_REASONS).toContain(r);
    expect(new Set(DEVICE_DROP_REASONS).size).toBe(DEVICE_DROP_REASONS.length);
  });
});
