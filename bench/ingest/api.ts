/** The console's HTTP API as the benchmark uses it: an administrator, a tenant, its devices. */
import type { MetricsSnapshot } from '../../apps/server/src/platform/gateway/metrics.ts';
import { inParallel } from '../support/parallel.ts';

/** The lists' most rows a page. */
const PAGE = 500;

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

  /**
   * Every row of a list (`path` with its query, without limit and page), page after page until a
   * short one.
   */
  async all<T>(path: string): Promise<T[]> {
    const out: T[] = [];
    const sep = path.includes('?') ? '&' : '?';
    for (let page = 1; ; page++) {
      const r = await this.call<{ list: T[] }>('GET', `${path}${sep}limit=${PAGE}&page=${page}`);
      out.push(...r.list);
      if (r.list.length < PAGE) return out;
    }
  }

  /** The session's token, for what is not a JSON call (a multipart upload, the live socket). */
  get sessionToken(): string {
    if (!this.token) throw new Error('the API is not signed in');
    return this.token;
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
  let done = 0;
  await inParallel(devices.length, parallel, async (i) => {
    const d = devices[i]!;
    await tenant.call('POST', '/v1/device/add', { SN: d.sn, MAC: d.mac });
    if (++done % 1000 === 0) progress?.(done);
  });
}
