/**
 * Clients through the real (embedded) broker: a device publishes its table and events, the console
 * kicks and releases a client, the device answers on `acks` (protocol §7.8).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClientControlReply, ClientInfoReply, ClientItem, CommandItem } from '@netconsole/contract';
import type { LiveMessage } from '../../platform/realtime/hub.ts';
import {
  bearer,
  deviceBus,
  login,
  seedTenant,
  startHarness,
  TEST_FACTORY_KEY,
  type Harness,
} from '../../test/harness.ts';
import { FakeDevice, eventually, randomToken } from '../../test/devices.ts';

const A = 'A4C3F0112233';
const B = '3C22FB445566';

/** Every SN of this file starts so (the shared broker of the PostgreSQL run). */
const PREFIX = `CB${randomToken(4)}`;

let h: Harness;
const devices: FakeDevice[] = [];
beforeEach(async () => {
  h = await startHarness({ mqtt: deviceBus(PREFIX) });
});
afterEach(async () => {
  await Promise.all(devices.splice(0).map((d) => d.end().catch(() => undefined)));
  await h.close();
});

let token = '';
async function tenant() {
  const { tenant: t } = await seedTenant(h, 'acme');
  token = (await login(h, 'acmeown')).body.Token;
  return t;
}

async function connect(commands?: string[]) {
  const d = await FakeDevice.connect({
    url: h.mqttUrl!,
    sn: `${PREFIX}${randomToken(10)}`,
    factoryKey: TEST_FACTORY_KEY,
    now: () => h.clock.now,
    ...(commands ? { commands } : {}),
  });
  devices.push(d);
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/device/add',
    headers: bearer(token),
    payload: { SN: d.sn, MAC: d.mac, Alias: 'lobby' },
  });
  expect(res.statusCode, res.body).toBe(200);
  await d.hello();
  return d;
}

let snapshot = 1;
async function publishTable(d: FakeDevice, macs: string[]) {
  await d.publish(
    'clients',
    {
      snapshot: snapshot++,
      page: 1,
      pages: 1,
      total: macs.length,
      clients: macs.map((mac) => ({
        mac,
        ip: '192.168.1.60',
        link: 1,
        ssid: 'Office',
        band: '5',
        connectedS: 30,
      })),
    },
    0,
  );
}

async function client(mac: string): Promise<ClientItem | undefined> {
  const res = await h.app.inject({ url: `/v1/client/searchInfo?MAC=${mac}`, headers: bearer(token) });
  return res.statusCode === 200 ? (res.json() as ClientInfoReply).Client : undefined;
}
async function online(): Promise<string[]> {
  const res = await h.app.inject({ url: '/v1/client/getAll?Status=online', headers: bearer(token) });
  return (res.json() as { list: ClientItem[] }).list.map((c) => c.MAC).sort();
}
async function control(body: object): Promise<ClientControlReply> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/controller/clientCtrl',
    headers: bearer(token),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ClientControlReply;
}

