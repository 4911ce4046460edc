/**
 * A stand-in for the console's device gateway, for tests and measurements against a bare broker:
 * a plain MQTT client that answers every `hello` with a `welcome`, checks every message the devices
 * publish with the contract's schemas, keeps them, and sends commands.
 */
import mqtt from 'mqtt';
import type { MqttClient } from 'mqtt';
import { DEFAULT_TELEMETRY, SERVER_SUBSCRIPTION, decodeUp, downTopic } from '@netconsole/contract';
import type { CommandKind, TelemetrySettings, UpKind, UpMessage } from '@netconsole/contract';
import { randomUUID } from 'node:crypto';

export interface Received {
  sn: string;
  kind: UpKind;
  message: UpMessage;
  at: number;
}

export interface StubGatewayOptions {
  url: string;
  /** Only devices whose SN starts with this are answered and recorded. */
  snPrefix?: string;
  telemetry?: Partial<Omit<TelemetrySettings, 'upload'>> & { upload?: Partial<TelemetrySettings['upload']> };
  registered?: boolean;
  /** Keep every valid message (tests); false just counts them (measurements). */
  keep?: boolean;
}

export class StubGateway {
  readonly messages: Received[] = [];
  readonly invalid: { topic: string; reason: string; detail: string }[] = [];
  counts = { messages: 0, welcomes: 0, invalid: 0 };
  private waiters: { test: (m: Received) => boolean; resolve: (m: Received) => void }[] = [];

  private constructor(
    private readonly client: MqttClient,
    private readonly opts: StubGatewayOptions,
  ) {}

  static async connect(opts: StubGatewayOptions): Promise<StubGateway> {
    const client = await mqtt.connectAsync(opts.url, {
      clientId: `stub-gateway-${randomUUID().slice(0, 8)}`,
      clean: true,
      reconnectPeriod: 0,
    });
    const gw = new StubGateway(client, opts);
    client.on('message', (topic, payload) => gw.onMessage(topic, payload));
    await client.subscribeAsync(SERVER_SUBSCRIPTION, { qos: 1 });
    return gw;
  }

  get telemetry(): TelemetrySettings {
    const t = this.opts.telemetry ?? {};
    return {
      ...DEFAULT_TELEMETRY,
      ...t,
      upload: { ...DEFAULT_TELEMETRY.upload, ...t.upload },
    } as TelemetrySettings;
  }

  private onMessage(topic: string, payload: Buffer): void {
    const sn = topic.split('/')[1] ?? '';
    if (this.opts.snPrefix && !sn.startsWith(this.opts.snPrefix)) return;
    this.counts.messages++;
    const decoded = decodeUp(topic, payload);
    if (!decoded.ok) {
      this.counts.invalid++;
      this.invalid.push({
        topic,
        reason: decoded.reason,
        detail: JSON.stringify(decoded.issues?.slice(0, 3) ?? payload.toString().slice(0, 200)),
      });
      return;
    }
    const received: Received = {
      sn: decoded.sn,
      kind: decoded.kind,
      message: decoded.message,
      at: Date.now(),
    };
    if (decoded.kind === 'hello') {
      this.counts.welcomes++;
      const hello = decoded.message as UpMessage<'hello'>;
      void this.client.publishAsync(
        downTopic(decoded.sn, 'welcome'),
        JSON.stringify({
          v: 1,
          ts: Date.now(),
          session: hello.session,
          registered: this.opts.registered ?? true,
          telemetry: this.telemetry,
        }),
        { qos: 1 },
      );
    }
    if (this.opts.keep !== false) this.messages.push(received);
    for (const w of [...this.waiters])
      if (w.test(received)) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(received);
      }
  }

  /** Publishes a command; returns its id. `fields` are the command's own fields. */
  async command(
    sn: string,
    cmd: CommandKind,
    fields: Record<string, unknown> = {},
    opts: { id?: string; expires?: number; v?: number } = {},
  ): Promise<string> {
    const id = opts.id ?? randomUUID();
    const body = {
      v: opts.v ?? 1,
      ts: Date.now(),
      id,
      cmd,
      expires: opts.expires ?? Date.now() + 600_000,
      ...fields,
    };
    await this.client.publishAsync(downTopic(sn, cmd), JSON.stringify(body), { qos: 1 });
    return id;
  }

  /** Publishes anything on a device's down topic (invalid payloads, unknown kinds). */
  async raw(sn: string, kind: string, payload: string): Promise<void> {
    await this.client.publishAsync(`dev/${sn}/down/${kind}`, payload, { qos: 1 });
  }

  /** The next message (from now on, or already kept when `past`) that passes `test`. */
  waitFor(test: (m: Received) => boolean, timeoutMs = 10_000, past = false): Promise<Received> {
    if (past) {
      const found = this.messages.find(test);
      if (found) return Promise.resolve(found);
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        test,
        resolve: (m: Received) => {
          clearTimeout(timer);
          resolve(m);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no matching message within ${timeoutMs} ms`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  /** Reports on `acks` for a command id, in arrival order. */
  reports(id: string): UpMessage<'acks'>[] {
    return this.messages
      .filter((m) => m.kind === 'acks' && (m.message as UpMessage<'acks'>).id === id)
      .map((m) => m.message as UpMessage<'acks'>);
  }

  /** Waits for the terminal report of a command. */
  terminal(id: string, timeoutMs = 15_000): Promise<UpMessage<'acks'>> {
    return this.waitFor(
      (m) =>
        m.kind === 'acks' &&
        (m.message as UpMessage<'acks'>).id === id &&
        ['succeeded', 'failed', 'rejected'].includes((m.message as UpMessage<'acks'>).state),
      timeoutMs,
      true,
    ).then((m) => m.message as UpMessage<'acks'>);
  }

  async close(): Promise<void> {
    await this.client.endAsync();
  }
}
