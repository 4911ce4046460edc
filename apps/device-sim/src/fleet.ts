/**
 * `createFleet`: builds the plan, the networks and the devices, and runs them on one shared ticker.
 * Each device has its own MQTT connection (as real firmware would); everything else — report
 * cadences, command stages, client churn, keep-alives — is coalesced on the fleet's timer wheel.
 */
import { EventEmitter } from 'node:events';
import type { CommandKind } from '@netconsole/contract';
import { deviceSecret } from '@netconsole/contract/credentials';
import { SimDevice } from './device.ts';
import { SimNetwork } from './network.ts';
import { planFleet } from './plan.ts';
import type { FleetPlan, FleetSpec } from './plan.ts';
import { Rng } from './prng.ts';
import { Scheduler } from './scheduler.ts';
import { DEFAULT_BEHAVIOUR, DEFAULT_TIMING } from './types.ts';
import type {
  FaultRule,
  FleetContext,
  FleetCounters,
  FleetEventName,
  FleetEvents,
  FleetOptions,
} from './types.ts';

export interface FleetStats extends FleetCounters {
  devices: number;
  /** Devices with power (not in the middle of a restart). */
  powered: number;
  /** Devices with an MQTT connection. */
  connected: number;
  /** Devices welcomed by the server. */
  online: number;
  /** Wireless clients associated across the fleet. */
  wirelessClients: number;
  /** Timer-wheel entries fired so far. */
  timersFired: number;
}

export interface Fleet {
  readonly plan: FleetPlan;
  readonly devices: readonly SimDevice[];
  readonly networks: readonly SimNetwork[];
  /** Powers the devices on; they connect at `timing.connectRatePerS`. Resolves at once. */
  start(): Promise<void>;
  /** Every connected device says goodbye (`offline` reason `shutdown`) and disconnects. */
  stop(): Promise<void>;
  device(sn: string): SimDevice | undefined;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<K extends FleetEventName>(name: K, listener: (event: FleetEvents[K]) => void): () => void;
  /** Resolves when `count` devices (default all) are welcomed; rejects after `timeoutMs`. */
  waitOnline(opts?: { count?: number; timeoutMs?: number }): Promise<void>;
  stats(): FleetStats;
  /** Adds a fault rule; returns its removal. */
  injectFault(rule: FaultRule): () => void;
  /**
   * Switches on a device that is off since the start (`options.offline`); it connects and says
   * hello (boot reason `power_on`). False when it is not one of those, or the fleet is not running.
   */
  powerOn(sn: string): boolean;
}

