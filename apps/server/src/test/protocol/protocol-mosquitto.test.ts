import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deviceSubscription, downTopic, upTopic } from '@netconsole/contract';
import { deviceSecret } from '@netconsole/contract/credentials';
import { busConfig, freePort, startHarness, TEST_FACTORY_KEY, type Harness } from '../harness.ts';
import { protocolSuite } from './protocol-suite.ts';
import { FakeDevice, eventually, randomToken } from '../devices.ts';

// A private Mosquitto configured as docs/deployment.md says (password file, ACL file read from that
// page, client id = user name): the protocol suite with authentication and ACL checks on.
const DOC = path.resolve(import.meta.dirname, '../../../../../docs/deployment.md');

function installed(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
}

/** The fenced block of the deployment page that starts with `# netconsole.acl`. */
function aclFromDocs(): string {
  const blocks = fs.readFileSync(DOC, 'utf8').split('```');
  const acl = blocks.find((b) => b.replace(/^\w*\n/, '').startsWith('# netconsole.acl'));
  if (!acl) throw new Error('docs/deployment.md: no netconsole.acl block');
  return acl.replace(/^\w*\n/, '');
}

const missing = ['mosquitto', 'mosquitto_passwd'].filter((c) => !installed(c));
const prefix = `MQ${randomToken(4)}`;
const pool = Array.from({ length: 60 }, () => `${prefix}${randomToken(8)}`);
let url = '';
let dir = '';
let child: ChildProcess | null = null;

beforeAll(async () => {
  if (missing.length > 0) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'netconsole-mosquitto-'));
  const consolePassword = randomToken(24);
  const passwd = path.join(dir, 'netconsole.passwd');
  const lines = [
    `console:${consolePassword}`,
    ...pool.map((sn) => `${sn}:${deviceSecret(TEST_FACTORY_KEY, sn)}`),
  ];
  fs.writeFileSync(passwd, `${lines.join('\n')}\n`, { mode: 0o600 });
  const hashed = spawnSync('mosquitto_passwd', ['-U', passwd]);
  if (hashed.status !== 0) throw new Error(`mosquitto_passwd: ${hashed.stderr.toString()}`);
  fs.writeFileSync(path.join(dir, 'netconsole.acl'), aclFromDocs());
  const port = await freePort();
  const conf = [
    // Run as root, Mosquitto would switch to its own user, which cannot read this directory.
    ...(process.getuid?.() === 0 ? ['user root'] : []),
    `listener ${port} 127.0.0.1`,
    'allow_anonymous false',
    `password_file ${passwd}`,
    `acl_file ${path.join(dir, 'netconsole.acl')}`,
    'use_username_as_clientid true',
    'max_packet_size 131072',
    'persistence false',
    'log_dest none',
  ];
  fs.writeFileSync(path.join(dir, 'mosquitto.conf'), `${conf.join('\n')}\n`);
  child = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  await eventually(
    () =>
      new Promise<boolean>((resolve) => {
        const s = net.connect({ port, host: '127.0.0.1' }, () => (s.destroy(), resolve(true)));
        s.on('error', () => resolve(false));
      }),
    5000,
    'mosquitto listening',
  );
  url = `mqtt://console:${consolePassword}@127.0.0.1:${port}`;
});

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

protocolSuite('device protocol through Mosquitto with the password and ACL files of docs/deployment.md', {
  start: () => startHarness({ mqtt: busConfig('external', { url, snPrefix: prefix }) }),
  sn: () => {
    const sn = pool.shift();
    if (!sn) throw new Error('the password file holds no more SNs: make the pool bigger');
    return sn;
  },
  auth: true,
  acl: true,
  unavailable: missing.length > 0 ? `${missing.join(' and ')} not installed` : undefined,
});

// Protocol §2.1: MQTT 5 is offered where the broker speaks it — Mosquitto 2 here, configured as the
// deployment page says. (The embedded broker refuses it: gateway.test.ts.)
describe.skipIf(missing.length > 0)('an MQTT 5 device through that Mosquitto', () => {
  let h: Harness;
  const devices: FakeDevice[] = [];
  beforeEach(async () => {
    h = await startHarness({ mqtt: busConfig('external', { url, snPrefix: prefix }) });
  });
  afterEach(async () => {
    await Promise.all(devices.splice(0).map((d) => d.end().catch(() => undefined)));
    await h.close();
  });
  const connect = async (sn = pool.shift()!) => {
    const d = await FakeDevice.connect({
      url: h.mqttUrl!,
      sn,
      factoryKey: TEST_FACTORY_KEY,
      now: () => h.clock.now,
      protocolVersion: 5,
    });
    devices.push(d);
    return d;
  };

  it('connects, is welcomed and handled; a forbidden publish gets PUBACK 0x87, a bad password CONNACK 0x87', async () => {
    const d = await connect();
    expect(d.client.options.protocolVersion).toBe(5);
    const welcome = await d.hello();
    expect(welcome).toMatchObject({ session: d.session, registered: false });
    await d.publish('stats', { uptimeS: 60, rxBytes: 1, txBytes: 2, clients: 0 }, 1);
    await eventually(() => h.services.live.peek(d.sn)?.uptimeS === 60, 5000, 'stats handled');

    // Another device's topic: refused with reason 0x87 (not authorised), and nothing reaches the server.
    const victim = pool.shift()!;
    const before = h.services.gateway.counters.snapshot(victim);
    const refused = await d
      .publishRaw(upTopic(victim, 'stats'), '{}', 1)
      .then(() => null)
      .catch((err: { code?: number }) => err);
    expect(refused?.code).toBe(0x87);
    // A subscription elsewhere: Mosquitto 2.0 grants it (QoS 1) and never delivers on it.
    const granted = await d.client.subscribeAsync(deviceSubscription(victim), { qos: 1 });
    expect(granted[0]?.qos).toBe(1);
    const heard: string[] = [];
    d.client.on('message', (topic) => heard.push(topic));
    // In order from one publisher: once the device's own message arrived, the victim's would have.
    await h.services.bus.publish(downTopic(victim, 'reboot'), '{}');
    await h.services.bus.publish(downTopic(d.sn, 'reboot'), '{}');
    await eventually(() => heard.includes(downTopic(d.sn, 'reboot')), 5000, 'own down message');
    expect(heard).not.toContain(downTopic(victim, 'reboot'));
    // The device carries on, and the refused publish never reached the gateway.
    await d.publish('stats', { uptimeS: 70, rxBytes: 1, txBytes: 2, clients: 0 }, 1);
    await eventually(() => h.services.live.peek(d.sn)?.uptimeS === 70, 5000, 'stats after the refusal');
    expect(h.services.gateway.counters.snapshot(victim)).toEqual(before);

    // A wrong password: Mosquitto 2.0 answers CONNACK 0x87 (not authorised), not 0x86 (§2.4 lists both).
    const wrong = FakeDevice.connect({
      url: h.mqttUrl!,
      sn: pool.shift()!,
      factoryKey: TEST_FACTORY_KEY,
      password: 'x'.repeat(43),
      protocolVersion: 5,
    });
    await expect(wrong).rejects.toMatchObject({ code: 0x87 });
  });
});
