/**
 * An external broker (Mosquitto, EMQX, …) given by MQTT_URL: the server joins it as one privileged
 * client, subscribes to every device's up topics through a shared subscription (several server nodes
 * then share the ingestion) and publishes down topics. Authentication and ACL of devices are the
 * broker's (docs/deployment.md). Connections are not visible from here: lost devices are known by
 * their last will and by silence.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { connect, type MqttClient } from 'mqtt';
import { redactUrl, serverSubscription, type BusEvents, type DeviceBus } from './bus.ts';
import { within } from '../within.ts';

export interface ExternalBusOptions {
  url: string;
  shareGroup: string;
  log: FastifyBaseLogger;
  /** How long start() waits for the broker before going on (it keeps reconnecting). */
  connectWaitMs?: number;
  /** How long a publish waits for the broker's PUBACK. */
  publishTimeoutMs?: number;
}

export class ExternalBus implements DeviceBus {
  readonly kind = 'external' as const;
  private client: MqttClient | null = null;

  constructor(private readonly opts: ExternalBusOptions) {}

  endpoints(): string[] {
    return [redactUrl(this.opts.url)];
  }

  async start(events: BusEvents): Promise<void> {
    const { url, shareGroup, log } = this.opts;
    const topic = serverSubscription(shareGroup);
    const client = connect(url, {
      clientId: `netconsole-${randomBytes(6).toString('hex')}`,
      clean: true,
      keepalive: 30,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
    });
    this.client = client;
    client.on('message', (t, payload) => events.message(t, payload));
    client.on('error', (err) => log.warn({ err: err.message, broker: redactUrl(url) }, 'mqtt broker error'));
    client.on('offline', () => log.warn({ broker: redactUrl(url) }, 'mqtt broker unreachable; retrying'));
    const subscribe = async () => {
      const granted = await client.subscribeAsync(topic, { qos: 1 });
      if (granted.some((g) => g.qos > 2)) log.error({ topic }, 'the broker refused the server subscription');
    };
    // mqtt.js subscribes again after every reconnection (clean session), once the first one succeeded.
    const connected = client.connected
      ? Promise.resolve()
      : new Promise<void>((resolve) => client.once('connect', () => resolve()));
    try {
      await within(connected, this.opts.connectWaitMs ?? 5000, 'mqtt connect');
      await subscribe();
    } catch (err) {
      log.warn({ err: (err as Error).message, broker: redactUrl(url) }, 'mqtt broker not ready; going on');
      client.once('connect', () => void subscribe().catch(() => undefined));
    }
  }

  async publish(topic: string, payload: string): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('the bus is not started');
    await within(
      client.publishAsync(topic, payload, { qos: 1, retain: false }),
      this.opts.publishTimeoutMs ?? 5000,
      'mqtt publish',
    );
  }

  disconnect(): boolean {
    return false;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (!client) return;
    await within(client.endAsync(false), 2000, 'mqtt close').catch(() => client.endAsync(true));
  }
}