export function createFleet(options: FleetOptions): Fleet {
  if (!/^(mqtts?|wss?|tcp|ssl):\/\//.test(options.url))
    throw new RangeError('url: mqtt://, mqtts://, ws:// or wss://');
  const password =
    options.password ??
    (options.factoryKey
      ? (sn: string) => deviceSecret(options.factoryKey!, sn)
      : () => {
          throw new RangeError('factoryKey (64 hex digits) or password is required');
        });
  if (options.factoryKey && !options.password) deviceSecret(options.factoryKey, 'CHECK0000'); // fail early on a bad key
  if (!options.factoryKey && !options.password)
    throw new RangeError('factoryKey (64 hex digits) or password is required');
  const plan = options.plan ?? planFleet(options);
  const behaviour = { ...DEFAULT_BEHAVIOUR, ...options.behaviour };
  const timing = { ...DEFAULT_TIMING, ...options.timing };
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const scheduler = new Scheduler(100, Date.now, (error) =>
    emitter.emit('error', { error: error instanceof Error ? error : new Error(String(error)) }),
  );
  const counters: FleetCounters = {
    published: 0,
    publishedBytes: 0,
    received: 0,
    commands: 0,
    reports: 0,
    connects: 0,
    drops: 0,
    invalidDown: 0,
    downloadedBytes: 0,
  };
  const faults: (FaultRule & { left: number })[] = (options.faults ?? []).map((f) => ({
    ...f,
    left: f.times ?? 1,
  }));
  const root = new Rng(plan.seed);
  let nextSlot = 0;
  const ctx: FleetContext = {
    scheduler,
    url: options.url,
    protocolVersion: options.protocolVersion ?? 4,
    behaviour,
    timing,
    downloads: options.downloads ?? 'localhost',
    statsIntervalS: options.statsIntervalS,
    counters,
    rng: root.fork('runtime'),
    password,
    emit: (name, event) => {
      if (name === 'error' && emitter.listenerCount('error') === 0) {
        options.log?.(`error: ${(event as FleetEvents['error']).error.message}`);
        return;
      }
      emitter.emit(name, event);
    },
    listening: (name) => emitter.listenerCount(name) > 0,
    takeFault: (sn: string, cmd: CommandKind) => {
      const rule = faults.find((f) => f.cmd === cmd && (f.sn === undefined || f.sn === sn) && f.left > 0);
      if (!rule) return undefined;
      rule.left--;
      return rule;
    },
    log: (line) => options.log?.(line),
    connectSlot: () => {
      const now = Date.now();
      const at = Math.max(now, nextSlot);
      nextSlot = at + 1000 / Math.max(1, timing.connectRatePerS);
      return at - now;
    },
  };

  const networks: SimNetwork[] = [];
  const devices: SimDevice[] = [];
  const bySn = new Map<string, SimDevice>();
  for (const np of plan.networks) {
    const net = new SimNetwork(np, root.fork(`net${np.index}/runtime`), behaviour);
    networks.push(net);
    for (const dp of np.devices) {
      const dev = new SimDevice(dp, net, ctx, root.fork(`dev/${dp.sn}`));
      net.add(dev);
      devices.push(dev);
      bySn.set(dp.sn, dev);
    }
  }
  for (const d of devices) d.wire(bySn);

  const heldOff = new Set(options.offline ?? []);
  for (const sn of heldOff) if (!bySn.has(sn)) throw new RangeError(`offline: ${sn} is not in the plan`);
  let started = false;
  let stopped = false;
  const tick = (last: number) => {
    if (stopped) return;
    const now = Date.now();
    const dt = Math.max(0.1, (now - last) / 1000);
    for (const n of networks) n.tick(now, dt);
    scheduler.after(behaviour.tickS * 1000, () => tick(now));
  };

  const fleet: Fleet = {
    plan,
    devices,
    networks,
    async start() {
      if (started) return;
      started = true;
      scheduler.start();
      const now = Date.now();
      for (const d of devices) if (!heldOff.has(d.sn)) d.boot('power_on', d.plan.uptimeS);
      for (const n of networks) n.populate(now);
      // A device held off has no clients: the plan gave them to it, its neighbours take them.
      for (const sn of heldOff) bySn.get(sn)!.net.deviceDown(bySn.get(sn)!, now);
      scheduler.after(behaviour.tickS * 1000, () => tick(now));
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await Promise.all(devices.map((d) => d.shutdown().catch(() => undefined)));
      scheduler.stop();
    },
    device: (sn) => bySn.get(sn),
    on(name, listener) {
      emitter.on(name, listener);
      return () => emitter.off(name, listener);
    },
    waitOnline({ count = devices.length, timeoutMs = 60_000 } = {}) {
      return new Promise((resolve, reject) => {
        const online = () => devices.filter((d) => d.isOnline).length;
        if (online() >= count) return resolve();
        const timer = setTimeout(() => {
          emitter.off('online', check);
          reject(new Error(`${online()} of ${count} devices online after ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          if (online() < count) return;
          clearTimeout(timer);
          emitter.off('online', check);
          resolve();
        };
        emitter.on('online', check);
      });
    },
    stats() {
      let powered = 0;
      let connected = 0;
      let online = 0;
      for (const d of devices) {
        if (d.powered) powered++;
        if (d.isConnected) connected++;
        if (d.isOnline) online++;
      }
      let wirelessClients = 0;
      for (const n of networks) wirelessClients += n.clients.length;
      return {
        ...counters,
        devices: devices.length,
        powered,
        connected,
        online,
        wirelessClients,
        timersFired: scheduler.fired,
      };
    },
    injectFault(rule) {
      const entry = { ...rule, left: rule.times ?? 1 };
      faults.push(entry);
      return () => {
        const i = faults.indexOf(entry);
        if (i >= 0) faults.splice(i, 1);
      };
    },
    powerOn(sn) {
      const d = bySn.get(sn);
      // Only a device held off since the start: one in the middle of a restart boots by itself.
      if (!started || stopped || !d || !heldOff.has(sn) || d.powered) return false;
      heldOff.delete(sn);
      d.boot('power_on');
      return true;
    },
  };
  return fleet;
}

/** The small fleet of the console's demo mode (`npm start`): three sites, 24 devices. */
export const DEMO_FLEET: Required<Pick<FleetSpec, 'networks' | 'snPrefix' | 'seed'>> = {
  networks: [
    { name: 'Head office', switches: 2, aps: 12, ac: true },
    { name: 'Shop', switches: 1, aps: 4 },
    { name: 'Warehouse', switches: 0, aps: 2 },
  ],
  snPrefix: 'DEMO',
  seed: 'demo',
};

/** The demo fleet against a broker (e.g. the server's own, in-process). */
export function createDemoFleet(options: Omit<FleetOptions, 'networks' | 'devices'>): Fleet {
  return createFleet({ ...DEMO_FLEET, ...options });
}
