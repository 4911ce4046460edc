/**
 * DNS reports through the real broker: malformed ones are dropped and counted by the gateway,
 * entries the ingest cannot use are skipped, and the server keeps taking the good ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PartUrlList } from '@netconsole/contract';
import { FakeDevice, eventually, randomToken } from '../../test/devices.ts';
import { apiCaller, deviceBus, startHarness, TEST_FACTORY_KEY, type Harness } from '../../test/harness.ts';
import { upTopic } from '@netconsole/contract';

const PREFIX = `BH${randomToken(4)}`;
let h: Harness;
let dev: FakeDevice | undefined;
beforeAll(async () => {
  h = await startHarness({ mqtt: deviceBus(PREFIX) });
});
afterAll(async () => {
  await dev?.end().catch(() => undefined);
  await h?.close();
});
const { call, read, signIn } = apiCaller(() => h);

describe('DNS reports through the broker', () => {
  it('drops malformed reports without stopping, and keeps the good entries', async () => {
    const { token } = await signIn('dnsbr');
    const sn = `${PREFIX}${randomToken(8)}`;
    dev = await FakeDevice.connect({
      url: h.mqttUrl!,
      sn,
      factoryKey: TEST_FACTORY_KEY,
      type: 4,
      now: () => h.clock.now,
    });
    const added = await call(token, 'POST', '/v1/device/add', {
      SN: sn,
      MAC: dev.mac,
      Type: 4,
      Alias: 'Gateway',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await dev.hello({ model: 'R1' });
    const entry = (domain: string, extra: object = {}) => ({
      ts: h.clock.now - 500,
      mac: 'A4C3F0112233',
      domain,
      ...extra,
    });

    await dev.publishRaw(upTopic(sn, 'dns'), '{"v":1,"entries":', 0);
    await dev.publish('dns', { entries: [] }, 0);
    await dev.publish('dns', { entries: [entry('bad domain!')] }, 0);
    await dev.publish('dns', { entries: [entry('ok.example', { mac: 'not-a-mac' })] }, 0);
    await dev.publish('dns', { entries: Array.from({ length: 201 }, () => entry('many.example')) }, 0);
    // Valid form, but entries the ingest skips: too old, too far ahead, a malformed name.
    await dev.publish(
      'dns',
      {
        entries: [
          entry('old.example', { ts: h.clock.now - 3 * 86_400_000 }),
          entry('later.example', { ts: h.clock.now + 3_600_000 }),
          entry('a..b'),
          entry('Good.Example', { qtype: 'https' }),
        ],
      },
      0,
    );
    const figures = await eventually(() =>
      h.services.dnsIngest.figures.kept + h.services.dnsIngest.figures.dropped >= 4
        ? h.services.dnsIngest.figures
        : null,
    );
    expect(figures).toMatchObject({ entries: 4, kept: 1, dropped: 3 });
    expect(h.services.gateway.counters.snapshot(sn).dropped).toEqual({ not_json: 1, invalid: 4 });
    await h.services.dnsIngest.flush();
    const top = await read<PartUrlList>(token, 'GET', '/v1/flow/listPartURL?Period=today');
    expect(top.list.map((r) => [r.Key, r.Queries])).toEqual([['good.example', 1]]);
    expect((await call(token, 'GET', '/healthz')).status).toBe(200);
  });
});
