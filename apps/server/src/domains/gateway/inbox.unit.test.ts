import { afterEach, describe, expect, it } from 'vitest';
import { upTopic } from '@netconsole/contract';
import pino from 'pino';
import type { BusEvents, DeviceBus } from '../../platform/bus/bus.ts';
import { openStore, type Store } from '../../platform/store/db.ts';
import { LiveDevices } from '../device/live.ts';
import { Gateway } from './gateway.ts';

// A stand-in for the broker adapter: the test hands the gateway what a broker would deliver.
class HandBus implements DeviceBus {
  readonly kind = 'external' as const;
  events!: BusEvents;
  endpoints(): string[] {
    return [];
  }
  async start(events: BusEvents): Promise<void> {
    this.events = events;
  }
  async publish(): Promise<void> {}
  disconnect(): boolean {
    return false;
  }
  async close(): Promise<void> {}
}

let store: Store | null = null;
afterEach(async () => {
  await store?.close();
  store = null;
});

async function gateway() {
  store = await openStore({ sqliteFile: ':memory:' });
  const log = pino({ level: 'silent' });
  const clock = () => 1_767_258_700_000;
  const bus = new HandBus();
  const live = new LiveDevices(store.db, clock, log);
  // Messages of unknown devices end at the session check: commands and the link are never asked.
  const g = new Gateway({ bus, live, commands: {} as never, link: {} as never, clock, log, snPrefix: '' });
  await g.start();
  return { g, bus };
}

const stats = (sn: string, seq: number) =>
  Buffer.from(JSON.stringify({ v: 1, ts: 1, seq, uptimeS: seq, rxBytes: 0, txBytes: 0, clients: 0 }));

describe('the gateway inbox', () => {
  it('takes a burst in slices, so the event loop serves others between them', async () => {
    const { g, bus } = await gateway();
    const burst = 20_000;
    for (let i = 0; i < burst; i++)
      bus.events.message(upTopic(`AP${String(i % 500).padStart(10, '0')}`, 'stats'), stats('', i + 1));
    // Nothing is decoded while the broker's delivery is still running…
    expect(g.counters.snapshot().received).toBe(0);
    // …and the next turn of the event loop comes before the whole burst is taken.
    await new Promise((resolve) => setImmediate(resolve));
    const firstTurn = g.counters.snapshot().received;
    expect(firstTurn).toBeGreaterThan(0);
    expect(firstTurn).toBeLessThan(burst);
    await g.idle();
    const after = g.counters.snapshot();
    expect(after.received).toBe(burst);
    expect(after.dropped).toEqual({ no_session: burst });
    await g.stop();
  });

  it('keeps a connection event in its place among the messages', async () => {
    const { g, bus } = await gateway();
    const seen: string[] = [];
    const live = (g as unknown as { o: { live: LiveDevices } }).o.live;
    live.connectionClosed = async (sn) => {
      seen.push(`closed ${sn}`);
    };
    live.accept = async (_sn, _kind, seq) => {
      seen.push(`message ${seq}`);
      return 'no_session';
    };
    bus.events.message(upTopic('AP0000000001', 'stats'), stats('', 1));
    bus.events.message(upTopic('AP0000000001', 'stats'), stats('', 2));
    bus.events.disconnected('AP0000000001');
    bus.events.message(upTopic('AP0000000001', 'stats'), stats('', 3));
    await g.idle();
    expect(seen).toEqual(['message 1', 'message 2', 'closed AP0000000001', 'message 3']);
    expect(g.counters.snapshot('AP0000000001').received).toBe(3);
    await g.stop();
  });
});
