/** /flow/realtimedata's subscription over the live socket itself (needs the hub's inbound side). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ErrorCode, FLOW_TOPICS, LIVE_PATH, LIVE_PROTOCOL, type LiveMessage } from '@netconsole/contract';
import { startHarness, type Harness } from '../../test/harness.ts';
import { eventually } from '../../test/devices.ts';
import { TestDevice, signIn } from '../telemetry/testing.ts';

let h: Harness;
let base: string;
beforeEach(async () => {
  h = await startHarness();
  base = (await h.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
});
afterEach(async () => {
  await h.close();
});

async function socket(token: string, lang = 'en') {
  const messages: LiveMessage[] = [];
  const ws = new WebSocket(`${base}${LIVE_PATH}?language=${lang}`, [LIVE_PROTOCOL], {
    headers: { cookie: `Token=${token}` },
  });
  ws.on('message', (d) => messages.push(JSON.parse(String(d)) as LiveMessage));
  await eventually(() => messages.some((m) => m.topic === 'ready'), 10_000, 'ready');
  return { ws, messages };
}

describe('flow rates over the live socket', () => {
  it('subscribe, rates each tick, refusal for another tenant, gone with the socket', async () => {
    const a = await signIn(h, 'acme');
    const b = await signIn(h, 'beta');
    const d = await TestDevice.add(h, a.token, 2);
    await d.stats({ uptimeS: 10, rxBytes: 0, txBytes: 0 });
    h.clock.advance(10_000);
    await d.stats({ uptimeS: 20, rxBytes: 10_000, txBytes: 2000 });
    const mine = await socket(a.token);
    mine.ws.send(JSON.stringify({ topic: FLOW_TOPICS.Subscribe, data: { Device: d.id, IntervalMs: 1000 } }));
    const first = await eventually(
      () => mine.messages.find((m) => m.topic === FLOW_TOPICS.Rates),
      10_000,
      'rates',
    );
    expect(first!.data).toMatchObject({
      Device: d.id,
      IntervalMs: 1000,
      Points: [{ RxRate: 1000, TxRate: 200, Online: 1 }],
    });
    h.clock.advance(1000);
    await h.services.flowRates.tick();
    await eventually(
      () => mine.messages.filter((m) => m.topic === FLOW_TOPICS.Rates).length >= 2,
      10_000,
      'tick',
    );
    // Not JSON, another topic, binary: ignored.
    mine.ws.send('nonsense');
    mine.ws.send(JSON.stringify({ topic: 'other', data: 1 }));

    const theirs = await socket(b.token, 'zh');
    theirs.ws.send(JSON.stringify({ topic: FLOW_TOPICS.Subscribe, data: { Device: d.id } }));
    const refused = await eventually(
      () => theirs.messages.find((m) => m.topic === FLOW_TOPICS.Error),
      10_000,
      'error',
    );
    expect(refused!.data).toEqual({ code: ErrorCode.FlowDeviceNotExist, message: '要分析的设备不存在' });
    expect(h.services.flowRates.size).toBe(1);
    mine.ws.close();
    theirs.ws.close();
    await eventually(() => h.services.flowRates.size === 0, 10_000, 'unsubscribed');
  });
});
