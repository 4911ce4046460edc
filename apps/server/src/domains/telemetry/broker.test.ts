import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, deviceBus, startHarness, TEST_FACTORY_KEY, type Harness } from '../../test/harness.ts';
import { FakeDevice, eventually, randomToken } from '../../test/devices.ts';
import { FINE_MS } from './series.ts';
import { get, signIn } from './testing.ts';

/** Every SN of this file starts so (the shared broker of the PostgreSQL run). */
const PREFIX = `TB${randomToken(4)}`;

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ mqtt: deviceBus(PREFIX) });
});
afterEach(async () => {
  await h.close();
});

describe('telemetry from protocol messages through the broker', () => {
  it('stats, state and ports published by a switch become its charts, port table and radio state', async () => {
    const { token } = await signIn(h, 'acme');
    const sn = `${PREFIX}${randomToken(10)}`;
    const dev = await FakeDevice.connect({
      url: h.mqttUrl!,
      sn,
      factoryKey: TEST_FACTORY_KEY,
      type: 3,
      now: () => h.clock.now,
    });
    const added = await h.app.inject({
      method: 'POST',
      url: '/v1/device/add',
      headers: bearer(token),
      payload: { SN: sn, MAC: dev.mac, Type: 3 },
    });
    const id = (added.json() as { _id: string })._id;
    await dev.hello({ model: 'B1' });

    await dev.publish('state', {
      ipMode: 'static',
      ip: '10.2.0.2',
      mask: '255.255.255.0',
      gateway: '10.2.0.1',
      dns1: '10.2.0.1',
      dns2: null,
      config: null,
      radios: [{ band: '5', enabled: true, channel: 44, widthMhz: 40, txPowerDbm: 20, channelMode: 'auto' }],
    });
    const stats = (uptimeS: number, rxBytes: number, usedW: number) => ({
      uptimeS,
      cpuPct: 20,
      memPct: 50,
      tempC: 45,
      rxBytes,
      txBytes: rxBytes / 2,
      clients: 2,
      poe: { budgetW: 120, usedW },
    });
    await dev.publish('stats', stats(100, 10_000, 10), 0);
    await eventually(() => h.services.live.peek(sn)?.uptimeS === 100, 5000, 'first stats');
    h.clock.advance(10_000);
    await dev.publish('stats', stats(110, 30_000, 20), 0);
    await dev.publish('ports', {
      ports: [
        {
          port: 1,
          enabled: true,
          up: true,
          speedMbps: 1000,
          duplex: 'full',
          rxBytes: 5,
          txBytes: 6,
          poe: { enabled: true, status: 'delivering', powerW: 20 },
        },
        { port: 2, enabled: false, up: false, speedMbps: null, duplex: null, rxBytes: 0, txBytes: 0 },
      ],
      poe: { budgetW: 120, usedW: 20 },
    });
    await eventually(() => h.services.live.peek(sn)?.uptimeS === 110, 5000, 'second stats');
    await h.services.gateway.idle();
    h.clock.advance(FINE_MS);

    const hour = Math.floor((h.clock.now - FINE_MS) / 3_600_000) * 3_600_000;
    const cpu = (await get(h, token, `/v1/device/getcpu?_id=${id}`)).body;
    const i = cpu.Time.indexOf(hour);
    expect([cpu.CPUUsed[i], cpu.MemoryUsed[i]]).toEqual([20, 50]);
    const rate = (await get(h, token, `/v1/device/getDeviceRate?SN=${sn}`)).body;
    expect([rate.RxRate[i], rate.TxRate[i]]).toEqual([2000, 1000]);
    const power = (await get(h, token, `/v1/device/getDevicePower?_id=${id}`)).body;
    expect([power.PowerBudget[i], power.PowerDelivered[i]]).toEqual([120, 15]);
    const ports = (await get(h, token, `/v1/device/getPortInfo?_id=${id}`)).body;
    expect(ports.list.map((p: { Port: number; Up: boolean }) => [p.Port, p.Up])).toEqual([
      [1, true],
      [2, false],
    ]);
    const radios = (await get(h, token, `/v1/device/getapconfig?_id=${id}`)).body;
    expect(radios).toMatchObject({ IPMode: 'static', Radios: [{ Band: '5', Channel: 44, CAType: 'auto' }] });
    await dev.end();
  });
});
