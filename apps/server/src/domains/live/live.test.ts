import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  ErrorCode,
  errorText,
  LIVE_CLOSE,
  LIVE_PATH,
  LIVE_PROTOCOL,
  liveDeviceData,
  type LiveDeviceData,
  type LiveMessage,
} from '@netconsole/contract';
import {
  ADMIN_SCOPE,
  apiCaller,
  bearer,
  busConfig,
  deviceBus,
  login,
  startHarness,
  TEST_FACTORY_KEY,
  type Harness,
} from '../../test/harness.ts';
import { FakeDevice, eventually, randomMac, randomToken } from '../../test/devices.ts';

/** Every SN of this file starts so (the shared broker of the PostgreSQL run). */
const PREFIX = `LV${randomToken(4)}`;

let h: Harness;
let base: string;
async function start(mqtt: ReturnType<typeof busConfig>) {
  h = await startHarness({ mqtt });
  base = (await h.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
}
beforeEach(async () => {
  await start(deviceBus(PREFIX));
});
afterEach(async () => {
  await h.close();
});

const { signIn, admin } = apiCaller(() => h);

/** A browser's live socket: every message it got, and how it closed. */
class Client {
  readonly messages: LiveMessage[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.messages.push(JSON.parse(String(data)) as LiveMessage));
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    this.opened = new Promise((resolve, reject) => {
      ws.on('open', () => resolve());
      ws.on('error', reject);
    });
  }

  /** Resolves when the server subscribed the socket (its `ready` message). */
  async ready(): Promise<void> {
    await eventually(() => this.messages.some((m) => m.topic === 'ready'), 5000, 'ready');
  }

  devices(sn?: string): LiveDeviceData[] {
    return this.messages
      .filter((m) => m.topic === 'device')
      .map((m) => liveDeviceData.parse(m.data))
      .filter((d) => sn === undefined || d.SN === sn);
  }

  async device(sn: string, pick: (d: LiveDeviceData) => boolean, what: string): Promise<LiveDeviceData> {
    const found = await eventually(() => this.devices(sn).find(pick), 5000, what);
    return found!;
  }

  close(): void {
    this.ws.close();
  }
}

function open(opts: { token?: string; via?: 'cookie' | 'query' | 'protocol'; path?: string } = {}): Client {
  const { token, via = 'cookie', path = LIVE_PATH } = opts;
  const url = `${base}${path}${token && via === 'query' ? `?token=${token}` : ''}`;
  const protocols = via === 'protocol' && token ? [LIVE_PROTOCOL, `token.${token}`] : [LIVE_PROTOCOL];
  const headers = token && via === 'cookie' ? { cookie: `Token=${token}` } : undefined;
  return new Client(new WebSocket(url, protocols, { headers }));
}

/** A raw WebSocket handshake as a browser sends it: the reply's status line and headers. */
function handshake(protocols: string): Promise<{ head: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let got = '';
    socket.on('error', reject);
    socket.on('data', (c) => {
      got += c.toString('latin1');
      const end = got.indexOf('\r\n\r\n');
      if (end >= 0) {
        socket.destroy();
        resolve({ head: got.slice(0, end + 2) });
      }
    });
    socket.write(
      `GET ${LIVE_PATH} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Origin: http://${hostname}:${port}\r\nSec-WebSocket-Version: 13\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Protocol: ${protocols}\r\n\r\n`,
    );
  });
}

/** A simulated device on the real broker, registered to the tenant of `token`. */
async function device(token: string, prefix: string) {
  const sn = `${PREFIX}${prefix}${randomToken(8)}`;
  const mac = randomMac();
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/device/add',
    headers: bearer(token),
    payload: { SN: sn, MAC: mac, Type: 2 },
  });
  expect(res.statusCode).toBe(200);
  const d = await FakeDevice.connect(
    {
      url: h.mqttUrl!,
      sn,
      factoryKey: TEST_FACTORY_KEY,
      now: () => h.clock.now,
    },
    undefined,
    mac,
  );
  return d;
}

