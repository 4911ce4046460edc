/**
 * Test support: a device speaking the protocol through a real broker (the `mqtt` client), with the
 * password derived from the factory key, and small waiting helpers.
 */
import { randomBytes } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';
import {
  COMMAND_KINDS,
  PROTOCOL_VERSION,
  decodeDown,
  deviceSubscription,
  upTopic,
  type DownKind,
  type ParsedDownMessage,
  type UpKind,
} from '@netconsole/contract';
import { deviceSecret } from '@netconsole/contract/credentials';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Random upper-case letters and digits (SNs, nonces). */
export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let s = '';
  for (let i = 0; i < length; i++) s += ALNUM[bytes[i]! % ALNUM.length];
  return s;
}

export function randomMac(): string {
  return randomBytes(6).toString('hex').toUpperCase();
}

/** Polls until `probe` returns something other than undefined/false, or fails after `ms`. */
export async function eventually<T>(probe: () => T | Promise<T>, ms = 5000, what = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  let last: T | undefined;
  while (Date.now() < until) {
    last = await probe();
    if (last !== undefined && last !== false && last !== null) return last;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
}

export interface FakeDeviceOptions {
  url: string;
  sn: string;
  factoryKey: string;
  /** Overrides the derived password (refusal tests). */
  password?: string;
  mac?: string;
  type?: 1 | 2 | 3 | 4;
  commands?: string[];
  /** The device's clock (ms); the harness clock keeps device and server in step. */
  now?: () => number;
  /** MQTT 3.1.1 (4, the default) or MQTT 5 (5: with the properties of protocol §2.3). */
  protocolVersion?: 4 | 5;
}

interface Received {
  kind: DownKind;
  message: ParsedDownMessage;
}

export class FakeDevice {
  readonly sn: string;
  readonly mac: string;
  readonly session: string;
  bootId = randomToken(16);
  private seq = 0;
  readonly received: Received[] = [];
  private waiters: (() => void)[] = [];

  private constructor(
    readonly client: MqttClient,
    private readonly opts: FakeDeviceOptions,
    session: string,
  ) {
    this.sn = opts.sn;
    this.mac = opts.mac ?? randomMac();
    this.session = session;
    client.on('message', (topic, payload) => {
      const d = decodeDown(topic, payload);
      if (d.ok) this.received.push({ kind: d.kind, message: d.message });
      for (const w of this.waiters.splice(0)) w();
    });
  }

  private static now(opts: FakeDeviceOptions): number {
    return opts.now?.() ?? Date.now();
  }

  /** CONNECT with the will of protocol §2.3, then SUBSCRIBE `dev/{sn}/down/+` (QoS 1). */
  static async connect(opts: FakeDeviceOptions, bootId?: string, mac?: string): Promise<FakeDevice> {
    const session = randomToken(12);
    const will = { v: PROTOCOL_VERSION, ts: FakeDevice.now(opts), seq: 0, session, reason: 'lost' };
    const client = await connectAsync(opts.url, {
      clientId: opts.sn,
      username: opts.sn,
      password: opts.password ?? deviceSecret(opts.factoryKey, opts.sn),
      clean: true,
      keepalive: 30,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      protocolVersion: opts.protocolVersion ?? 4,
      ...(opts.protocolVersion === 5 ? { properties: { sessionExpiryInterval: 0 } } : {}),
      will: {
        topic: upTopic(opts.sn, 'offline'),
        payload: Buffer.from(JSON.stringify(will)),
        qos: 1,
        retain: false,
        ...(opts.protocolVersion === 5 ? { properties: { willDelayInterval: 0 } } : {}),
      },
    });
    const device = new FakeDevice(client, { ...opts, ...(mac ? { mac } : {}) }, session);
    if (bootId) device.bootId = bootId;
    await client.subscribeAsync(deviceSubscription(opts.sn), { qos: 1 });
    return device;
  }

  /** The same device after a restart or a lost connection: same SN and MAC, new session. */
  async reconnect(opts: { reboot?: boolean } = {}): Promise<FakeDevice> {
    const next = await FakeDevice.connect(this.opts, opts.reboot ? randomToken(16) : this.bootId, this.mac);
    next.seq = opts.reboot ? 0 : this.seq;
    return next;
  }

  /** Publishes a message of a kind with a fresh envelope. */
  async publish(kind: UpKind, body: Record<string, unknown>, qos: 0 | 1 = 1): Promise<number> {
    const seq = ++this.seq;
    const message = { v: PROTOCOL_VERSION, ts: FakeDevice.now(this.opts), seq, ...body };
    await this.client.publishAsync(upTopic(this.sn, kind), JSON.stringify(message), { qos });
    return seq;
  }

  async publishRaw(topic: string, payload: string | Buffer, qos: 0 | 1 = 1): Promise<void> {
    await this.client.publishAsync(topic, payload, { qos });
  }

  helloBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      bootId: this.bootId,
      session: this.session,
      type: this.opts.type ?? 2,
      model: 'A1',
      hwVersion: 'HW1.0',
      fwVersion: 'v2.00.002',
      mac: this.mac,
      ip: '192.168.1.20',
      uptimeS: 42,
      bootReason: 'power_on',
      capabilities: { commands: this.opts.commands ?? [...COMMAND_KINDS] },
      ...extra,
    };
  }

  /** Publishes hello and resolves with the welcome of this session. */
  async hello(extra: Record<string, unknown> = {}): Promise<ParsedDownMessage<'welcome'>> {
    await this.publish('hello', this.helloBody(extra));
    return this.next('welcome', (m) => m.session === this.session);
  }

  /** The first message of a kind (received already, or to come) matching `pick`. */
  async next<K extends DownKind>(
    kind: K,
    pick: (m: ParsedDownMessage<K>) => boolean = () => true,
    ms = 5000,
  ): Promise<ParsedDownMessage<K>> {
    const until = Date.now() + ms;
    for (;;) {
      const hit = this.received.find((r) => r.kind === kind && pick(r.message as ParsedDownMessage<K>));
      if (hit) {
        this.received.splice(this.received.indexOf(hit), 1);
        return hit.message as ParsedDownMessage<K>;
      }
      const left = until - Date.now();
      if (left <= 0) throw new Error(`${this.sn}: no ${kind} within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Answers a command on `acks`. */
  async ack(id: string, cmd: string, state: string, extra: Record<string, unknown> = {}): Promise<void> {
    await this.publish('acks', { id, cmd, state, ...extra });
  }

  /** A planned goodbye: `offline` with a reason, then DISCONNECT (the will is discarded). */
  async goodbye(reason: string): Promise<void> {
    await this.publish('offline', { session: this.session, reason });
    await this.client.endAsync();
  }

  /** The connection breaks without DISCONNECT: the broker publishes the will. */
  kill(): void {
    this.client.stream.destroy();
    this.client.end(true);
  }

  async end(): Promise<void> {
    await this.client.endAsync(true);
  }
}
