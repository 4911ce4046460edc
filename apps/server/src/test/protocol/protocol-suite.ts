/**
 * The protocol's contract tests through a real broker, shared by the embedded broker and external
 * brokers (docs/device-protocol.md): the same devices, the same expectations. A broker that cannot
 * authenticate or confine devices (the machine's anonymous Mosquitto) skips only those checks.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_TELEMETRY,
  PROTOCOL_LIMITS,
  UP_KINDS,
  deviceSubscription,
  upTopic,
  type CommandItem,
  type DeviceItem,
} from '@netconsole/contract';
import { deviceSecret } from '@netconsole/contract/credentials';
import { BUS_REFUSALS } from '../../platform/bus/bus.ts';
import { bearer, login, seedTenant, TEST_FACTORY_KEY, type Harness } from '../harness.ts';
import { UNREGISTERED_TELEMETRY } from '../../domains/device/live.ts';
import type { CounterSnapshot } from '../../platform/gateway/counters.ts';
import { FakeDevice, eventually, type FakeDeviceOptions } from '../devices.ts';

export interface BrokerUnderTest {
  /** A harness whose app uses this broker. */
  start(): Promise<Harness>;
  /** A fresh SN this broker lets connect. */
  sn(): string;
  /** The broker checks device passwords (CONNACK 4 on a wrong one). */
  auth: boolean;
  /** The broker confines each device to its own topics. */
  acl: boolean;
  /** Why the checks a broker cannot make are skipped (shown in the test names). */
  why?: string;
  /** Set when the broker is not there at all: the whole suite is skipped, saying why. */
  unavailable?: string | undefined;
}

const STATS = { uptimeS: 60, rxBytes: 1000, txBytes: 2000, clients: 0 };

function processed(c: CounterSnapshot): number {
  const refusals = new Set<string>(BUS_REFUSALS);
  const dropped = Object.entries(c.dropped)
    .filter(([reason]) => !refusals.has(reason))
    .reduce((n, [, v]) => n + (v ?? 0), 0);
  return c.accepted + dropped;
}