describe('GET /v1/ws: who may listen', () => {
  it('closes a socket without a session with 4010 and a reason', async () => {
    const c = open();
    await c.opened;
    expect(await c.closed).toEqual({ code: LIVE_CLOSE.NotSignedIn, reason: 'Please sign in' });
  });

  it('closes a socket with an unknown token with 4010', async () => {
    const c = open({ token: 'x'.repeat(43) });
    expect((await c.closed).code).toBe(LIVE_CLOSE.NotSignedIn);
  });

  it('admits the Token cookie, ?token= and a token.<token> sub-protocol', async () => {
    const { token } = await signIn('acme');
    for (const via of ['cookie', 'query', 'protocol'] as const) {
      const c = open({ token, via });
      await c.ready();
      expect(c.ws.protocol).toBe(LIVE_PROTOCOL);
      expect(c.messages[0]).toMatchObject({ topic: 'ready', data: { Tenant: expect.any(String) } });
      c.close();
    }
  });

  // docs/api-extensions.tsv: offer `live`, and `token.<token>` beside it when no cookie can be sent.
  it('connects a client offering exactly the documented sub-protocols, in either order', async () => {
    const { token } = await signIn('acme');
    for (const offer of [
      [LIVE_PROTOCOL, `token.${token}`],
      [`token.${token}`, LIVE_PROTOCOL],
      [LIVE_PROTOCOL],
    ]) {
      const headers = offer.length === 1 ? { cookie: `Token=${token}` } : undefined;
      const c = new Client(new WebSocket(`${base}${LIVE_PATH}`, offer, { headers }));
      await c.ready();
      expect(c.ws.protocol).toBe(LIVE_PROTOCOL);
      c.close();
    }
  });

  it('answers a browser-like handshake with the live protocol, never the token one', async () => {
    const { token } = await signIn('acme');
    const res = await handshake(`${LIVE_PROTOCOL}, token.${token}`);
    expect(res.head).toMatch(/^HTTP\/1\.1 101 /);
    expect(res.head).toMatch(/\r\nsec-websocket-protocol: live\r\n/i);
    expect(res.head).not.toContain(token);
  });

  it('refuses an offer without `live` before the upgrade, coded and localized, without echoing the token', async () => {
    const { token } = await signIn('acme');
    for (const lang of ['en', 'zh'] as const) {
      const ws = new WebSocket(`${base}${LIVE_PATH}?language=${lang}`, [`token.${token}`]);
      const refused = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        ws.on('open', () => reject(new Error('opened')));
        ws.on('error', reject);
        ws.on('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString('utf8')));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
      });
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body)).toEqual({
        code: ErrorCode.LiveProtocolRequired,
        message: errorText(ErrorCode.LiveProtocolRequired, lang),
      });
      expect(refused.body).not.toContain(token);
    }
  });

  it('answers a plain GET (no upgrade) with 4000', async () => {
    const res = await h.app.inject({ method: 'GET', url: LIVE_PATH });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ErrorCode.ValidationFailed });
  });

  it('holds at most ten sockets per session; the eleventh is closed with 4029', async () => {
    const { token } = await signIn('acme');
    const held = Array.from({ length: 10 }, () => open({ token }));
    await Promise.all(held.map((c) => c.ready()));
    const extra = open({ token });
    expect((await extra.closed).code).toBe(LIVE_CLOSE.TooManySockets);
    for (const c of held) c.close();
  });
});

describe('GET /v1/ws: the session ending ends the socket', () => {
  it('signing out closes it with 4010', async () => {
    const { token } = await signIn('acme');
    const c = open({ token });
    await c.ready();
    const out = await h.app.inject({ method: 'POST', url: '/v1/user/changeOnline', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await c.closed).code).toBe(LIVE_CLOSE.NotSignedIn);
  });

  it('a sign-in elsewhere closes it with 4011, in the language of the socket', async () => {
    const { token } = await signIn('acme');
    const c = new Client(
      new WebSocket(`${base}${LIVE_PATH}?language=zh`, [LIVE_PROTOCOL], {
        headers: { cookie: `Token=${token}` },
      }),
    );
    await c.ready();
    await login(h, 'acmeown');
    const closed = await c.closed;
    expect(closed.code).toBe(LIVE_CLOSE.LoggedInElsewhere);
    expect(closed.reason).toMatch(/[\u4e00-\u9fff]/);
  });

  it('a blocked tenant closes it with 4012; a timed-out session with 4010', async () => {
    const acme = await signIn('acme');
    const beta = await signIn('beta');
    const blocked = open({ token: acme.token });
    const lapsed = open({ token: beta.token });
    await Promise.all([blocked.ready(), lapsed.ready()]);
    await h.services.users.endTenantSessions(ADMIN_SCOPE, acme.tenant.id);
    await h.services.liveSockets.check();
    expect((await blocked.closed).code).toBe(LIVE_CLOSE.NoAccessRights);
    // The session's timeout passes without a call: the socket is no activity and goes too.
    h.clock.advance(24 * 3_600_000);
    await h.services.liveSockets.check();
    expect((await lapsed.closed).code).toBe(LIVE_CLOSE.NotSignedIn);
  });
});

