/**
 * Domain modules (docs/conventions.md, "Domain modules"): each server domain is one `defineModule`
 * in its folder's module.ts. A module declares the modules it needs, builds its services from them
 * and the platform, registers its routes and its gateway handlers, and owns its start and stop.
 * app.ts is the ordered list. Our own small definition rather than Fastify plugins: services are
 * plain typed values passed to the modules that name them (a Fastify decorator is a string key on
 * a shared instance), and start/stop run in the list's order and in reverse, explicitly.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceBus } from './bus/bus.ts';
import type { Config } from './config.ts';
import type { EventBus } from './events.ts';
import type { FileStore } from './files/file-store.ts';
import type { DeviceLink } from './gateway/device-link.ts';
import type { Gateway } from './gateway/gateway.ts';
import type { App } from './http/schemas.ts';
import type { Clock } from './ids.ts';
import type { Jobs } from './jobs/jobs.ts';
import type { Notify } from './notify/notify.ts';
import type { LiveHub } from './realtime/hub.ts';
import type { Db, Store } from './store/db.ts';

/** What every module may use: the platform, built by app.ts before any module. */
export interface Platform {
  readonly config: Config;
  readonly version: string;
  readonly store: Store;
  readonly db: Db;
  readonly clock: Clock;
  readonly log: FastifyBaseLogger;
  /** Typed in-process events between domains. */
  readonly events: EventBus;
  /** Pushes to the browsers of a tenant (the /v1/ws socket). */
  readonly hub: LiveHub;
  /** The device bus (embedded or external broker); domains reach devices through `link`. */
  readonly bus: DeviceBus;
  /** Where domains register their handlers of device messages (protocol §5). */
  readonly gateway: Gateway;
  /** Welcome and commands to a device, as protocol messages on the bus. */
  readonly link: DeviceLink;
  readonly notify: Notify;
  /** Files under DATA_DIR/files (logos, …). */
  readonly files: FileStore;
  /** Durable one-off and recurring jobs, leased across nodes. */
  readonly jobs: Jobs;
}

/** A module as app.ts lists it; `Provided` is what its build returns (its services). */
export interface Module<Provided extends object = object> {
  readonly name: string;
  readonly needs: Readonly<Record<string, AnyModule>>;
  build(platform: Platform, deps: never): Provided | Promise<Provided>;
  routes?(app: App, provided: Provided, platform: Platform, deps: never): void | Promise<void>;
  start?(provided: Provided, platform: Platform): unknown;
  stop?(provided: Provided, platform: Platform): unknown;
  preClose?(provided: Provided, platform: Platform): unknown;
}
// Modules are compared as values; what each provides is typed where it is used.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModule = Module<any>;

export type ProvidedBy<M> = M extends Module<infer P> ? P : never;
export type DepsOf<N extends Record<string, AnyModule>> = { [K in keyof N]: ProvidedBy<N[K]> };

export interface ModuleSpec<P extends object, N extends Record<string, AnyModule>> {
  /** Unique; named in errors about the order of the list. */
  name: string;
  /** The modules whose services this one uses, by the name it calls them. */
  needs?: N;
  /** Builds the services; registers gateway handlers and event listeners. No I/O beyond the store. */
  build(platform: Platform, deps: DepsOf<N>): P | Promise<P>;
  routes?(app: App, provided: P, platform: Platform, deps: DepsOf<N>): void | Promise<void>;
  /** When the server is ready, in the list's order, before the gateway takes device messages. */
  start?(provided: P, platform: Platform): unknown;
  /** When the server closes, in reverse order, after the gateway stopped taking messages. */
  stop?(provided: P, platform: Platform): unknown;
  /** Before the server closes its HTTP connections (long-lived sockets end here). */
  preClose?(provided: P, platform: Platform): unknown;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export function defineModule<P extends object, N extends Record<string, AnyModule> = {}>(
  spec: ModuleSpec<P, N>,
): Module<P> {
  return { needs: {} as N, ...spec } as unknown as Module<P>;
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** Every service of a list of modules, by the name its module provides it under. */
export type ServicesOf<M extends readonly AnyModule[]> = UnionToIntersection<ProvidedBy<M[number]>>;

export interface Mounted<M extends readonly AnyModule[]> {
  services: ServicesOf<M>;
  /** Starts the modules in order. */
  start(): Promise<void>;
  /** Stops them in reverse order; every stop runs even when one fails (the first error is thrown). */
  stop(): Promise<void>;
  preClose(): Promise<void>;
}

/**
 * Builds the modules in the list's order and registers their routes. A module must come after the
 * modules it needs, and no two modules may provide a service under the same name.
 */
export async function mountModules<const M extends readonly AnyModule[]>(
  app: App,
  platform: Platform,
  modules: M,
): Promise<Mounted<M>> {
  const built = new Map<AnyModule, object>();
  const names = new Set<string>();
  const services: Record<string, unknown> = {};
  for (const m of modules) {
    if (names.has(m.name)) throw new Error(`module "${m.name}" is listed twice`);
    names.add(m.name);
    const deps: Record<string, object> = {};
    for (const [key, need] of Object.entries(m.needs)) {
      const provided = built.get(need);
      if (!provided)
        throw new Error(`module "${m.name}" needs "${need.name}", which must be listed before it`);
      deps[key] = provided;
    }
    const provided = await m.build(platform, deps as never);
    for (const [key, value] of Object.entries(provided)) {
      if (key in services)
        throw new Error(`module "${m.name}" provides "${key}", which another module provides`);
      services[key] = value;
    }
    built.set(m, provided);
    await m.routes?.(app, provided, platform, deps as never);
  }
  const each = async (order: readonly AnyModule[], hook: 'start' | 'stop' | 'preClose', all: boolean) => {
    let first: unknown = null;
    for (const m of order) {
      try {
        await m[hook]?.(built.get(m)!, platform);
      } catch (err) {
        if (!all) throw err;
        platform.log.error({ err, module: m.name }, `module ${hook} failed`);
        first ??= err;
      }
    }
    if (first) throw first;
  };
  const reversed = [...modules].reverse();
  return {
    services: services as ServicesOf<M>,
    start: () => each(modules, 'start', false),
    stop: () => each(reversed, 'stop', true),
    preClose: () => each(reversed, 'preClose', true),
  };
}
