import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { connectAsync } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceSecret } from '@netconsole/contract/credentials';
import { busConfig, startHarness, TEST_FACTORY_KEY, type Harness } from '../harness.ts';
import { protocolSuite } from './protocol-suite.ts';
import { FakeDevice, eventually, randomToken } from '../devices.ts';

protocolSuite('device protocol through the embedded broker', {
  start: () => startHarness({ mqtt: busConfig('embedded') }),
  sn: () => `EB${randomToken(10)}`,
  auth: true,
  acl: true,
});

describe('the embedded broker', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ mqtt: busConfig('embedded') });
  });
  afterEach(async () => {
    await h.close();
  });

  it('speaks MQTT over WebSocket at /mqtt on the HTTP port', async () => {
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const d = await FakeDevice.connect({
      url: `${address.replace(/^http/, 'ws')}/mqtt`,
      sn: `WS${randomToken(10)}`,
      factoryKey: TEST_FACTORY_KEY,
      now: () => h.clock.now,
    });
    expect((await d.hello()).session).toBe(d.session);
    await d.end();
  });

  it('refuses a client id that is not the user name, and an SN that is not one', async () => {
    const sn = `EB${randomToken(10)}`;
    const other = `EB${randomToken(10)}`;
    const common = { reconnectPeriod: 0, connectTimeout: 3000, protocolVersion: 4 as const };
    await expect(
      connectAsync(h.mqttUrl!, {
        ...common,
        clientId: other,
        username: sn,
        password: deviceSecret(TEST_FACTORY_KEY, sn),
      }),
    ).rejects.toThrow(/username or password/i);
    await expect(
      connectAsync(h.mqttUrl!, { ...common, clientId: 'lower-case', username: 'lower-case', password: 'x' }),
    ).rejects.toThrow(/username or password/i);
    expect(h.services.gateway.counters.snapshot(other).dropped).toEqual({ auth: 1 });
  });

  it('refuses MQTT 5 with the 3.1.1 CONNACK "unacceptable protocol version" the protocol document gives', async () => {
    const port = Number(new URL(h.mqttUrl!).port);
    const sn = `EB${randomToken(10)}`;
    // CONNECT, protocol level 5, clean start, keep-alive 30 s, no properties, client id = SN.
    const id = Buffer.from(sn);
    const body = Buffer.concat([
      Buffer.from([0x00, 0x04, 0x4d, 0x51, 0x54, 0x54, 0x05, 0x02, 0x00, 0x1e, 0x00]),
      Buffer.from([0x00, id.length]),
      id,
    ]);
    const reply = await new Promise<{ bytes: Buffer; closed: boolean }>((resolve) => {
      const chunks: Buffer[] = [];
      const s = net.connect({ port, host: '127.0.0.1' }, () =>
        s.write(Buffer.concat([Buffer.from([0x10, body.length]), body])),
      );
      s.on('data', (c) => chunks.push(c));
      s.on('close', () => resolve({ bytes: Buffer.concat(chunks), closed: true }));
      s.on('error', () => undefined);
    });
    // CONNACK, remaining length 2, no session, return code 1; then the broker closes the connection.
    expect(reply).toEqual({ bytes: Buffer.from([0x20, 0x02, 0x00, 0x01]), closed: true });
    // What an MQTT 5 client library makes of it (libmosquitto reports it as 132, 0x84).
    await expect(
      connectAsync(h.mqttUrl!, {
        protocolVersion: 5,
        reconnectPeriod: 0,
        connectTimeout: 3000,
        clientId: sn,
        username: sn,
        password: deviceSecret(TEST_FACTORY_KEY, sn),
      }),
    ).rejects.toThrow(/unacceptable protocol version/i);
    // The same device over MQTT 3.1.1 is welcome: the fallback the document tells firmware to make.
    const d = await FakeDevice.connect({ url: h.mqttUrl!, sn, factoryKey: TEST_FACTORY_KEY });
    expect((await d.hello()).session).toBe(d.session);
    await d.end();
    const doc = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../../docs/device-protocol.md'),
      'utf8',
    );
    expect(doc).toContain('`20 02 00 01`');
  });

  it('marks a device offline when its connection ends cleanly without a goodbye', async () => {
    const d = await FakeDevice.connect({
      url: h.mqttUrl!,
      sn: `EB${randomToken(10)}`,
      factoryKey: TEST_FACTORY_KEY,
    });
    await d.hello();
    await d.end();
    await eventually(() => h.services.live.peek(d.sn)?.offlineReason === 'disconnected', 3000, 'offline');
  });

  it('shrugs off bytes that are not MQTT at all', async () => {
    const port = Number(new URL(h.mqttUrl!).port);
    for (const junk of [
      Buffer.from('GET / HTTP/1.1\r\n\r\n'),
      Buffer.from([0x10, 0xff, 0xff, 0xff, 0xff, 0x7f]),
      Buffer.alloc(64, 0x30),
    ]) {
      await new Promise<void>((resolve) => {
        const s = net.connect({ port, host: '127.0.0.1' }, () => s.end(junk));
        s.on('close', () => resolve());
        s.on('error', () => resolve());
        s.resume();
      });
    }
    const d = await FakeDevice.connect({
      url: h.mqttUrl!,
      sn: `EB${randomToken(10)}`,
      factoryKey: TEST_FACTORY_KEY,
    });
    expect((await d.hello()).session).toBe(d.session);
    await d.end();
    expect((await h.app.inject({ url: '/system/version' })).statusCode).toBe(200);
  });
});
