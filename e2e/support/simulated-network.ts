import { inject } from 'vitest';
import { createFleet, type Fleet, type NetworkSpec } from '@netconsole/device-sim';
import { baseURL, mqttURL } from './browser.ts';

/** One API call as `token`; throws with the server's reply on a refusal. */
export async function apiCall<T>(
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(reply)}`);
  return reply;
}

export async function apiToken(account: { username: string; password: string }): Promise<string> {
  const reply = await apiCall<{ Token: string }>('POST', '/v1/user/login', null, {
    Username: account.username,
    Password: account.password,
  });
  return reply.Token;
}

export interface SimulatedNetwork {
  fleet: Fleet;
  /** The console's network id. */
  id: string;
  name: string;
  /** The devices' console aliases by their plan name (e.g. `n1-core`). */
  alias: (planName: string) => string;
}

/**
 * The devices' own stages, shortened: a browser test watches each stage pass and the console's
 * outcome, not how long a real device verifies (2 s), writes flash (5 s) or reboots (8 s). The
 * stages and their order are the simulator's defaults; only their lengths change.
 */
const QUICK_DEVICES = { applyS: 0.5, verifyS: 0.5, flashS: 1, rebootS: 2, resetS: 0.5 };

/**
 * A network of the test's own simulated devices on the e2e server: its router (the main device),
 * switches and APs registered to the account behind `token`, put into a new network, then powered
 * on against the server's broker. A unique SN prefix and aliases keep it apart from the demo fleet
 * and from other tests. The caller waits for them online and stops the fleet.
 */
export async function simulatedNetwork(
  token: string,
  spec: NetworkSpec & { name: string },
): Promise<SimulatedNetwork> {
  const prefix = `T${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const fleet = createFleet({
    url: mqttURL(),
    factoryKey: inject('factoryKey'),
    networks: [spec],
    snPrefix: prefix,
    seed: prefix,
    // Quiet devices: no random port flaps or drops, so every change is the test's own.
    behaviour: { eventsPerHour: 0, dropsPerHour: 0 },
    timing: QUICK_DEVICES,
  });
  const alias = (planName: string) => `${prefix.toLowerCase()}-${planName}`;
  const ids: string[] = [];
  let main: string | undefined;
  for (const d of fleet.plan.networks[0]!.devices) {
    const device = await apiCall<{ _id: string }>('POST', '/v1/device/add', token, {
      SN: d.sn,
      MAC: d.mac,
      Alias: alias(d.name),
      Type: d.type,
    });
    ids.push(device._id);
    if (d.type === 4) main = device._id;
  }
  const network = await apiCall<{ list: { _id: string } }>('POST', '/v1/network/createNet', token, {
    Name: spec.name,
    Location: { longitude: 104.066, latitude: 30.572, address: 'Chengdu' },
  });
  await apiCall('PUT', '/v1/device/netlist', token, { Parent: network.list._id, devices: ids, Main: main });
  return { fleet, id: network.list._id, name: spec.name, alias };
}
