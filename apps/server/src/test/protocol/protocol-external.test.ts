import net from 'node:net';
import { busConfig, startHarness, TEST_MQTT_URL } from '../harness.ts';
import { protocolSuite } from './protocol-suite.ts';
import { randomToken } from '../devices.ts';

// The machine's own Mosquitto (anonymous, no ACL). Other runs and programs may share it: this run
// keeps to its own SN prefix and shared-subscription group.
async function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = net.connect({ host: u.hostname, port: Number(u.port || 1883) });
    s.setTimeout(1000);
    s.on('connect', () => (s.destroy(), resolve(true)));
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });
}

const prefix = `MX${randomToken(4)}`;
protocolSuite(`device protocol through an external broker at ${TEST_MQTT_URL}`, {
  start: () => startHarness({ mqtt: busConfig('external', { snPrefix: prefix }) }),
  sn: () => `${prefix}${randomToken(8)}`,
  auth: false,
  acl: false,
  why: 'that broker is anonymous and has no ACL; see the Mosquitto run with password and ACL files',
  unavailable: (await reachable(TEST_MQTT_URL)) ? undefined : `no broker at ${TEST_MQTT_URL}`,
});
