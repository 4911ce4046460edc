/** The console's HTTP API as the benchmark uses it: an administrator, a tenant, its devices. */
import type { MetricsSnapshot } from '../../apps/server/src/platform/gateway/metrics.ts';

export class Api {
  constructor(
    readonly baseURL: string,
    private token: string | null = null,
  ) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.baseURL}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await res.json()) as T & { code?: number; message?: string };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.code} ${json.message}`);
    return json;
  }

  async login(username: string, password: string): Promise<Api> {
    const r = await this.call<{ Token: string }>('POST', '/v1/user/login', {
      Username: username,
      Password: password,
    });
    return new Api(this.baseURL, r.Token);
  }

  metrics(): Promise<MetricsSnapshot> {
    return this.call<MetricsSnapshot>('GET', '/system/metrics');
  }
}

const YEAR = 365 * 86_400_000;

/** The administrator creates a tenant; its owner signs in. */
export async function tenantOwner(admin: Api, name: string, password: string): Promise<Api> {
  const username = `${name.toLowerCase()}own`;
  await admin.call('POST', '/v1/tenant/add', {
    Username: username,
    Password: password,
    Name: `${name} Networks`,
    Phone: '13900000001',
    Email: `ops@${name.toLowerCase()}.example`,
    Operation: { Certified: true, Analysis: true, Financial: true, AddUser: true },
    ServiceStart: Date.now(),
    ServiceEnd: Date.now() + YEAR,
  });
  return admin.login(username, password);
}

/** The tenant registers every device by SN and MAC, `parallel` requests at a time. */
export async function registerDevices(
  tenant: Api,
  devices: readonly { sn: string; mac: string }[],
  parallel: number,
  progress?: (done: number) => void,
): Promise<void> {
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < devices.length) {
      const d = devices[next++]!;
      await tenant.call('POST', '/v1/device/add', { SN: d.sn, MAC: d.mac });
      if (++done % 1000 === 0) progress?.(done);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}
