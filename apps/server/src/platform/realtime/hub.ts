/**
 * Live fan-out to the console's browsers: domains publish what changed, the `/v1/ws` route delivers
 * it. A tenant's listeners receive their tenant's messages only; the administrator's receive every
 * tenant's and those of devices no tenant owns (tenant null). In-process by default; on several
 * server nodes the same interface is carried over the MQTT broker (docs/architecture: realtime
 * fan-out).
 */
import type { Lang } from '@netconsole/contract';
import type { Scope } from '../auth/guard.ts';

/** One message to the browsers: `topic` names the kind (device, client, command, …). */
export interface LiveMessage {
  topic: string;
  data: unknown;
}

export type LiveListener = (message: LiveMessage) => void;

/** One browser's live socket as a domain handling what it sends sees it. */
export interface LiveSocketContext {
  scope: Scope;
  lang: Lang;
  /** To this socket alone (not the tenant's other sockets). */
  send(message: LiveMessage): void;
  /** Runs when the socket ends (closed, dropped, its session over). */
  onClose(fn: () => void): void;
}

/** A domain's side of one socket: called on the socket's first message of the domain's topics. */
export type InboundOpener = (
  ctx: LiveSocketContext,
) => (topic: string, data: unknown) => void | Promise<void>;

export class LiveHub {
  private readonly byTenant = new Map<string, Set<LiveListener>>();
  private readonly admins = new Set<LiveListener>();
  private readonly inbound = new Map<string, InboundOpener>();

  /**
   * A domain takes the messages of these topics that browsers send on their live sockets (e.g.
   * `flow.subscribe`). Other topics are ignored, as everything a client sent was before.
   */
  onClientMessage(topics: readonly string[], open: InboundOpener): void {
    for (const topic of topics) this.inbound.set(topic, open);
  }

  /** The router of one socket's messages to the domains (each domain opened once per socket). */
  inboundFor(ctx: LiveSocketContext): (topic: string, data: unknown) => void {
    const opened = new Map<InboundOpener, (topic: string, data: unknown) => void | Promise<void>>();
    return (topic, data) => {
      const open = this.inbound.get(topic);
      if (!open) return;
      let handle = opened.get(open);
      if (!handle) opened.set(open, (handle = open(ctx)));
      // A domain answers on the socket itself (its own error topic); a throw here is nobody's reply.
      void Promise.resolve()
        .then(() => handle(topic, data))
        .catch(() => undefined);
    };
  }

  /** Listens with the rights of a scope; returns the function that stops listening. */
  subscribe(scope: Scope, listener: LiveListener): () => void {
    if (scope.admin) {
      this.admins.add(listener);
      return () => this.admins.delete(listener);
    }
    const tenantId = scope.tenantId;
    if (!tenantId) return () => undefined;
    let set = this.byTenant.get(tenantId);
    if (!set) this.byTenant.set(tenantId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byTenant.get(tenantId) === set) this.byTenant.delete(tenantId);
    };
  }

  /** Whether anybody would receive a message of this tenant (publishers may skip building it). */
  watched(tenantId: string | null): boolean {
    return this.admins.size > 0 || (tenantId !== null && this.byTenant.has(tenantId));
  }

  /** Delivers to the tenant's listeners and the administrators'; a failing listener harms no other. */
  publish(tenantId: string | null, message: LiveMessage): void {
    const targets = [...(tenantId !== null ? (this.byTenant.get(tenantId) ?? []) : []), ...this.admins];
    for (const listener of targets) {
      try {
        listener(message);
      } catch {
        // A listener is a socket writer; a closed socket is the route's to clean up.
      }
    }
  }
}
