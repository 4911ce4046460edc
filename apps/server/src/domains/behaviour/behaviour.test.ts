/**
 * DNS behaviour through HTTP on both stores: the five calls (watch list add/del/getAll,
 * devicebehavior/getAll, flow/listPartURL) per tenant, the analysis role gate, the privacy settings
 * applied at ingestion and the retention job, the catalogue (subdomains take their parent's entry),
 * the ingest's writes in parts (totals, a failed part, a privacy change between parts).
 * Reports go to the handler the gateway calls (the broker's side: behaviour-broker.test.ts).
 */
import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMAND_KINDS,
  ErrorCode,
  dnsMessage,
  helloMessage,
  type DeviceBehaviourList,
  type DnsCatalogueList,
  type DnsPrivacyMode,
  type DnsPrivacyReply,
  type DnsWatchItem,
  type DnsWatchList,
  type PartUrlList,
} from '@netconsole/contract';
import type { Database, Db } from '../../platform/store/db.ts';
import { seedBehaviourDemo } from './demo.ts';
import { DnsIngest } from './ingest.ts';
import { HOUR_MS } from './period.ts';
import { ADMIN_SCOPE, TEST_STORE, apiCaller, login, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const { call, read, signIn, admin } = apiCaller(() => h);
const get = <T>(token: string, url: string) => read<T>(token, 'GET', url);

const M1 = 'A4C3F0112233';
const M2 = '3C22FB445566';
const M3 = '0A0B0C0D0E0F';
const M4 = '1A2B3C4D5E6F';

let seq = 1;
let sns = 0;
async function device(token: string) {
  const sn = `RT20249${String(++sns).padStart(5, '0')}`;
  const mac = createHash('sha256').update(sn).digest('hex').slice(0, 12).toUpperCase();
  const r = await call(token, 'POST', '/v1/device/add', { SN: sn, MAC: mac, Alias: `dev ${sn}`, Type: 4 });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await h.services.live.hello(
    sn,
    helloMessage.parse({
      v: 1,
      ts: h.clock.now,
      seq: seq++,
      bootId: `BOOT${sn}`,
      session: `S${sn}`,
      type: 4,
      model: 'A1',
      hwVersion: 'HW1.0',
      fwVersion: 'v2.00.002',
      mac,
      ip: '10.1.1.9',
      uptimeS: 5,
      bootReason: 'power_on',
      capabilities: { commands: [...COMMAND_KINDS] },
    }),
    h.clock.now,
  );
  return { sn, id: (r.body as { _id: string })._id };
}

/** A network holding one new device; its id and the device's SN. */
async function site(token: string, Name: string) {
  const dev = await device(token);
  const r = await call(token, 'POST', '/v1/network/createNet', {
    Name,
    Location: { longitude: 116.404, latitude: 39.915, address: 'Dongcheng, Beijing' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = (r.body.list as { _id: string })._id;
  const placed = await call(token, 'PUT', '/v1/device/netlist', {
    Parent: id,
    devices: [dev.id],
    Main: dev.id,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return { id, sn: dev.sn };
}

/** What a device reports, as the gateway hands it over, then written. */
async function report(sn: string, entries: [mac: string, domain: string, times?: number][]) {
  const list = entries.flatMap(([mac, domain, times = 1]) =>
    Array.from({ length: times }, (_, i) => ({ ts: h.clock.now - 1000 + i, mac, domain, qtype: 'a' })),
  );
  const m = dnsMessage.parse({ v: 1, ts: h.clock.now, seq: seq++, entries: list });
  await h.services.dnsIngest.dns(h.services.live.peek(sn), sn, m, h.clock.now);
  await h.services.dnsIngest.flush();
}

const db = () => h.store.db;

/** A report handed to an ingest of the test's own (not written): entries `ago` ms before now. */
function send(
  ingest: DnsIngest,
  sn: string,
  entries: readonly (readonly [mac: string, domain: string, times?: number, ago?: number])[],
) {
  const list = entries.flatMap(([mac, domain, times = 1, ago = 1000]) =>
    Array.from({ length: times }, (_, i) => ({ ts: h.clock.now - ago + i, mac, domain, qtype: 'a' })),
  );
  const m = dnsMessage.parse({ v: 1, ts: h.clock.now, seq: seq++, entries: list });
  return ingest.dns(undefined, sn, m, h.clock.now);
}

/** The store, counting its transactions and calling `afterCommit` after each (where a write waits between parts). */
function counted(afterCommit: () => void = () => undefined) {
  const target = db();
  let commits = 0;
  const store = new Proxy(target, {
    get(t, p): unknown {
      if (p === 'transaction')
        return () => ({
          execute: async <T>(fn: (trx: Transaction<Database>) => Promise<T>) => {
            const r = await t.transaction().execute(fn);
            commits++;
            afterCommit();
            return r;
          },
        });
      const v: unknown = Reflect.get(t, p, t);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(t) : v;
    },
  });
  return { store: store as Db, commits: () => commits };
}

/** A tenant's stored DNS rows, its network's id written `net`, sorted. */
async function stored(tenant: string, network: string) {
  const net = (id: string) => (id === network ? 'net' : id);
  const buckets = async (table: 'dns_domain_hours' | 'dns_domain_days') =>
    (
      await db()
        .selectFrom(table)
        .select(['network_id', 'domain', 'bucket', 'queries', 'clients', 'last_at'])
        .where('tenant_id', '=', tenant)
        .execute()
    )
      .map((r) => [
        net(r.network_id),
        r.domain,
        Number(r.bucket),
        Number(r.queries),
        r.clients,
        Number(r.last_at),
      ])
      .sort();
  const clients = (
    await db()
      .selectFrom('dns_client_hours')
      .select(['network_id', 'mac', 'domain', 'bucket', 'queries', 'last_at'])
      .where('tenant_id', '=', tenant)
      .execute()
  )
    .map((r) => [net(r.network_id), r.mac, r.domain, Number(r.bucket), Number(r.queries), Number(r.last_at)])
    .sort();
  return { hours: await buckets('dns_domain_hours'), days: await buckets('dns_domain_days'), clients };
}

/** A real failure of the store: inserting an hour row of `fail.example` raises. */
const fault = {
  async install() {
    if (TEST_STORE === 'postgres') {
      await sql`create function dns_fault() returns trigger language plpgsql as $$
        begin raise exception 'injected fault'; end $$`.execute(db());
      await sql`create trigger dns_fault before insert on dns_domain_hours for each row
        when (new.domain = 'fail.example') execute function dns_fault()`.execute(db());
    } else {
      await sql`create trigger dns_fault before insert on dns_domain_hours
        when new.domain = 'fail.example' begin select raise(abort, 'injected fault'); end`.execute(db());
    }
  },
  async remove() {
    await sql`drop trigger if exists dns_fault${sql.raw(TEST_STORE === 'postgres' ? ' on dns_domain_hours' : '')}`.execute(
      db(),
    );
    if (TEST_STORE === 'postgres') await sql`drop function if exists dns_fault()`.execute(db());
  },
};

describe('DNS behaviour', () => {
  it('answers the five calls per tenant: top domains and categories, behaviour, the watch list', async () => {
    const a = await signIn('dnsa');
    const b = await signIn('dnsb');
    const north = await site(a.token, 'North');
    const south = await site(a.token, 'South');
    const other = await site(b.token, 'North');
    await report(north.sn, [
      [M1, 'WWW.YouTube.com.', 3],
      [M2, 'youtube.com'],
      [M1, 'example.org'],
    ]);
    await report(south.sn, [[M3, 'www.youtube.com']]);
    await report(other.sn, [[M4, 'youtube.com', 5]]);

    const top = await get<PartUrlList>(a.token, '/v1/flow/listPartURL?Period=today');
    expect(top.Total).toBe(6);
    expect(top.Privacy).toBe('aggregated');
    expect(top.list.map((r) => [r.Key, r.Category, r.Queries, r.Clients])).toEqual([
      ['www.youtube.com', 'video', 4, 2],
      ['example.org', 'other', 1, 1],
      ['youtube.com', 'video', 1, 1],
    ]);
    expect(top.list[0]!.Share).toBeCloseTo(66.67, 2);
    const cats = await get<PartUrlList>(a.token, '/v1/flow/listPartURL?Period=7d&By=category&Top=1');
    expect(cats.list).toEqual([{ Key: 'video', Category: 'video', Queries: 5, Clients: 2, Share: 83.33 }]);
    expect(cats.count).toBe(2);
    const ofNorth = await get<PartUrlList>(a.token, `/v1/flow/listPartURL?Period=today&Network=${north.id}`);
    expect(ofNorth.list.map((r) => [r.Key, r.Queries, r.Clients])).toEqual([
      ['www.youtube.com', 3, 1],
      ['example.org', 1, 1],
      ['youtube.com', 1, 1],
    ]);
    const theirs = await get<PartUrlList>(b.token, '/v1/flow/listPartURL?Period=30d');
    expect(theirs.list.map((r) => [r.Key, r.Queries])).toEqual([['youtube.com', 5]]);
    expect((await call(b.token, 'GET', `/v1/flow/listPartURL?Network=${north.id}`)).body.code).toBe(
      ErrorCode.DnsNetworkNotFound,
    );

    // The watch list: the domain and its subdomains.
    const added = await read<DnsWatchItem>(a.token, 'POST', '/v1/dns/add', {
      Domain: ' YouTube.com ',
      Remark: 'video',
    });
    expect(added).toMatchObject({
      Domain: 'youtube.com',
      Category: 'video',
      Remark: 'video',
      Tenant: a.tenant.id,
    });
    expect((await call(a.token, 'POST', '/v1/dns/add', { Domain: 'youtube.com.' })).body.code).toBe(
      ErrorCode.DnsWatchExists,
    );
    const bad = await call(a.token, 'POST', '/v1/dns/add', { Domain: 'you tube' }, 'zh');
    expect(bad.body).toMatchObject({
      code: ErrorCode.DnsDomainInvalid,
      message: '请输入有效的域名，例如 example.com',
    });
    await read(a.token, 'POST', '/v1/dns/add', { Domain: 'nothing.example' });
    const watched = await get<DnsWatchList>(a.token, '/v1/dns/getAll?Period=today');
    expect(watched.count).toBe(2);
    expect(watched.list.map((w) => [w.Domain, w.Queries, w.Clients, w.ClientsExact, w.Networks])).toEqual([
      ['nothing.example', 0, 0, false, 0],
      ['youtube.com', 5, 2, false, 2],
    ]);
    expect((await get<DnsWatchList>(a.token, `/v1/dns/getAll?Network=${south.id}`)).list[1]).toMatchObject({
      Queries: 1,
      Networks: 1,
    });
    expect((await get<DnsWatchList>(b.token, '/v1/dns/getAll')).count).toBe(0);
    expect((await call(b.token, 'POST', '/v1/dns/del', { _id: added._id })).body.code).toBe(
      ErrorCode.DnsWatchNotFound,
    );

    // Behaviour of the tenant, a category, a search; no per-client rows under `aggregated`.
    const all = await get<DeviceBehaviourList>(a.token, '/v1/devicebehavior/getAll?Period=today');
    expect(all.list.map((r) => [r.Domain, r.Queries, r.Watched])).toEqual([
      ['www.youtube.com', 4, true],
      ['example.org', 1, false],
      ['youtube.com', 1, true],
    ]);
    const video = await get<DeviceBehaviourList>(
      a.token,
      `/v1/devicebehavior/getAll?Category=video&sort=Domain&Network=${north.id}&limit=1`,
    );
    expect(video).toMatchObject({ count: 2, limit: 1, sort: 'Domain' });
    expect(video.list).toEqual([
      expect.objectContaining({
        Domain: 'www.youtube.com',
        Network: north.id,
        NetworkName: 'North',
        MAC: null,
      }),
    ]);
    expect((await get<DeviceBehaviourList>(a.token, '/v1/devicebehavior/getAll?search=exam')).count).toBe(1);
    const client = await get<DeviceBehaviourList>(a.token, `/v1/devicebehavior/getAll?MAC=${M1}`);
    expect(client).toMatchObject({ count: 0, Privacy: 'aggregated' });
    expect((await call(a.token, 'GET', '/v1/devicebehavior/getAll?MAC=nope')).body.code).toBe(
      ErrorCode.DnsMacInvalid,
    );
    expect((await call(a.token, 'GET', '/v1/flow/listPartURL?Period=custom&Start=10&End=5')).body.code).toBe(
      ErrorCode.DnsPeriodInvalid,
    );

    expect(await read(a.token, 'POST', '/v1/dns/del', { Domain: 'YOUTUBE.com' })).toEqual({ count: 1 });
    expect((await get<DnsWatchList>(a.token, '/v1/dns/getAll')).count).toBe(1);
  });

  it('gates every call on the analysis role; a co-administrator with it sees only its tenant', async () => {
    const a = await signIn('gatea');
    await h.services.users.createCoAdministrator(ADMIN_SCOPE, a.tenant.id, {
      username: 'gateano',
      password: 'pass1234',
      name: 'No analysis',
      operation: { Certified: true, Analysis: false, Financial: true },
    });
    const without = (await login(h, 'gateano')).body.Token;
    const sub = (await login(h, 'gateasub')).body.Token;
    const calls: [string, string, object?][] = [
      ['POST', '/v1/dns/add', { Domain: 'example.com' }],
      ['POST', '/v1/dns/del', { Domain: 'example.com' }],
      ['GET', '/v1/dns/getAll'],
      ['GET', '/v1/devicebehavior/getAll'],
      ['GET', '/v1/flow/listPartURL'],
      ['GET', '/v1/dns/privacy'],
      ['GET', '/v1/dns/catalogue'],
    ];
    for (const [method, url, body] of calls) {
      const r = await call(without, method as 'GET', url, body);
      expect([url, r.status, r.body.code]).toEqual([url, 403, ErrorCode.NoAccessRights]);
    }
    const other = await signIn('gateb');
    await read(other.token, 'POST', '/v1/dns/add', { Domain: 'other.example' });
    const item = await read<DnsWatchItem>(sub, 'POST', '/v1/dns/add', { Domain: 'mine.example' });
    expect(item.Tenant).toBe(a.tenant.id);
    expect((await get<DnsWatchList>(sub, '/v1/dns/getAll')).list.map((w) => w.Domain)).toEqual([
      'mine.example',
    ]);
    // A co-administrator reads the privacy setting but does not change it.
    expect((await get<DnsPrivacyReply>(sub, '/v1/dns/privacy')).Privacy).toBe('aggregated');
    expect((await call(sub, 'POST', '/v1/dns/privacy', { Privacy: 'full' })).body.code).toBe(
      ErrorCode.NoAccessRights,
    );
  });

  it('applies the privacy setting at ingestion; the retention job removes per-client rows', async () => {
    const t = await signIn('priv');
    const net = await site(t.token, 'Lab');
    let token = t.token;
    const setPrivacy = (body: object) => call<DnsPrivacyReply>(token, 'POST', '/v1/dns/privacy', body);
    expect((await setPrivacy({ Privacy: 'none' })).body.code).toBe(ErrorCode.DnsPrivacyInvalid);
    expect((await setPrivacy({ Privacy: 'full', RetentionDays: 0 })).body.code).toBe(
      ErrorCode.DnsRetentionInvalid,
    );
    const count = async (table: 'dns_domain_hours' | 'dns_domain_days' | 'dns_client_hours') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .where('tenant_id', '=', t.tenant.id)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    // Off: nothing stored.
    expect((await setPrivacy({ Privacy: 'off' })).body).toMatchObject({ Privacy: 'off', RetentionDays: 30 });
    await report(net.sn, [[M1, 'off.example', 4]]);
    expect([
      await count('dns_domain_hours'),
      await count('dns_domain_days'),
      await count('dns_client_hours'),
    ]).toEqual([0, 0, 0]);

    // Aggregated: counts, no MAC anywhere.
    await setPrivacy({ Privacy: 'aggregated' });
    await report(net.sn, [
      [M1, 'agg.example', 2],
      [M2, 'agg.example'],
    ]);
    expect(await count('dns_client_hours')).toBe(0);
    const stored = await db()
      .selectFrom('dns_domain_hours')
      .selectAll()
      .where('tenant_id', '=', t.tenant.id)
      .execute();
    expect(stored.map((r) => [r.network_id, r.domain, Number(r.queries), r.clients]).sort()).toEqual([
      ['*', 'agg.example', 3, 2],
      [net.id, 'agg.example', 3, 2],
    ]);
    expect(JSON.stringify(stored)).not.toContain(M1);

    // Full: per-client rows, exact distinct clients; kept for the retention, then removed.
    expect((await setPrivacy({ Privacy: 'full', RetentionDays: 1 })).body.Privacy).toBe('full');
    await report(net.sn, [
      [M1, 'www.full.example', 2],
      [M2, 'full.example'],
      [M1, 'full.example'],
    ]);
    expect(await count('dns_client_hours')).toBe(3);
    const mine = await get<DeviceBehaviourList>(t.token, `/v1/devicebehavior/getAll?MAC=${M1.toLowerCase()}`);
    expect(mine.list.map((r) => [r.MAC, r.Domain, r.Queries])).toEqual([
      [M1, 'www.full.example', 2],
      [M1, 'full.example', 1],
    ]);
    const topOfM1 = await get<PartUrlList>(t.token, `/v1/flow/listPartURL?MAC=${M1}&By=category`);
    expect(topOfM1).toMatchObject({ Total: 3, Privacy: 'full' });
    await read(t.token, 'POST', '/v1/dns/add', { Domain: 'full.example' });
    expect((await get<DnsWatchList>(t.token, '/v1/dns/getAll')).list[0]).toMatchObject({
      Queries: 4,
      Clients: 2,
      ClientsExact: true,
    });
    h.clock.advance(20 * 3_600_000);
    await h.services.jobs.runDue();
    expect(await count('dns_client_hours')).toBe(3);
    h.clock.advance(10 * 3_600_000);
    await h.services.jobs.runDue();
    expect(await count('dns_client_hours')).toBe(0);
    expect(await count('dns_domain_hours')).toBeGreaterThan(0);

    // Leaving `full` removes the per-client rows at once (signed in again: the clock moved a day).
    token = (await login(h, 'privown')).body.Token;
    await report(net.sn, [[M1, 'again.example']]);
    expect(await count('dns_client_hours')).toBe(1);
    expect((await setPrivacy({ Privacy: 'aggregated' })).body).toMatchObject({ Privacy: 'aggregated' });
    expect(await count('dns_client_hours')).toBe(0);
  });

  it('categorises names by the catalogue, subdomains by their parent entry; the administrator edits it', async () => {
    const t = await signIn('cat');
    const net = await site(t.token, 'Cat');
    const root = await admin();
    await report(net.sn, [
      [M1, 'r3---sn-abc.googlevideo.com'],
      [M1, 'mail.example.net'],
      [M1, 'example.net'],
      [M1, 'music.163.com'],
      [M1, 'news.163.com'],
    ]);
    const categories = async () =>
      Object.fromEntries(
        (
          await get<DeviceBehaviourList>(t.token, '/v1/devicebehavior/getAll?Period=today&sort=Domain')
        ).list.map((r) => [r.Domain, r.Category]),
      );
    expect(await categories()).toEqual({
      'example.net': 'other',
      'mail.example.net': 'other',
      'music.163.com': 'music',
      'news.163.com': 'search',
      'r3---sn-abc.googlevideo.com': 'video',
    });
    const before = await get<DnsCatalogueList>(t.token, '/v1/dns/catalogue?search=googlevideo');
    expect(before.list).toEqual([{ Domain: 'googlevideo.com', Category: 'video', Source: 'shipped' }]);
    expect(before.Version).toMatch(/^\d{4}\.\d+\.\d+$/);

    const edit = (body: object, token = root) => call(token, 'POST', '/v1/dns/catalogue', body);
    expect((await edit({ Domain: 'example.net', Category: 'news' }, t.token)).body.code).toBe(
      ErrorCode.NoAccessRights,
    );
    expect((await edit({ Domain: 'example.net', Category: 'weather' })).body.code).toBe(
      ErrorCode.DnsCategoryInvalid,
    );
    expect((await edit({ Domain: 'bad domain', Category: 'news' })).body.code).toBe(
      ErrorCode.DnsDomainInvalid,
    );
    expect((await edit({ Domain: 'Example.NET', Category: 'news' })).body).toEqual({
      Domain: 'example.net',
      Category: 'news',
      Source: 'edited',
    });
    expect((await call(root, 'POST', '/v1/dns/catalogue/del', { Domain: 'googlevideo.com' })).body).toEqual({
      count: 1,
    });
    expect((await call(root, 'POST', '/v1/dns/catalogue/del', { Domain: 'nowhere.example' })).body.code).toBe(
      ErrorCode.DnsCatalogueEntryNotFound,
    );
    expect(await categories()).toMatchObject({
      'example.net': 'news',
      'mail.example.net': 'news',
      'r3---sn-abc.googlevideo.com': 'other',
    });
    const after = await get<DnsCatalogueList>(t.token, '/v1/dns/catalogue?Category=news&search=example');
    expect(after.list).toEqual([{ Domain: 'example.net', Category: 'news', Source: 'edited' }]);
    expect(after.Version).toBe(`${before.Version}+2`);
    // Back to the shipped entry.
    await call(root, 'POST', '/v1/dns/catalogue', { Domain: 'googlevideo.com', Category: 'video' });
    expect((await categories())['r3---sn-abc.googlevideo.com']).toBe('video');
  });

  it('writes at its threshold only the counts not yet written, one write at a time', async () => {
    const t = await signIn('thresh');
    const net = await site(t.token, 'Busy');
    // Its own ingest, with a threshold of 10 keys waiting (the server's is 200,000).
    const ingest = new DnsIngest(
      db(),
      () => h.clock.now,
      h.app.log,
      () => 'aggregated',
      10,
    );
    const send = (domains: string[]) =>
      ingest.dns(
        undefined,
        net.sn,
        dnsMessage.parse({
          v: 1,
          ts: h.clock.now,
          seq: seq++,
          entries: domains.map((domain, i) => ({ ts: h.clock.now - 1000 + i, mac: M1, domain, qtype: 'a' })),
        }),
        h.clock.now,
      );
    const domains = Array.from({ length: 8 }, (_, i) => `d${i}.thresh.example`);
    // 8 names in the network and the tenant's `*`: 16 keys, over the threshold: one write.
    await send(domains);
    await ingest.settled();
    // Five reports of one known name each, a while apart: 2 keys waiting, under the threshold,
    // though the hour's 16 buckets stay in memory; the explicit flush writes them once.
    for (let i = 0; i < 5; i++) {
      await send(['d0.thresh.example']);
      await ingest.settled();
    }
    await ingest.flush();
    expect(ingest.figures).toMatchObject({ flushes: 2, rowsWritten: 18, failures: 0 });
    const rows = await db()
      .selectFrom('dns_domain_hours')
      .select(['network_id', 'domain', 'queries'])
      .where('tenant_id', '=', t.tenant.id)
      .where('domain', '=', 'd0.thresh.example')
      .execute();
    expect(rows.map((r) => [r.network_id, Number(r.queries)]).sort()).toEqual([
      ['*', 6],
      [net.id, 6],
    ]);
    // Nothing waits: another flush writes nothing.
    await ingest.flush();
    expect(ingest.figures.flushes).toBe(2);
  });

  it('writes in transactions of a bounded size what one transaction would store', async () => {
    const split = await signIn('split');
    const whole = await signIn('whole');
    const splitNet = await site(split.token, 'Split');
    const wholeNet = await site(whole.token, 'Whole');
    // At most 5 rows a transaction (a bucket counts 2: its hour and day rows); the other the server's.
    const inParts = counted();
    const splitIngest = new DnsIngest(
      inParts.store,
      () => h.clock.now,
      h.app.log,
      () => 'full',
      1e9,
      5,
    );
    const inOne = counted();
    const wholeIngest = new DnsIngest(
      inOne.store,
      () => h.clock.now,
      h.app.log,
      () => 'full',
      1e9,
    );
    // Six names over two hours of one day, so a day row adds up hours written in other transactions.
    const entries = Array.from({ length: 6 }, (_, i) => [
      [M1, `d${i}.split.example`, i + 1] as const,
      [M2, `d${i}.split.example`, 1, HOUR_MS + 1000] as const,
      ...(i % 2 === 0 ? [[M1, `d${i}.split.example`, 2, HOUR_MS + 5000] as const] : []),
    ]).flat();
    await send(splitIngest, splitNet.sn, entries);
    await send(wholeIngest, wholeNet.sn, entries);
    await splitIngest.flush();
    await wholeIngest.flush();

    // 24 hour rows (6 names, 2 hours, the network and `*`), as many day rows at most, 15 client rows.
    expect(inParts.commits()).toBeGreaterThanOrEqual(Math.ceil((24 * 2 + 15) / 5));
    expect(inOne.commits()).toBe(1);
    for (const ingest of [splitIngest, wholeIngest])
      expect(ingest.figures).toMatchObject({ flushes: 1, rowsWritten: 24 + 15, failures: 0 });
    const got = await stored(split.tenant.id, splitNet.id);
    expect(got).toEqual(await stored(whole.tenant.id, wholeNet.id));
    expect([got.hours.length, got.days.length, got.clients.length]).toEqual([24, 12, 15]);
    // d0 in the network that day: 1 + 1 + 2 queries; at most 2 clients within an hour.
    expect(got.days.find((r) => r[0] === 'net' && r[1] === 'd0.split.example')?.slice(3, 5)).toEqual([4, 2]);
  });

  it('keeps only the transactions not written when one fails, stopping there', async () => {
    const t = await signIn('part');
    const net = await site(t.token, 'Part');
    const store = counted();
    // 4 rows a transaction: one name's two buckets (network and `*`); the client rows after them.
    const ingest = new DnsIngest(
      store.store,
      () => h.clock.now,
      h.app.log,
      () => 'full',
      1e9,
      4,
    );
    await fault.install();
    try {
      await send(ingest, net.sn, [
        [M1, 'one.example', 3],
        [M1, 'fail.example', 2],
        [M2, 'three.example'],
        [M2, 'one.example'],
      ]);
      await ingest.flush();
      // The first transaction went in; the second failed; the two after it were not tried.
      expect(store.commits()).toBe(1);
      expect(ingest.figures).toMatchObject({ flushes: 0, rowsWritten: 2, failures: 1 });
      const first = await stored(t.tenant.id, net.id);
      expect(first.hours.map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
        ['*', 'one.example', 4, 2],
        ['net', 'one.example', 4, 2],
      ]);
      expect(first.days.map((r) => [r[0], r[1], r[3], r[4]])).toEqual([
        ['*', 'one.example', 4, 2],
        ['net', 'one.example', 4, 2],
      ]);
      expect(first.clients).toEqual([]);
    } finally {
      await fault.remove();
    }

    // More meanwhile (three.example, whose part was not tried, gets nothing new: it is written
    // only because it was kept); the next write stores what was kept with it, the first part once.
    await send(ingest, net.sn, [
      [M1, 'one.example'],
      [M1, 'fail.example'],
      [M3, 'four.example'],
    ]);
    await ingest.flush();
    expect(ingest.figures).toMatchObject({ flushes: 1, rowsWritten: 2 + 8 + 5, failures: 1 });
    const after = await stored(t.tenant.id, net.id);
    const totals = [
      ['*', 'fail.example', 3, 1],
      ['*', 'four.example', 1, 1],
      ['*', 'one.example', 5, 2],
      ['*', 'three.example', 1, 1],
      ['net', 'fail.example', 3, 1],
      ['net', 'four.example', 1, 1],
      ['net', 'one.example', 5, 2],
      ['net', 'three.example', 1, 1],
    ];
    expect(after.hours.map((r) => [r[0], r[1], r[3], r[4]])).toEqual(totals);
    expect(after.days.map((r) => [r[0], r[1], r[3], r[4]])).toEqual(totals);
    expect(after.clients.map((r) => [r[1], r[2], r[4]])).toEqual([
      [M3, 'four.example', 1],
      [M2, 'one.example', 1],
      [M2, 'three.example', 1],
      [M1, 'fail.example', 3],
      [M1, 'one.example', 4],
    ]);
  });

  it('writes no more than a privacy change made during a write allows', async () => {
    const t = await signIn('midway');
    const net = await site(t.token, 'Midway');
    let mode: DnsPrivacyMode = 'full';
    let next: DnsPrivacyMode | null = null;
    // The setting changes after the write's first transaction, as the service changes it (then forget).
    const store = counted(() => {
      if (!next) return;
      mode = next;
      next = null;
      ingest.forget(t.tenant.id, mode);
    });
    const ingest = new DnsIngest(
      store.store,
      () => h.clock.now,
      h.app.log,
      () => mode,
      1e9,
      4,
    );

    // To `aggregated`: the second name's buckets still go in, the client rows (the last part) not.
    next = 'aggregated';
    await send(ingest, net.sn, [
      [M1, 'a.midway.example'],
      [M2, 'b.midway.example'],
    ]);
    await ingest.flush();
    let got = await stored(t.tenant.id, net.id);
    expect(got.hours.map((r) => [r[0], r[1]])).toEqual([
      ['*', 'a.midway.example'],
      ['*', 'b.midway.example'],
      ['net', 'a.midway.example'],
      ['net', 'b.midway.example'],
    ]);
    expect(got.clients).toEqual([]);
    expect(ingest.figures).toMatchObject({ flushes: 1, rowsWritten: 4, failures: 0 });

    // To `off`: nothing after the first part, and nothing of it kept for later.
    mode = 'full';
    next = 'off';
    await send(ingest, net.sn, [
      [M1, 'c.midway.example'],
      [M1, 'd.midway.example'],
    ]);
    await ingest.flush();
    await ingest.flush();
    got = await stored(t.tenant.id, net.id);
    expect(got.hours.map((r) => r[1])).not.toContain('d.midway.example');
    expect(got.hours.filter((r) => r[1] === 'c.midway.example')).toHaveLength(2);
    expect(got.clients).toEqual([]);
    expect(ingest.figures).toMatchObject({ flushes: 2, rowsWritten: 6, failures: 0 });
  });

  it('seeds the demo tenant with days of counts and a watch list', async () => {
    const t = await signIn('demo');
    const net = await site(t.token, 'Head office');
    await seedBehaviourDemo(db(), t.tenant.id, [net.id], h.clock.now);
    const top = await get<PartUrlList>(t.token, '/v1/flow/listPartURL?Period=7d&By=category');
    expect(top.Total).toBeGreaterThan(1000);
    expect(top.list.map((r) => r.Key)).toContain('video');
    const watched = await get<DnsWatchList>(t.token, '/v1/dns/getAll?Period=7d');
    expect(watched.list.map((w) => [w.Domain, w.Queries > 0])).toEqual([
      ['tiktok.com', true],
      ['youtube.com', true],
    ]);
  });
});
