/**
 * Live fan-out to the console's browsers: domains publish what changed, the `/v1/ws` route delivers
 * it. A tenant's listeners receive their tenant's messages only; the administrator's receive every
 * tenant's and those of devices no tenant owns (tenant null). In-process by default; on several
 * server nodes the same interface is carried over the MQTT broker (docs/architecture: realtime
 * fan-out).
 */
import type { Scope } from '../auth/guard.ts';

/** One message to the browsers: `topic` names the kind (device, client, command, …). */
export interface LiveMessage {
  topic: string;
  data: unknown;
}

export type LiveListener = (message: LiveMessage) => void;

export class LiveHub {
  private readonly byTenant = new Map<string, Set<LiveListener>>();
  private readonly admins = new Set<LiveListener>();

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
