import { afterEach, describe, expect, it } from 'vitest';
import { upTopic } from '@netconsole/contract';
import pino from 'pino';
import type { BusEvents, DeviceBus } from '../bus/bus.ts';
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

let running: Gateway | null = null;
afterEach(async () => {
  await running?.stop();
  running = null;
});

async function gateway() {
  const log = pino({ level: 'silent' });
  const clock = () => 1_767_258_700_000;
  const bus = new HandBus();
  // No domain registered a session check: every message of a session ends there, as no_session.
  const g = new Gateway({ bus, clock, log, snPrefix: '' });
  await g.start();
  running = g;
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
  });

  it('keeps a connection event in its place among the messages', async () => {
    const { g, bus } = await gateway();
    const seen: string[] = [];
    g.onConnection({
      connected: () => undefined,
      disconnected: async (sn) => {
        seen.push(`closed ${sn}`);
      },
    });
    g.admission(async (_sn, _kind, seq) => {
      seen.push(`message ${seq}`);
      return 'no_session';
    });
    bus.events.message(upTopic('AP0000000001', 'stats'), stats('', 1));
    bus.events.message(upTopic('AP0000000001', 'stats'), stats('', 2));
    bus.events.disconnected('AP0000000001');
    bus.events.message(upTopic('AP0000000001', 'stats'), stats('', 3));
    await g.idle();
    expect(seen).toEqual(['message 1', 'message 2', 'closed AP0000000001', 'message 3']);
    expect(g.counters.snapshot('AP0000000001').received).toBe(3);
  });

  it('hands each kind to the handlers registered for it, in order, and counts kinds nobody handles', async () => {
    const { g, bus } = await gateway();
    const seen: string[] = [];
    g.admission(async () => 'ok');
    g.on('stats', (sn, m) => void seen.push(`first ${sn} ${m.seq}`));
    g.on('stats', async (sn, m) => {
      seen.push(`second ${sn} ${m.seq}`);
    });
    g.onAck(['reboot'], (sn, ack) => void seen.push(`ack ${ack.cmd} ${ack.id}`));
    bus.events.message(upTopic('AP0000000001', 'stats'), stats('', 1));
    const logs = { v: 1, ts: 1, seq: 2, lines: [{ ts: 1, level: 2, text: 'up' }] };
    bus.events.message(upTopic('AP0000000001', 'logs'), Buffer.from(JSON.stringify(logs)));
    const ack = (seq: number, cmd: string) =>
      Buffer.from(
        JSON.stringify({ v: 1, ts: 1, seq, id: '01JD0000000000000000000000', cmd, state: 'accepted' }),
      );
    bus.events.message(upTopic('AP0000000001', 'acks'), ack(3, 'reboot'));
    bus.events.message(upTopic('AP0000000001', 'acks'), ack(4, 'reset'));
    await g.idle();
    expect(seen).toEqual([
      'first AP0000000001 1',
      'second AP0000000001 1',
      'ack reboot 01JD0000000000000000000000',
    ]);
    const c = g.counters.snapshot();
    expect(c.dropped).toEqual({});
    expect(c.accepted).toBe(4);
    expect(c.unhandled).toEqual({ logs: 1, 'acks/reset': 1 });
  });

  it('counts a throwing handler as an internal drop and goes on with the next message', async () => {
    const { g, bus } = await gateway();
    g.admission(async () => 'ok');
    const seqs: number[] = [];
    g.on('stats', (_sn, m) => {
      if (m.seq === 1) throw new Error('boom');
      seqs.push(m.seq);
    });
    bus.events.message(upTopic('AP0000000001', 'stats'), stats('', 1));
    bus.events.message(upTopic('AP0000000001', 'stats'), stats('', 2));
    await g.idle();
    expect(seqs).toEqual([2]);
    expect(g.counters.snapshot('AP0000000001').dropped).toEqual({ internal: 1 });
  });
});
