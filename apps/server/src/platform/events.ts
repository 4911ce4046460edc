/**
 * The one in-process event bus: how a domain hears what happened in another without the two knowing
 * each other (docs/conventions.md, "Domain modules"). Events are typed: the domain that emits an
 * event declares its name and payload by merging into `DomainEvents`, next to its code:
 *
 * ```ts
 * declare module '../../platform/events.ts' {
 *   interface DomainEvents { 'network.removed': { tenantId: string; networkId: string } }
 * }
 * ```
 *
 * `emit` resolves after every listener ran, in the order they subscribed; a listener that throws is
 * logged and the others still run, so an emitter's write is never undone by a listener.
 */
import type { FastifyBaseLogger } from 'fastify';

// Filled by the domains (declaration merging); empty here so the platform names no domain.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainEvents {}

export type EventName = keyof DomainEvents;
export type Listener<E extends EventName> = (payload: DomainEvents[E]) => unknown;

export class EventBus {
  private readonly listeners = new Map<EventName, Listener<never>[]>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Subscribes; returns the function that ends the subscription. */
  on<E extends EventName>(event: E, listener: Listener<E>): () => void {
    const list = this.listeners.get(event) ?? [];
    list.push(listener as Listener<never>);
    this.listeners.set(event, list);
    return () => {
      const i = list.indexOf(listener as Listener<never>);
      if (i >= 0) list.splice(i, 1);
    };
  }

  /** Tells every listener, one after the other; never throws. */
  async emit<E extends EventName>(event: E, payload: DomainEvents[E]): Promise<void> {
    const list = this.listeners.get(event);
    if (!list) return;
    for (const listener of [...list]) {
      try {
        await (listener as Listener<E>)(payload);
      } catch (err) {
        this.log.error({ err, event }, 'event listener failed');
      }
    }
  }
}
