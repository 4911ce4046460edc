import { describe, expect, it } from 'vitest';
import {
  FLOW_REALTIME_INTERVALS,
  flowApQuery,
  flowDevQuery,
  flowListQuery,
  flowSubscribeData,
  flowTopQuery,
} from './flow.ts';

describe('flow contract', () => {
  it('defaults: today, by traffic, descending, page 1 of 10; APs (type 2)', () => {
    expect(flowListQuery.parse({})).toMatchObject({
      Period: 'today',
      Sort: 'traffic',
      Order: 'desc',
      page: 1,
      limit: 10,
    });
    expect(flowApQuery.parse({})).toMatchObject({ Type: 2, Sort: 'traffic' });
    expect(flowTopQuery.parse({ Top: '5' }).Top).toBe(5);
  });

  it('refuses unknown periods, sorts, a top over 100 and an empty device list', () => {
    expect(flowListQuery.safeParse({ Period: 'year' }).success).toBe(false);
    expect(flowListQuery.safeParse({ Sort: 'name' }).success).toBe(false);
    expect(flowTopQuery.safeParse({ Top: 101 }).success).toBe(false);
    expect(flowDevQuery.safeParse({ Devices: '' }).success).toBe(false);
    expect(flowListQuery.parse({ Period: 'custom', Start: '1000', End: '2000' })).toMatchObject({
      Start: 1000,
      End: 2000,
    });
  });

  it('live subscriptions take the refresh options of spec §9 only', () => {
    expect(FLOW_REALTIME_INTERVALS).toEqual([1000, 30_000]);
    expect(flowSubscribeData.parse({ Network: 'n' }).IntervalMs).toBe(1000);
    expect(flowSubscribeData.parse({ Device: 'd', IntervalMs: '30000' }).IntervalMs).toBe(30_000);
    expect(flowSubscribeData.safeParse({ Network: 'n', IntervalMs: 5000 }).success).toBe(false);
  });
});
