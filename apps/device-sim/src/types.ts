/** Options, knobs and events of the simulator (the library API of `createFleet`). */
import type { CommandKind, ReportState } from '@netconsole/contract';
import type { FleetPlan, FleetSpec } from './plan.ts';
import type { Scheduler } from './scheduler.ts';
import type { Rng } from './prng.ts';

/** How the fleet behaves; rates are averages (the draws are seeded). */
export interface Behaviour {
  /** Mean wireless clients per AP (each AP gets its own target around it). */
  clientsPerAp: number;
  /** Share of the clients that leave per minute (replaced by newcomers). */
  churnPerMinute: number;
  /** Share of the clients that roam to another AP of their network per minute. */
  roamPerMinute: number;
  /** Random events (port flaps, STP, PoE, loops, channel changes…) per device per hour. */
  eventsPerHour: number;
  /** Random log lines per device per hour. */
  logsPerHour: number;
  /** Unplanned connection losses (last will, then reconnection) per device per hour. */
  dropsPerHour: number;
  /** Period of the fleet-wide behaviour tick, seconds. */
  tickS: number;
}

export const DEFAULT_BEHAVIOUR: Behaviour = {
  clientsPerAp: 10,
  churnPerMinute: 0.03,
  roamPerMinute: 0.02,
  eventsPerHour: 2,
  logsPerHour: 6,
  dropsPerHour: 0,
  tickS: 5,
};

/** Durations of the simulated device (seconds unless said otherwise). */
export interface Timing {
  /** New connections per second while the fleet starts (and after a broker outage). */
  connectRatePerS: number;
  /** Time a rebooting device stays off the network. */
  rebootS: number;
  /** `reset`: time between `resetting` and `rebooting`. */
  resetS: number;
  /** `apply_config`: the `applying` stage. */
  applyS: number;
  /** Firmware and configuration files: the `verifying` stage. */
  verifyS: number;
  /** Firmware: writing flash (`applying`). */
  flashS: number;
  /** Link speed the device pretends for downloads, bytes/s (the real local download is faster). */
  downloadBytesPerS: number;
  /** Progress of a download is reported at most this often (and at each 10 %). Protocol: 10 s. */
  downloadReportS: number;
  /** A download without a byte for this long fails `download_timeout`. */
  downloadStallS: number;
  /** Multiplies the real duration of a ping / MTR (count × interval); 1 = real time. */
  diagnosisScale: number;
  /** Wait for `welcome` before repeating `hello`. */
  welcomeWaitS: number;
  /** First reconnect delay cap and maximum (full jitter, doubling). */
  backoffBaseS: number;
  backoffMaxS: number;
  /** Wait after a refused CONNECT (bad password, SN disabled). */
  refusedRetryS: number;
  /** Fault `connectivity_lost`: how long the applied configuration cuts the device off. */
  connectivityLostS: number;
}

export const DEFAULT_TIMING: Timing = {
  connectRatePerS: 200,
  rebootS: 8,
  resetS: 2,
  applyS: 2,
  verifyS: 2,
  flashS: 5,
  downloadBytesPerS: 4 * 1024 * 1024,
  downloadReportS: 10,
  downloadStallS: 60,
  diagnosisScale: 1,
  welcomeWaitS: 15,
  backoffBaseS: 1,
  backoffMaxS: 300,
  refusedRetryS: 300,
  connectivityLostS: 120,
};

/**
 * Where firmware and configuration files are fetched from: `localhost` downloads for real from
 * http(s) URLs on this machine and fails others with `download_failed`; `any` downloads every URL;
 * `simulate` downloads nothing and trusts the MD5 (benchmarks).
 */
export type DownloadPolicy = 'localhost' | 'any' | 'simulate';