describe('kick and release through the broker', () => {
  it('kicks a client: the device gets the command, reports success, the client leaves the online list', async () => {
    const t = await tenant();
    const heard: LiveMessage[] = [];
    h.services.hub.subscribe({ tenantId: t.id, admin: false }, (m) => heard.push(m));
    const d = await connect();
    await publishTable(d, [A, B]);
    await eventually(async () => (await online()).length === 2, 3000, 'two clients online');

    const reply = await control({ MAC: 'a4:c3:f0:11:22:33', command: 'kick', blockS: 600 });
    expect(reply).toMatchObject({ MAC: A, SN: d.sn, Command: 'kick_client', Delivery: 'sent' });
    const cmd = await d.next('kick_client');
    expect(cmd).toMatchObject({ id: reply.CommandId, mac: A, blockS: 600, expires: h.clock.now + 300_000 });
    // Still online until the device says it is done.
    expect((await client(A))?.Status).toBe('online');
    await d.ack(cmd.id, 'kick_client', 'succeeded', { result: { wasConnected: true } });
    await eventually(async () => (await client(A))?.Status === 'kicked', 3000, 'kicked');
    expect(await online()).toEqual([B]);
    expect((await client(A))?.LastCommand).toMatchObject({
      CommandId: cmd.id,
      Command: 'kick_client',
      Status: 'succeeded',
    });
    const log = await h.app.inject({ url: `/v1/client/searchInfo?MAC=${A}`, headers: bearer(token) });
    expect((log.json() as ClientInfoReply).list[0]).toMatchObject({ Reason: 'kicked', EndTime: h.clock.now });
    // The device's own event afterwards and its next table change nothing.
    await d.publish('events', {
      events: [{ ts: h.clock.now, type: 'client_disconnected', mac: A, code: 'kicked' }],
    });
    await publishTable(d, [B]);
    await h.services.gateway.idle();
    expect((await client(A))?.Status).toBe('kicked');

    // The browsers heard of the command and of the client.
    const commands = heard.filter((m) => m.topic === 'command').map((m) => (m.data as CommandItem).Status);
    expect(commands).toContain('sent');
    expect(commands).toContain('succeeded');
    expect(heard.some((m) => m.topic === 'client' && (m.data as { event: string }).event === 'kicked')).toBe(
      true,
    );

    // Release: the block is lifted, the client is merely offline.
    const rel = await control({ MAC: A, command: 'release' });
    const rcmd = await d.next('release_client');
    expect(rcmd).toMatchObject({ id: rel.CommandId, mac: A });
    await d.ack(rcmd.id, 'release_client', 'succeeded', { result: { wasBlocked: true } });
    await eventually(async () => (await client(A))?.Status === 'offline', 3000, 'released');
    expect((await client(A))?.LastCommand).toMatchObject({ Command: 'release_client', Status: 'succeeded' });
    // Back on the AP: online again, a second connection.
    await publishTable(d, [A, B]);
    await eventually(async () => (await client(A))?.ConnectCount === 2, 3000, 'back');
  });

  it('keeps a client online when the device rejects the kick, and shows why', async () => {
    await tenant();
    const d = await connect();
    await publishTable(d, [A]);
    await eventually(async () => (await online()).length === 1, 3000, 'online');
    const reply = await control({ MAC: A, command: 'kick' });
    const cmd = await d.next('kick_client');
    expect(cmd.blockS).toBe(3600);
    await d.ack(reply.CommandId, 'kick_client', 'rejected', { code: 'not_applicable' });
    await eventually(async () => (await client(A))?.LastCommand?.Status === 'rejected', 3000, 'rejected');
    expect(await client(A)).toMatchObject({ Status: 'online', LastCommand: { Code: 'not_applicable' } });
  });

  it('holds a kick for an offline device, expires it after 5 minutes; the client is not kicked', async () => {
    await tenant();
    const d = await connect();
    await publishTable(d, [A]);
    await eventually(async () => (await online()).length === 1, 3000, 'online');
    await d.goodbye('shutdown');
    await eventually(() => h.services.live.isConnected(d.sn) === false, 3000, 'offline');
    await h.services.liveClients.sweep(h.clock.now);
    // The tracker writes within a second; reads do not wait for it.
    await eventually(async () => (await client(A))?.Status === 'offline', 3000, 'written offline');
    expect(
      (await h.app.inject({ url: `/v1/client/searchInfo?MAC=${A}`, headers: bearer(token) })).json(),
    ).toMatchObject({
      list: [{ Reason: 'device_offline' }],
    });

    const reply = await control({ MAC: A, command: 'kick', language: 'zh' });
    expect(reply).toMatchObject({ Delivery: 'held', Message: expect.stringMatching(/^设备离线/) });
    expect((await client(A))?.LastCommand).toMatchObject({ Status: 'held' });
    // Asking again answers with the same command.
    expect((await control({ MAC: A, command: 'kick' })).CommandId).toBe(reply.CommandId);

    h.clock.advance(300_001);
    await h.services.gateway.sweep(h.clock.now);
    token = (await login(h, 'acmeown')).body.Token;
    await eventually(async () => (await client(A))?.LastCommand?.Status === 'expired', 3000, 'expired');
    expect((await client(A))?.Status).toBe('offline');
    // Nothing expired reaches the device when it is back.
    const back = await d.reconnect();
    devices.push(back);
    await back.hello();
    await h.services.gateway.idle();
    await expect(back.next('kick_client', () => true, 300)).rejects.toThrow(/no kick_client/);
  });

  it('delivers a held kick when the device is back within the expiry', async () => {
    await tenant();
    const d = await connect();
    await publishTable(d, [A]);
    await eventually(async () => (await online()).length === 1, 3000, 'online');
    d.kill();
    await eventually(() => h.services.live.isConnected(d.sn) === false, 3000, 'offline');
    const reply = await control({ MAC: A, command: 'kick' });
    expect(reply.Delivery).toBe('held');
    const back = await d.reconnect();
    devices.push(back);
    await back.hello();
    const cmd = await back.next('kick_client');
    expect(cmd.id).toBe(reply.CommandId);
    await back.ack(cmd.id, 'kick_client', 'succeeded', { result: { wasConnected: false } });
    await eventually(async () => (await client(A))?.Status === 'kicked', 3000, 'kicked');
  });
});