describe('GET /v1/ws: device messages', () => {
  it('tells a tenant of its device going online and offline; never another tenant; the administrator of both', async () => {
    const acme = await signIn('acme');
    const beta = await signIn('beta');
    const root = await admin();
    const a = open({ token: acme.token });
    const b = open({ token: beta.token });
    const r = open({ token: root });
    await Promise.all([a.ready(), b.ready(), r.ready()]);

    const da = await device(acme.token, 'AA');
    const db = await device(beta.token, 'BB');
    // Registration is news too, to the registering tenant.
    await a.device(da.sn, (d) => d.Event === 'registered' && d.Tenant === acme.tenant.id, 'registered');

    await da.hello();
    await db.hello();
    const online = await a.device(da.sn, (d) => d.Event === 'status' && d.Online, 'A online');
    expect(online).toMatchObject({
      Status: 'Online',
      Tenant: acme.tenant.id,
      IP: '192.168.1.20',
      UpTime: 42,
    });
    await b.device(db.sn, (d) => d.Online, 'B online');
    await r.device(da.sn, (d) => d.Online, 'admin: A online');
    await r.device(db.sn, (d) => d.Online, 'admin: B online');

    // Figures come at the flush, once per device.
    await da.publish('stats', {
      uptimeS: 100,
      txBytes: 1000,
      rxBytes: 2000,
      cpuPct: 12,
      memPct: 34,
      clients: 3,
    });
    const metrics = await a.device(da.sn, (d) => d.Event === 'metrics', 'A metrics');
    expect(metrics).toMatchObject({ CPUUsed: 12, MemoryUsed: 34, UpTime: 100, Online: true });

    // The connection breaks: the broker publishes the will, the device goes offline.
    da.kill();
    const offline = await a.device(da.sn, (d) => d.Event === 'status' && !d.Online, 'A offline');
    expect(offline).toMatchObject({ Status: 'Offline', IP: null, TxRate: 0, UpTime: 0 });
    await r.device(da.sn, (d) => !d.Online, 'admin: A offline');

    expect(b.devices(da.sn)).toEqual([]);
    expect(a.devices(db.sn)).toEqual([]);
    expect(b.devices().every((d) => d.Tenant === beta.tenant.id)).toBe(true);
    expect(a.devices().every((d) => d.Tenant === acme.tenant.id)).toBe(true);
    await db.end();
    for (const c of [a, b, r]) c.close();
  });

  it('tells of an alias change and of the registration removed, to that tenant', async () => {
    const acme = await signIn('acme');
    const beta = await signIn('beta');
    const a = open({ token: acme.token });
    const b = open({ token: beta.token });
    await Promise.all([a.ready(), b.ready()]);
    const d = await device(acme.token, 'AC');
    const alias = await h.app.inject({
      method: 'PUT',
      url: '/v1/device/update',
      headers: bearer(acme.token),
      payload: { SN: d.sn, Alias: 'Lobby AP' },
    });
    expect(alias.statusCode).toBe(200);
    await a.device(d.sn, (m) => m.Event === 'updated' && m.Alias === 'Lobby AP', 'alias');
    const gone = await h.app.inject({
      method: 'PUT',
      url: '/v1/device/unregister',
      headers: bearer(acme.token),
      payload: { SN: d.sn },
    });
    expect(gone.statusCode).toBe(200);
    const removed = await a.device(d.sn, (m) => m.Event === 'unregistered', 'unregistered');
    expect(removed).toMatchObject({ Tenant: null, Registered: false });
    expect(b.devices()).toEqual([]);
    await d.end();
    a.close();
    b.close();
  });
});

describe('GET /mqtt beside /v1/ws', () => {
  it('a live socket is not an MQTT one: /mqtt still answers only MQTT sub-protocols', async () => {
    // /mqtt is the embedded broker's: this test has it whatever the run's broker.
    await h.close();
    await start(busConfig('embedded'));
    const { token } = await signIn('acme');
    const wrong = new Client(
      new WebSocket(`${base}/mqtt`, [LIVE_PROTOCOL], { headers: { cookie: `Token=${token}` } }),
    );
    await expect(wrong.opened).rejects.toThrow();
    const sn = `WS${randomToken(10)}`;
    const d = await FakeDevice.connect({ url: `${base}/mqtt`, sn, factoryKey: TEST_FACTORY_KEY });
    expect((await d.hello()).session).toBe(d.session);
    await d.end();
  });
});