/**
 * A fault for tests. Matches a device (SN, or all) and a command kind; then either rejects the
 * command with `reject`, or lets it run and fails it at `failStage` with `code`. Applies `times`
 * times (default once; `Infinity` for always).
 *
 * Firmware (`upgrade_firmware`): `failStage: 'applying'` fails `flash_failed` and the device keeps
 * running its image; `failStage: 'rebooting'` restarts and comes back on the old image reporting
 * `failed rebooting rolled_back`. `corrupt` and `keepsOldImage` need no `failStage`.
 */
export interface FaultRule {
  sn?: string;
  cmd: CommandKind;
  reject?: string;
  failStage?: string;
  code?: string;
  detail?: string;
  times?: number;
  /**
   * Files (`upgrade_firmware`, `apply_config` from a file): a byte is stored flipped while
   * downloading, so the device's own MD5 of the file differs (`failed verifying md5_mismatch`).
   */
  corrupt?: boolean;
  /** `upgrade_firmware`: reports `succeeded`, but boots the old image (its `hello` says so). */
  keepsOldImage?: boolean;
}

export interface FleetOptions extends FleetSpec {
  /** Broker: `mqtt://host:1883`, `mqtts://…`, `ws://host:port/mqtt`, `wss://…`. */
  url: string;
  /** The server's factory key (64 hex digits): each device derives its password from it. */
  factoryKey?: string;
  /** Or a password per SN (overrides the factory key). */
  password?: (sn: string) => string;
  /** Use this plan instead of building one from the spec. */
  plan?: FleetPlan;
  /** Stats cadence that overrides the one `welcome` sets (load tests); default: the server's. */
  statsIntervalS?: number;
  /** MQTT protocol level: 4 (3.1.1, default) or 5. */
  protocolVersion?: 4 | 5;
  behaviour?: Partial<Behaviour>;
  timing?: Partial<Timing>;
  downloads?: DownloadPolicy;
  faults?: FaultRule[];
  /**
   * SNs kept switched off when the fleet starts (a device offline when the console sends it
   * something); `fleet.powerOn(sn)` switches one on later.
   */
  offline?: readonly string[];
  /** Diagnostic lines of the simulator itself (connection errors…); default: none. */
  log?: (line: string) => void;
}

export interface FleetEvents {
  /** The device got its `welcome`. */
  online: { sn: string; bootId: string; session: string; registered: boolean };
  /** The device's connection ended (`lost` when unplanned). */
  offline: { sn: string; reason: string };
  /** A command arrived (before validation). */
  command: { sn: string; id: string | null; cmd: string };
  /** The device published a report on `acks`. */
  report: { sn: string; id: string; cmd: string; state: ReportState; stage?: string; code?: string };
  /** Any message the device published. */
  publish: { sn: string; kind: string; bytes: number };
  error: { sn?: string; error: Error };
}
export type FleetEventName = keyof FleetEvents;

export interface FleetCounters {
  published: number;
  publishedBytes: number;
  received: number;
  commands: number;
  reports: number;
  connects: number;
  drops: number;
  invalidDown: number;
  /** Bytes of firmware and configuration files received over HTTP (resumed and restarted ones too). */
  downloadedBytes: number;
}

/** What every device shares: the ticker, the resolved options, the counters and the event hub. */
export interface FleetContext {
  readonly scheduler: Scheduler;
  readonly url: string;
  readonly protocolVersion: 4 | 5;
  readonly behaviour: Behaviour;
  readonly timing: Timing;
  readonly downloads: DownloadPolicy;
  readonly statsIntervalS: number | undefined;
  readonly counters: FleetCounters;
  readonly rng: Rng;
  password(sn: string): string;
  emit<K extends FleetEventName>(name: K, event: FleetEvents[K]): void;
  listening(name: FleetEventName): boolean;
  /** The fault for this device and command, if any (consumes one use). */
  takeFault(sn: string, cmd: CommandKind): FaultRule | undefined;
  log(line: string): void;
  /** Connection slots: resolves when this device may open its connection (start-up ramp). */
  connectSlot(): number;
}