/** A deterministic generator, so a failing fuzz case can be replayed. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function protocolSuite(name: string, broker: BrokerUnderTest): void {
  const title = broker.unavailable ? `${name} (skipped: ${broker.unavailable})` : name;
  describe.skipIf(broker.unavailable !== undefined)(title, () => {
    let h: Harness;
    const devices: FakeDevice[] = [];

    beforeEach(async () => {
      h = await broker.start();
    });
    afterEach(async () => {
      await Promise.all(devices.splice(0).map((d) => d.end().catch(() => undefined)));
      await h.close();
    });

    const options = (sn = broker.sn(), extra: Partial<FakeDeviceOptions> = {}): FakeDeviceOptions => ({
      url: h.mqttUrl!,
      sn,
      factoryKey: TEST_FACTORY_KEY,
      now: () => h.clock.now,
      ...extra,
    });
    const connect = async (o: FakeDeviceOptions = options()) => {
      const d = await FakeDevice.connect(o);
      devices.push(d);
      return d;
    };
    const again = async (d: FakeDevice, reboot = false) => {
      const next = await d.reconnect({ reboot });
      devices.push(next);
      return next;
    };
    const counters = (sn?: string) => h.services.gateway.counters.snapshot(sn);
    const live = (sn: string) => h.services.live.peek(sn);

    async function tenant(prefix: string) {
      await seedTenant(h, prefix);
      return (await login(h, `${prefix}own`)).body.Token;
    }
    async function register(token: string, d: FakeDevice) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/v1/device/add',
        headers: bearer(token),
        payload: { SN: d.sn, MAC: d.mac, Alias: `dev ${d.sn}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as DeviceItem;
    }
    async function control(token: string, sn: string, command: 'reboot' | 'reset', language = 'en') {
      const res = await h.app.inject({
        method: 'POST',
        url: '/v1/controller/deviceContrl',
        headers: bearer(token),
        payload: { SN: sn, command, language },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { list: { CommandId: string; Delivery: string; Message: string }[] }).list[0]!;
    }
    async function issued(token: string, sn: string): Promise<CommandItem[]> {
      const res = await h.app.inject({ url: `/v1/device/deviceIssuedinfo?SN=${sn}`, headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { list: CommandItem[] }).list;
    }
    async function statusOf(token: string, sn: string, id: string) {
      return (await issued(token, sn)).find((c) => c._id === id);
    }
    async function deviceOf(token: string, sn: string): Promise<DeviceItem | undefined> {
      const res = await h.app.inject({ url: `/v1/device/list?search=${sn}`, headers: bearer(token) });
      return (res.json() as { list: DeviceItem[] }).list.find((d) => d.SN === sn);
    }
    async function serving(): Promise<void> {
      const res = await h.app.inject({ url: '/system/version' });
      expect(res.statusCode).toBe(200);
    }

    it('welcomes a device that connects with the derived password; unregistered, it is asked little', async () => {
      const d = await connect();
      const welcome = await d.hello();
      expect(welcome).toMatchObject({ v: 1, session: d.session, registered: false, ts: h.clock.now });
      expect(welcome.telemetry).toEqual(UNREGISTERED_TELEMETRY);
      expect(live(d.sn)).toMatchObject({ online: true, session: d.session, helloMac: d.mac, type: 2 });
      // Recorded unregistered: the administrator's to see, no tenant's.
      await h.services.live.flush();
      const row = await h.store.db
        .selectFrom('devices')
        .selectAll()
        .where('sn', '=', d.sn)
        .executeTakeFirst();
      expect(row).toMatchObject({ tenant_id: null, registered: 0, online: 1, status: 'Online', model: 'A1' });
      const token = await tenant('acme');
      expect(await deviceOf(token, d.sn)).toBeUndefined();
    });

    it.skipIf(!broker.auth)(
      `refuses a wrong password with CONNACK 4${broker.auth ? '' : ` (skipped: ${broker.why})`}`,
      async () => {
        const o = options(broker.sn(), { password: 'x'.repeat(43) });
        await expect(FakeDevice.connect(o)).rejects.toThrow(/username or password|Not authorized/i);
        // The secret of another device is a wrong password too.
        const other = options(broker.sn(), { password: deviceSecret(TEST_FACTORY_KEY, broker.sn()) });
        await expect(FakeDevice.connect(other)).rejects.toThrow(/username or password|Not authorized/i);
        await serving();
      },
    );

    it.skipIf(!broker.acl)(
      `keeps a device to its own topics: another SN's are refused and counted${broker.acl ? '' : ` (skipped: ${broker.why})`}`,
      async () => {
        const victim = await connect();
        await victim.hello();
        const intruder = await connect();
        await intruder.hello();
        const before = counters(victim.sn);
        // Publishing as the victim: acknowledged and dropped by the broker, never reaching the gateway.
        await intruder.publishRaw(
          upTopic(victim.sn, 'offline'),
          JSON.stringify({ v: 1, ts: h.clock.now, seq: 5, session: victim.session, reason: 'shutdown' }),
        );
        await intruder.publishRaw(
          upTopic(victim.sn, 'stats'),
          JSON.stringify({ v: 1, ts: h.clock.now, seq: 6, ...STATS }),
        );
        // Subscribing to the victim's commands: refused (SUBACK 0x80), or at least nothing arrives.
        const overheard: string[] = [];
        intruder.client.on('message', (topic) => overheard.push(topic));
        // (Mosquitto grants a 3.1.1 subscription it will never deliver on; Aedes answers 0x80.)
        await intruder.client
          .subscribeAsync(deviceSubscription(victim.sn), { qos: 1 })
          .catch(() => undefined);
        // The intruder's own topics still work after the refusals.
        await intruder.publish('stats', STATS, 1);
        await eventually(() => counters(intruder.sn).accepted >= 2, 5000, 'intruder stats');
        expect(live(victim.sn)?.online).toBe(true);
        expect(counters(victim.sn)).toEqual(before);
        // Something for the victim goes out; the intruder hears nothing of it.
        await victim.hello();
        await new Promise((r) => setTimeout(r, 100));
        expect(overheard.filter((t) => t.includes(victim.sn))).toEqual([]);
        if (h.services.bus.kind === 'embedded') {
          expect(counters(intruder.sn).dropped).toMatchObject({ acl_publish: 2, acl_subscribe: 1 });
        }
      },
    );

    it('drops malformed, oversized, wrong-version and invalid messages, counting each reason', async () => {
      const d = await connect();
      // Before any hello: a valid report of no session.
      await d.publish('stats', STATS);
      await eventually(() => counters(d.sn).dropped.no_session === 1, 5000, 'no_session');
      // An invalid hello gets no welcome.
      await d.publish('hello', { ...d.helloBody(), mac: '0c:1a:2b:3c:4d:5e' });
      await d.hello();
      expect(d.received.filter((r) => r.kind === 'welcome')).toEqual([]);

      const stats = (extra: Record<string, unknown>) =>
        JSON.stringify({ v: 1, ts: h.clock.now, seq: 9, ...STATS, ...extra });
      await d.publishRaw(upTopic(d.sn, 'stats'), 'not json {');
      await d.publishRaw(upTopic(d.sn, 'stats'), Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
      await d.publishRaw(upTopic(d.sn, 'stats'), stats({ v: 2 }));
      await d.publishRaw(upTopic(d.sn, 'stats'), stats({ uptimeS: -1 }));
      await d.publishRaw(upTopic(d.sn, 'stats'), stats({ pad: 'x'.repeat(PROTOCOL_LIMITS.maxPayloadBytes) }));
      await d.publishRaw(`dev/${d.sn}/up/bogus_kind`, stats({}));
      await d.publishRaw(`dev/${d.sn}/up/stats/extra`, stats({}));
      // A QoS 1 message repeated with its seq is taken once.
      const ack = JSON.stringify({
        v: 1,
        ts: h.clock.now,
        seq: 77,
        id: 'nonexistent1',
        cmd: 'reboot',
        state: 'accepted',
      });
      await d.publishRaw(upTopic(d.sn, 'acks'), ack);
      await d.publishRaw(upTopic(d.sn, 'acks'), ack);

      await eventually(() => counters(d.sn).dropped.duplicate === 1, 5000, 'all drops');
      await h.services.gateway.idle();
      expect(counters(d.sn).dropped).toEqual({
        no_session: 1,
        invalid: 2,
        not_json: 2,
        version: 1,
        too_large: 1,
        unknown_kind: 1,
        topic: 1,
        duplicate: 1,
      });
      await serving();
      // The device carries on.
      await d.publish('stats', STATS, 1);
      await eventually(() => live(d.sn)?.uptimeS === 60, 5000, 'stats after the drops');
    });

    it("shows a device's drops by reason in its own API item, to its own tenant only", async () => {
      const token = await tenant('acme');
      const d = await connect();
      const added = await register(token, d);
      expect(added).toMatchObject({ Drops: {}, DropsSince: expect.any(Number) });
      await d.hello();
      await d.publishRaw(upTopic(d.sn, 'stats'), 'not json {');
      await d.publishRaw(upTopic(d.sn, 'stats'), 'x'.repeat(PROTOCOL_LIMITS.maxPayloadBytes + 1));
      await d.publishRaw(upTopic(d.sn, 'stats'), JSON.stringify({ v: 1, ts: h.clock.now, seq: 7 }));
      const expected: Record<string, number> = { not_json: 1, too_large: 1, invalid: 1 };
      if (broker.acl) {
        // Another device's topic: refused by the broker, and counted against this one where the
        // broker tells the server (the embedded one).
        await d.publishRaw(upTopic(broker.sn(), 'stats'), JSON.stringify({ v: 1, ts: 1, seq: 8, ...STATS }));
        if (h.services.bus.kind === 'embedded') expected.acl_publish = 1;
      }
      await eventually(
        async () =>
          Object.keys((await deviceOf(token, d.sn))?.Drops ?? {}).length === Object.keys(expected).length,
        5000,
        'drops in the device item',
      );
      const item = (await deviceOf(token, d.sn))!;
      expect(item.Drops).toEqual(expected);
      expect(item.DropsSince).toBeLessThanOrEqual(h.clock.now);
      // By _id too, and the administrator sees the same; another tenant does not see the device at all.
      const byId = await h.app.inject({ url: `/v1/device/list?search=${d.sn}`, headers: bearer(token) });
      expect(byId.json()).toMatchObject({ list: [{ SN: d.sn, Drops: expected }] });
      await h.services.users.createAdministrator({ username: 'root', password: 'pass1234', name: 'Root' });
      const admin = (await login(h, 'root')).body.Token;
      const all = await h.app.inject({ url: `/v1/device/getAll?search=${d.sn}`, headers: bearer(admin) });
      expect(all.json()).toMatchObject({ list: [{ SN: d.sn, Drops: expected }] });
      const other = await tenant('other');
      expect(await deviceOf(other, d.sn)).toBeUndefined();
      const all2 = await h.app.inject({ url: `/v1/device/getAll?search=${d.sn}`, headers: bearer(other) });
      expect(all2.json()).toEqual({ list: [], count: 0 });
      // A device without drops has none to show.
      const quiet = await connect();
      await register(token, quiet);
      await quiet.hello();
      expect((await deviceOf(token, quiet.sn))?.Drops).toEqual({});
    });

    it('survives a few hundred random payloads and still answers HTTP and devices', async () => {
      const rand = mulberry32(20261123);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
      const fuzzers = await Promise.all([0, 1, 2, 3].map(() => connect()));
      await Promise.all(fuzzers.map((f) => f.hello()));
      const bases: Record<string, unknown>[] = [
        fuzzers[0]!.helloBody(),
        { ...STATS, cpuPct: 12.5, radios: [{ band: '5', clients: 1, rxBytes: 1, txBytes: 2 }] },
        {
          ipMode: 'dhcp',
          ip: '10.0.0.2',
          mask: '255.255.255.0',
          gateway: '10.0.0.1',
          dns1: null,
          dns2: null,
          config: null,
        },
        { id: 'abc', cmd: 'reboot', state: 'progress', stage: 'rebooting' },
        { events: [{ ts: 1, type: 'system', text: 'hi' }] },
        { session: 'ABCDEFGH12', reason: 'lost' },
      ];
      const junk = (): unknown =>
        pick([
          () => null,
          () => rand() * 1e20,
          () => -1,
          () => 'x'.repeat(Math.floor(rand() * 300)),
          () => [rand(), 'a', null],
          () => ({ nested: { deeper: [1, { x: 'y' }] } }),
          () => true,
          () => '\u0000\u001f',
          () => Number.MAX_SAFE_INTEGER + 2,
        ])();
      const payload = (): string | Buffer => {
        switch (Math.floor(rand() * 9)) {
          case 0:
            return Buffer.from(
              Array.from({ length: Math.floor(rand() * 200) }, () => Math.floor(rand() * 256)),
            );
          case 1:
            return JSON.stringify(junk());
          case 2: {
            const m: Record<string, unknown> = {
              v: 1,
              ts: h.clock.now,
              seq: Math.floor(rand() * 1e6),
              ...pick(bases),
            };
            const keys = Object.keys(m);
            for (let i = 0; i < 3; i++) m[pick(keys)] = junk();
            return JSON.stringify(m);
          }
          case 3:
            return JSON.stringify({ ...pick(bases), v: pick([0, 2, '1', null, 1.5]), ts: 1, seq: 1 });
          case 4:
            return '['.repeat(5000) + ']'.repeat(5000);
          case 5:
            return JSON.stringify({
              v: 1,
              ts: 1,
              seq: 1,
              __proto__: { polluted: true },
              constructor: { prototype: 1 },
            });
          case 6:
            return rand() < 0.3 ? 'x'.repeat(PROTOCOL_LIMITS.maxPayloadBytes + 10) : '{"v":1,"ts":1,"seq":1';
          case 7:
            return JSON.stringify({ v: 1, ts: h.clock.now, seq: 3, ...pick(bases), extraField: junk() });
          default:
            return '';
        }
      };
      const kinds = [...UP_KINDS, 'bogus', 'a_b_c', 'z9'];
      // The fuzzers' own hellos are handled first, so the figures below count only the fuzz.
      await h.services.gateway.idle();
      const before = counters();
      const N = 320;
      for (let i = 0; i < N; i++) {
        const f = fuzzers[i % fuzzers.length]!;
        const topic =
          rand() < 0.9
            ? `dev/${f.sn}/up/${pick(kinds)}`
            : `dev/${f.sn}/up/${pick(kinds)}/${pick(['x', 'y', 'more/levels'])}`;
        await f.publishRaw(topic, payload(), rand() < 0.5 ? 0 : 1);
      }
      await eventually(() => counters().received - before.received >= N, 10_000, 'fuzz received');
      await h.services.gateway.idle();
      const after = counters();
      expect(after.received - before.received).toBe(N);
      expect(processed(after) - processed(before)).toBe(N);
      expect(after.dropped.internal ?? 0).toBe(0);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      await serving();
      const fresh = await connect();
      expect((await fresh.hello()).session).toBe(fresh.session);
    });

    it('drops and counts messages beyond the per-device rate limit', async () => {
      const d = await connect();
      await d.hello();
      // The harness clock stands still: no tokens come back. The hello took one of the 100.
      for (let i = 0; i < 150; i++) await d.publish('stats', { ...STATS, uptimeS: 60 + i }, 1);
      await eventually(() => processed(counters(d.sn)) >= 151, 10_000, 'rate drops');
      expect(counters(d.sn)).toMatchObject({ accepted: 100, dropped: { rate: 51 } });
      // A second later, ten more are welcome.
      h.clock.advance(1000);
      await d.publish('stats', STATS, 1);
      await eventually(() => counters(d.sn).accepted === 101, 5000, 'refilled');
    });

    it('marks a device offline at once on its last will, and online again when it reconnects', async () => {
      const d = await connect();
      await d.hello();
      expect(h.services.live.isConnected(d.sn)).toBe(true);
      d.kill();
      await eventually(() => live(d.sn)?.online === false, 3000, 'offline by will');
      expect(['lost', 'disconnected']).toContain(live(d.sn)?.offlineReason);
      const back = await again(d);
      await back.hello();
      expect(live(back.sn)).toMatchObject({ online: true, session: back.session });
    });

    it('takes a planned goodbye at once and ignores a late will of an older session', async () => {
      const d = await connect();
      await d.hello();
      await d.goodbye('shutdown');
      await eventually(() => live(d.sn)?.offlineReason === 'shutdown', 3000, 'goodbye');
      const back = await again(d);
      await back.hello();
      // The broker's will of the first connection, arriving after the take-over.
      await back.publishRaw(
        upTopic(d.sn, 'offline'),
        JSON.stringify({ v: 1, ts: h.clock.now, seq: 0, session: d.session, reason: 'lost' }),
      );
      await back.publish('stats', STATS);
      await eventually(() => counters(d.sn).accepted >= 5, 3000, 'late will handled');
      expect(live(d.sn)).toMatchObject({ online: true, session: back.session });
    });

    it('marks a silent device offline after max(3 stats intervals, 90 s) and takes it back when it speaks', async () => {
      const token = await tenant('acme');
      const d = await connect();
      await register(token, d);
      await d.hello();
      h.clock.advance(89_000);
      await h.services.gateway.sweep(h.clock.now);
      expect(live(d.sn)?.online).toBe(true);
      h.clock.advance(2000);
      await h.services.gateway.sweep(h.clock.now);
      expect(live(d.sn)).toMatchObject({ online: false, offlineReason: 'silence' });
      expect(await deviceOf(token, d.sn)).toMatchObject({
        Online: false,
        Status: 'Offline',
        IP: null,
        UpTime: 0,
      });
      await d.publish('stats', STATS, 1);
      await eventually(() => live(d.sn)?.online === true, 3000, 'back online');
    });

    it('welcomes a registered device with the full telemetry and shows its reports; a wrong MAC makes it unusable', async () => {
      const token = await tenant('acme');
      const d = await connect();
      await register(token, d);
      const welcome = await d.hello();
      expect(welcome).toMatchObject({ registered: true, telemetry: DEFAULT_TELEMETRY });
      await d.publish('state', {
        ipMode: 'dhcp',
        ip: '192.168.1.20',
        mask: '255.255.255.0',
        gateway: '192.168.1.1',
        dns1: '192.168.1.1',
        dns2: null,
        config: null,
      });
      await d.publish('stats', STATS, 1);
      h.clock.advance(10_000);
      await d.publish('stats', { ...STATS, uptimeS: 70, txBytes: 12_000, rxBytes: 6000 }, 1);
      await eventually(() => live(d.sn)?.uptimeS === 70, 3000, 'second stats');
      expect(await deviceOf(token, d.sn)).toMatchObject({
        Online: true,
        Status: 'Online',
        Registered: true,
        Trusted: true,
        Type: 2,
        Model: 'A1',
        IP: '192.168.1.20',
        NetMask: '255.255.255.0',
        GateWay: '192.168.1.1',
        DNS1: '192.168.1.1',
        DNS2: null,
        UpTime: 70,
        TxRate: 1000,
        RxRate: 500,
      });

      // Another device registered with a MAC that is not the one it reports.
      const liar = await connect(options(broker.sn(), { mac: '0C1A2B3C4D5E' }));
      const res = await h.app.inject({
        method: 'POST',
        url: '/v1/device/add',
        headers: bearer(token),
        payload: { SN: liar.sn, MAC: '0C1A2B3C4D5F' },
      });
      expect(res.statusCode).toBe(200);
      expect((await liar.hello()).registered).toBe(false);
      expect(await deviceOf(token, liar.sn)).toMatchObject({
        Status: 'Useless',
        Trusted: false,
        Online: true,
      });
    });

    it('sends a connected device an unprompted welcome of the same session when it is registered or removed', async () => {
      const token = await tenant('acme');
      const d = await connect();
      expect(await d.hello()).toMatchObject({ registered: false, telemetry: UNREGISTERED_TELEMETRY });
      const added = await register(token, d);
      // Protocol §5.3: no hello asked for it; same session, the registered settings.
      expect(await d.next('welcome')).toMatchObject({
        session: d.session,
        registered: true,
        telemetry: DEFAULT_TELEMETRY,
      });
      const res = await h.app.inject({
        method: 'PUT',
        url: '/v1/device/unregister',
        headers: bearer(token),
        payload: { _id: added._id },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await d.next('welcome')).toMatchObject({
        session: d.session,
        registered: false,
        telemetry: UNREGISTERED_TELEMETRY,
      });
    });

    it('reboots a device: sent, accepted, progress, offline, reconnected, re-sent, succeeded', async () => {
      const token = await tenant('acme');
      const d = await connect();
      await register(token, d);
      await d.hello();
      const reply = await control(token, d.sn, 'reboot');
      expect(reply.Delivery).toBe('sent');
      const cmd = await d.next('reboot');
      expect(cmd).toMatchObject({ id: reply.CommandId, cmd: 'reboot', expires: h.clock.now + 3600_000 });
      await d.ack(cmd.id, 'reboot', 'accepted');
      await eventually(
        async () => (await statusOf(token, d.sn, cmd.id))?.Status === 'accepted',
        3000,
        'accepted',
      );
      await d.ack(cmd.id, 'reboot', 'progress', { stage: 'rebooting' });
      await d.goodbye('reboot');
      await eventually(() => live(d.sn)?.offlineReason === 'reboot', 3000, 'offline for the reboot');
      expect(await statusOf(token, d.sn, cmd.id)).toMatchObject({ Status: 'progress', Stage: 'rebooting' });

      const booted = await again(d, true);
      await booted.hello({ bootReason: 'reboot_command', uptimeS: 5 });
      // Not ended yet: sent again after the welcome; the device answers with its outcome.
      const resent = await booted.next('reboot');
      expect(resent.id).toBe(cmd.id);
      await booted.ack(cmd.id, 'reboot', 'succeeded');
      await eventually(
        async () => (await statusOf(token, d.sn, cmd.id))?.Status === 'succeeded',
        3000,
        'succeeded',
      );
      expect(await statusOf(token, d.sn, cmd.id)).toMatchObject({ SendCount: 2, FinishTime: h.clock.now });
      // A repeated terminal report changes nothing.
      await booted.ack(cmd.id, 'reboot', 'failed', { code: 'interrupted' });
      await h.services.gateway.idle();
      await new Promise((r) => setTimeout(r, 100));
      expect((await statusOf(token, d.sn, cmd.id))?.Status).toBe('succeeded');
    });

    it('resets a device: resetting, rebooting, then succeeded after it comes back', async () => {
      const token = await tenant('acme');
      const d = await connect();
      await register(token, d);
      await d.hello();
      const reply = await control(token, d.sn, 'reset');
      const cmd = await d.next('reset');
      expect(cmd.id).toBe(reply.CommandId);
      expect(cmd.expires).toBe(h.clock.now + 86_400_000);
      await d.ack(cmd.id, 'reset', 'accepted');
      await d.ack(cmd.id, 'reset', 'progress', { stage: 'resetting' });
      await d.ack(cmd.id, 'reset', 'progress', { stage: 'rebooting' });
      await d.goodbye('reset');
      await eventually(
        async () => (await statusOf(token, d.sn, cmd.id))?.Stage === 'rebooting',
        3000,
        'rebooting',
      );
      const booted = await again(d, true);
      await booted.hello({ bootReason: 'reset_command' });
      await booted.ack(cmd.id, 'reset', 'succeeded');
      await eventually(
        async () => (await statusOf(token, d.sn, cmd.id))?.Status === 'succeeded',
        3000,
        'reset done',
      );
    });

    it('holds a command for an offline device and delivers it after its next welcome', async () => {
      const token = await tenant('acme');
      const d = await connect();
      await register(token, d);
      await d.end();
      const reply = await control(token, d.sn, 'reboot');
      expect(reply).toMatchObject({ Delivery: 'held', Message: expect.stringMatching(/^Device offline/) });
      expect((await control(token, d.sn, 'reboot', 'zh')).Message).toMatch(/^设备离线/);
      expect(await statusOf(token, d.sn, reply.CommandId)).toMatchObject({ Status: 'held', SendCount: 0 });
      const back = await again(d);
      await back.hello();
      const cmd = await back.next('reboot');
      expect(cmd.id).toBe(reply.CommandId);
      await eventually(async () => (await statusOf(token, d.sn, cmd.id))?.Status === 'sent', 3000, 'sent');
      await back.ack(cmd.id, 'reboot', 'rejected', { code: 'busy', detail: 'upgrading' });
      await eventually(
        async () => (await statusOf(token, d.sn, cmd.id))?.Status === 'rejected',
        3000,
        'rejected',
      );
      expect(await statusOf(token, d.sn, cmd.id)).toMatchObject({ Code: 'busy', Detail: 'upgrading' });
    });

    it('expires a held command, times out a stalled one, and fails a kind the device lacks', async () => {
      let token = await tenant('acme');
      const d = await connect(options(broker.sn(), { commands: ['reboot'] }));
      await register(token, d);
      await d.hello();
      const unsupported = await control(token, d.sn, 'reset');
      expect(unsupported.Delivery).toBe('failed');
      expect(await statusOf(token, d.sn, unsupported.CommandId)).toMatchObject({
        Status: 'failed',
        Code: 'unsupported_command',
      });

      const stalled = await control(token, d.sn, 'reboot');
      await d.ack((await d.next('reboot')).id, 'reboot', 'accepted');
      await eventually(
        async () => (await statusOf(token, d.sn, stalled.CommandId))?.Status === 'accepted',
        3000,
        'accepted',
      );
      await d.goodbye('shutdown');
      await eventually(() => live(d.sn)?.online === false, 3000, 'offline');
      h.clock.advance(1_800_001);
      await h.services.gateway.sweep(h.clock.now);
      // The session timed out meanwhile: sign in again.
      token = (await login(h, 'acmeown')).body.Token;
      expect((await statusOf(token, d.sn, stalled.CommandId))?.Status).toBe('timed_out');

      const held = await control(token, d.sn, 'reboot');
      expect(held.Delivery).toBe('held');
      h.clock.advance(3_600_001);
      await h.services.gateway.sweep(h.clock.now);
      token = (await login(h, 'acmeown')).body.Token;
      expect((await statusOf(token, d.sn, held.CommandId))?.Status).toBe('expired');
      // Nothing expired is sent when the device comes back.
      const back = await again(d);
      await back.hello();
      await h.services.gateway.idle();
      await expect(back.next('reboot', () => true, 300)).rejects.toThrow(/no reboot/);
    });
  });
}
