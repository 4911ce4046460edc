/**
 * A private Mosquitto for `--broker mosquitto`, set up as docs/deployment.md says: a password file
 * (the console's account and every device's derived password), the ACL file of that page, client
 * id = user name.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { deviceSecret } from '@netconsole/contract/credentials';
import { freePort, until } from './server.ts';

const DOC = path.resolve(import.meta.dirname, '../../docs/deployment.md');

/** The fenced block of the deployment page that starts with `# netconsole.acl`. */
function aclFromDocs(): string {
  const blocks = fs.readFileSync(DOC, 'utf8').split('```');
  const acl = blocks.find((b) => b.replace(/^\w*\n/, '').startsWith('# netconsole.acl'));
  if (!acl) throw new Error('docs/deployment.md: no netconsole.acl block');
  return acl.replace(/^\w*\n/, '');
}

export interface Mosquitto {
  pid: number;
  /** For devices (no credentials in it). */
  url: string;
  /** For the console, with its account. */
  consoleUrl: string;
  stop(): Promise<void>;
}

export async function startMosquitto(
  dir: string,
  factoryKey: string,
  sns: readonly string[],
): Promise<Mosquitto> {
  const consolePassword = `console-${Math.random().toString(36).slice(2)}`;
  const passwd = path.join(dir, 'netconsole.passwd');
  const lines = [`console:${consolePassword}`, ...sns.map((sn) => `${sn}:${deviceSecret(factoryKey, sn)}`)];
  fs.writeFileSync(passwd, `${lines.join('\n')}\n`, { mode: 0o600 });
  const hashed = spawnSync('mosquitto_passwd', ['-U', passwd]);
  if (hashed.status !== 0) throw new Error(`mosquitto_passwd: ${hashed.stderr?.toString() ?? hashed.error}`);
  fs.writeFileSync(path.join(dir, 'netconsole.acl'), aclFromDocs());
  const port = await freePort();
  const runAs = process.getuid?.() === 0 ? 'user root\n' : '';
  const conf = `${runAs}listener ${port} 127.0.0.1
allow_anonymous false
password_file ${passwd}
acl_file ${path.join(dir, 'netconsole.acl')}
use_username_as_clientid true
max_packet_size 131072
persistence false
log_dest none
`;
  fs.writeFileSync(path.join(dir, 'mosquitto.conf'), conf);
  const child = spawn('mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const s = net.connect({ port, host: '127.0.0.1' }, () => (s.destroy(), resolve(true)));
      s.on('error', () => resolve(false));
    });
  await until(listening, 10_000, 'mosquitto did not start', () =>
    child.exitCode === null ? null : `mosquitto exited (${child.exitCode})`,
  );
  return {
    pid: child.pid!,
    url: `mqtt://127.0.0.1:${port}`,
    consoleUrl: `mqtt://console:${consolePassword}@127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
