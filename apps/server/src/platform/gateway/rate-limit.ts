/**
 * The per-device inbound limit (protocol §8): a token bucket of 10 messages per second with bursts
 * of 100. A device that keeps it empty for 60 s is a flood: the gateway disconnects it.
 */
import { DEVICE_RATE_LIMIT } from '@netconsole/contract';

export type RateVerdict = 'ok' | 'drop' | 'flood';

interface Bucket {
  tokens: number;
  at: number;
  /** Since when the device has been hitting an empty bucket; null while it leaves room. */
  emptySince: number | null;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly perSecond: number = DEVICE_RATE_LIMIT.messagesPerSecond,
    private readonly burst: number = DEVICE_RATE_LIMIT.burst,
    private readonly floodMs: number = DEVICE_RATE_LIMIT.floodDisconnectS * 1000,
  ) {}

  take(key: string, now: number): RateVerdict {
    let b = this.buckets.get(key);
    if (!b) {
      b = { tokens: this.burst, at: now, emptySince: null };
      this.buckets.set(key, b);
    }
    b.tokens = Math.min(this.burst, b.tokens + (Math.max(0, now - b.at) * this.perSecond) / 1000);
    b.at = now;
    if (b.tokens >= 1) {
      // A second's worth of room left: the device is not flooding.
      if (b.tokens >= this.perSecond) b.emptySince = null;
      b.tokens -= 1;
      return 'ok';
    }
    b.emptySince ??= now;
    if (now - b.emptySince >= this.floodMs) {
      b.emptySince = now;
      return 'flood';
    }
    return 'drop';
  }

  /** Forgets buckets idle long enough to be full again. */
  prune(now: number): void {
    const idleMs = (this.burst / this.perSecond) * 1000;
    for (const [key, b] of this.buckets) if (now - b.at > idleMs) this.buckets.delete(key);
  }
}
