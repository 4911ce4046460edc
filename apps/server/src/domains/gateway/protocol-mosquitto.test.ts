import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { deviceSecret } from '@netconsole/contract/credentials';
import { busConfig, startHarness, TEST_FACTORY_KEY } from '../../test/harness.ts';
import { protocolSuite } from './protocol-suite.ts';
import { eventually, randomToken } from './testing.ts';

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

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
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
