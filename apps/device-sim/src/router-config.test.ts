/**
 * A router's WAN and LAN in `apply_config` (protocol §7.9 `wan`, `lan`): the simulated router takes
 * them (its reported address follows a static WAN; PPPoE keeps the address), checks the LAN's DHCP
 * range, and every other device refuses them with `config_invalid` naming the field.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DeviceType } from '@netconsole/contract';
import type { UpMessage } from '@netconsole/contract';
import { createFleet } from './index.ts';
import type { Fleet } from './index.ts';
import { StubGateway } from './stub-gateway.ts';

const URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const PREFIX = `R${randomBytes(4).toString('hex').toUpperCase().slice(0, 6)}`;

let gw: StubGateway;
let fleet: Fleet;

beforeAll(async () => {
  gw = await StubGateway.connect({ url: URL, snPrefix: PREFIX, telemetry: { statsIntervalS: 1 } });
  fleet = createFleet({
    url: URL,
    factoryKey: randomBytes(32).toString('hex'),
    networks: [{ switches: 1, aps: 1 }],
    snPrefix: PREFIX,
    seed: 7,
    behaviour: { eventsPerHour: 0, logsPerHour: 0, dropsPerHour: 0 },
    timing: { connectRatePerS: 1000, applyS: 0.1 },
  });
  await fleet.start();
  await fleet.waitOnline({ timeoutMs: 15_000 });
});

afterAll(async () => {
  await fleet?.stop();
  await gw?.close();
});

const of = (type: DeviceType) => fleet.devices.find((d) => d.type === type)!;
const lan = {
  ip: '192.168.50.1',
  mask: '255.255.255.0',
  dhcp: { enabled: true, start: '192.168.50.100', end: '192.168.50.199', leaseS: 3600 },
};
let revision = 0;
const apply = (sn: string, config: Record<string, unknown>) =>
  gw.command(sn, 'apply_config', {
    configId: 'cfg-edge',
    revision: ++revision,
    source: { type: 'inline', config },
  });

describe('router WAN and LAN', () => {
  test('a router applies a static WAN and its LAN; state reports the WAN address', async () => {
    const router = of(DeviceType.Router);
    const wan = {
      mode: 'static',
      ip: '100.64.3.2',
      mask: '255.255.255.252',
      gateway: '100.64.3.1',
      dns1: '223.5.5.5',
    };
    const id = await apply(router.sn, { wan, lan });
    expect(await gw.terminal(id)).toMatchObject({ state: 'succeeded', result: { revision } });
    expect(router.settings.wan).toEqual(wan);
    expect(router.settings.lan).toEqual(lan);
    const state = await gw.waitFor(
      (m) =>
        m.sn === router.sn &&
        m.kind === 'state' &&
        (m.message as UpMessage<'state'>).config?.revision === revision,
      5000,
      true,
    );
    expect(state.message).toMatchObject({ ipMode: 'static', ip: '100.64.3.2', gateway: '100.64.3.1' });

    // PPPoE: the account is kept (the password as sent: the ISP needs it).
    const pppoe = await apply(router.sn, { wan: { mode: 'pppoe', username: 'u@isp', password: 'p4ss' } });
    expect(await gw.terminal(pppoe)).toMatchObject({ state: 'succeeded' });
    expect(router.settings.wan).toEqual({ mode: 'pppoe', username: 'u@isp', password: 'p4ss' });
    expect(router.settings.lan).toEqual(lan); // an absent section stays as it is
  });

  test('a router refuses a DHCP range outside its LAN or over its own address', async () => {
    const router = of(DeviceType.Router);
    const outside = await apply(router.sn, { lan: { ...lan, dhcp: { ...lan.dhcp, end: '192.168.51.10' } } });
    expect(await gw.terminal(outside)).toMatchObject({
      state: 'rejected',
      code: 'config_invalid',
      detail: 'lan.dhcp.end: not an address of the LAN',
    });
    const over = await apply(router.sn, { lan: { ...lan, dhcp: { ...lan.dhcp, start: '192.168.50.1' } } });
    expect(await gw.terminal(over)).toMatchObject({ state: 'rejected', code: 'config_invalid' });
    expect(router.settings.lan).toEqual(lan);
  });

  test('an AP and a switch refuse wan and lan, naming the field', async () => {
    for (const type of [DeviceType.AP, DeviceType.Switch]) {
      const dev = of(type);
      const wan = await apply(dev.sn, { wan: { mode: 'dhcp' } });
      expect(await gw.terminal(wan)).toMatchObject({
        state: 'rejected',
        code: 'config_invalid',
        detail: 'wan: this device is not a router',
      });
      const onlyLan = await apply(dev.sn, { lan });
      expect(await gw.terminal(onlyLan)).toMatchObject({
        state: 'rejected',
        code: 'config_invalid',
        detail: 'lan: this device is not a router',
      });
      expect(dev.settings.wan).toBeNull();
    }
  });
});
