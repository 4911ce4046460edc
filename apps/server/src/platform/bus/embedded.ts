/**
 * The embedded broker (Aedes, MQTT 3.1.1): MQTT over TCP on MQTT_PORT and over WebSocket at `/mqtt`
 * on the HTTP port. It authenticates devices by the protocol's password derivation and confines each
 * to its own topics. The server's own subscription and publishes are in-process calls on the broker,
 * with no network connection, credentials or ACL.
 */
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import net, { type AddressInfo } from 'node:net';
import type { Duplex, DuplexOptions } from 'node:stream';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import { PROTOCOL_LIMITS, SN_RE } from '@netconsole/contract';
import { verifyDeviceSecret } from '@netconsole/contract/credentials';
import { mayPublish, maySubscribe } from './acl.ts';
import { UP_FILTER, type BusEvents, type DeviceBus } from './bus.ts';

// `ws` ships no type declarations (and @types/ws is not installed): type the one function used, and
// take it from the copy @fastify/websocket itself runs on.
const requireFromPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/websocket'));
const { createWebSocketStream } = requireFromPlugin('ws') as {
  createWebSocketStream(socket: unknown, options?: DuplexOptions): Duplex;
};

/**
 * Where a refused publish goes. MQTT 3.1.1 lets a broker either acknowledge and drop a publish it does
 * not authorise (Mosquitto's way, and the protocol document's) or close the connection (Aedes's only
 * way with an error): the packet is re-addressed to a `$` topic no client may subscribe to.
 */
const DROPPED_TOPIC = '$dropped/acl';

export interface EmbeddedBusOptions {
  factoryKey: string;
  /** null: no TCP listener (WebSocket only); 0: any free port. */
  port: number | null;
  host: string;
  log: FastifyBaseLogger;
}

export class EmbeddedBus implements DeviceBus {
  readonly kind = 'embedded' as const;
  private broker: Aedes | null = null;
  private tcp: net.Server | null = null;
  private boundPort: number | null = null;
  /** The live connection of each device, to tell a take-over's old connection from the current one. */
  private readonly connections = new Map<string, Client>();

  constructor(private readonly opts: EmbeddedBusOptions) {}

  /** The TCP port actually listened on (after start), or null without a listener. */
  get port(): number | null {
    return this.boundPort;
  }

  endpoints(httpBase: string): string[] {
    const host = new URL(httpBase).hostname;
    const list = this.boundPort === null ? [] : [`mqtt://${host}:${this.boundPort}`];
    return [...list, `${httpBase.replace(/^http/, 'ws')}/mqtt`];
  }

  async start(events: BusEvents): Promise<void> {
    const { factoryKey, log } = this.opts;
    const broker = await Aedes.createBroker({
      // Unlimited: with a limit, Aedes's emitter queues the excess and drains the queue recursively
      // when subscribers answer at once (ours does), which overflows the stack when 10 000 wills and
      // hellos arrive together (a reconnect storm). Delivery is asynchronous either way.
      concurrency: 0,
      authenticate: (client, username, password, done) => {
        const sn = client.id;
        if (SN_RE.test(sn) && username === sn && password && verifyDeviceSecret(factoryKey, sn, password)) {
          return done(null, true);
        }
        events.refused(SN_RE.test(sn) ? sn : null, 'auth');
        // CONNACK 4: bad user name or password (protocol §2.4).
        const err = Object.assign(new Error('bad user name or password'), { returnCode: 4 });
        done(err as AuthenticateError, false);
      },
      authorizePublish: (client, packet, done) => {
        // No client: the broker publishing the will of a connection it no longer has.
        if (!client) return done(null);
        if (Buffer.byteLength(packet.payload) > PROTOCOL_LIMITS.maxPacketBytes) {
          events.refused(client.id, 'too_large_packet');
          return done(new Error('packet too large')); // closes the connection (protocol §8)
        }
        if (!mayPublish(client.id, packet.topic)) {
          events.refused(client.id, 'acl_publish');
          packet.topic = DROPPED_TOPIC;
        }
        // Nothing in the protocol is retained.
        packet.retain = false;
        done(null);
      },
      authorizeSubscribe: (client, sub, done) => {
        if (maySubscribe(client.id, sub.topic)) return done(null, sub);
        events.refused(client.id, 'acl_subscribe');
        done(null, null); // SUBACK 0x80
      },
    });
    broker.on('clientReady', (client) => {
      this.connections.set(client.id, client);
      const conn = client.conn as Partial<net.Socket>;
      events.connected(client.id, client.req?.socket.remoteAddress ?? conn.remoteAddress ?? null);
    });
    broker.on('clientDisconnect', (client) => {
      if (this.connections.get(client.id) !== client) return;
      this.connections.delete(client.id);
      events.disconnected(client.id);
    });
    broker.on('clientError', (client, err) =>
      log.debug({ sn: client.id, err: err.message }, 'mqtt client error'),
    );
    broker.on('connectionError', (client, err) =>
      log.debug({ sn: client.id, err: err.message }, 'mqtt connection refused'),
    );
    // Not in Aedes's typed events, but emitted (e.g. by its will sweeper): never let it go unheard.
    broker.addListener('error', (err: Error) => log.warn({ err }, 'mqtt broker error'));
    await new Promise<void>((resolve) =>
      broker.subscribe(
        UP_FILTER,
        (packet, done) => {
          events.message(
            packet.topic,
            Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
          );
          done();
        },
        resolve,
      ),
    );
    this.broker = broker;

    if (this.opts.port !== null) {
      const tcp = net.createServer((socket) => broker.handle(socket));
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', (err: NodeJS.ErrnoException) =>
          reject(
            err.code === 'EADDRINUSE'
              ? new Error(
                  `MQTT_PORT ${this.opts.port} is in use: choose another port, or 0 for no MQTT/TCP listener`,
                )
              : err,
          ),
        );
        tcp.listen({ port: this.opts.port!, host: this.opts.host }, () => {
          tcp.removeAllListeners('error');
          resolve();
        });
      });
      tcp.on('error', (err) => log.error({ err }, 'mqtt listener error'));
      this.tcp = tcp;
      this.boundPort = (tcp.address() as AddressInfo).port;
    }
  }

  /** A WebSocket upgraded on `/mqtt` (sub-protocol `mqtt`, binary frames) becomes an MQTT connection. */
  handleWebSocket(socket: { close(): void }, req: IncomingMessage): void {
    if (!this.broker || this.broker.closed) {
      socket.close();
      return;
    }
    this.broker.handle(createWebSocketStream(socket), req);
  }

  publish(topic: string, payload: string): Promise<void> {
    const broker = this.broker;
    if (!broker || broker.closed) return Promise.reject(new Error('the broker is closed'));
    const packet: PublishPacket = {
      cmd: 'publish',
      topic,
      payload: Buffer.from(payload, 'utf8'),
      qos: 1,
      retain: false,
      dup: false,
    };
    return new Promise((resolve, reject) => broker.publish(packet, (err) => (err ? reject(err) : resolve())));
  }

  disconnect(sn: string): boolean {
    const client = this.connections.get(sn);
    if (!client) return false;
    client.close();
    return true;
  }

  async close(): Promise<void> {
    const tcp = this.tcp;
    this.tcp = null;
    const broker = this.broker;
    await Promise.all([
      tcp ? new Promise<void>((resolve) => tcp.close(() => resolve())) : undefined,
      broker ? new Promise<void>((resolve) => broker.close(() => resolve())) : undefined,
    ]);
  }
}
