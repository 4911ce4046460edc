/**
 * The device bus: how the server hears devices and talks to them (docs/device-protocol.md,
 * docs/deployment.md). Two adapters behind one interface: the embedded Aedes broker (default) and an
 * external broker the server joins as a privileged client (`MQTT_URL`). Nothing here reads payloads:
 * the gateway (platform/gateway) decodes and judges them.
 */
import type { DeviceDropReason } from '@netconsole/contract';

/** What the broker refused, per device: failed CONNECTs and publishes or subscriptions outside its own topics. */
export const BUS_REFUSALS = [
  'auth',
  'acl_publish',
  'acl_subscribe',
  'too_large_packet',
] as const satisfies readonly DeviceDropReason[];
export type BusRefusal = (typeof BUS_REFUSALS)[number];

export interface BusEvents {
  /** A message on `dev/+/up/#`. Called synchronously by the adapter; handlers must not throw. */
  message(topic: string, payload: Buffer): void;
  /** A device's connection was accepted (embedded broker only): its SN and peer address. */
  connected(sn: string, address: string | null): void;
  /** A device's connection ended, cleanly or not (embedded broker only: an external broker does not say). */
  disconnected(sn: string): void;
  /** The broker refused something of a device (embedded broker only). */
  refused(sn: string | null, what: BusRefusal): void;
}

export interface DeviceBus {
  readonly kind: 'embedded' | 'external';
  /** Where devices connect, for the start banner (no credentials); `httpBase` is the console's own URL. */
  endpoints(httpBase: string): string[];
  /** Subscribes and (embedded) starts listening; resolves when messages can flow. */
  start(events: BusEvents): Promise<void>;
  /** Publishes a message to a device at QoS 1, never retained. */
  publish(topic: string, payload: string): Promise<void>;
  /** Closes a device's connection (flood control); false where the bus cannot (external broker). */
  disconnect(sn: string): boolean;
  close(): Promise<void>;
}

/** The server's subscription: every up topic, deeper levels included so malformed topics are counted too. */
export const UP_FILTER = 'dev/+/up/#';

/** With several server nodes on one external broker, each message goes to one node of the group. */
export function serverSubscription(shareGroup: string): string {
  return shareGroup ? `$share/${shareGroup}/${UP_FILTER}` : UP_FILTER;
}

/** An MQTT URL without its user name and password, for logs and banners. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return '(invalid URL)';
  }
}
