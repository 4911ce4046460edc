/** What `npm run bench:firmware` and its fleet process (bench/firmware/sim.ts) say to each other. */
import type { NetworkSpec } from '@netconsole/device-sim';

/** The fleet to play (the parent plans the same one to register its SNs: bench/firmware/plan.ts). */
export interface FirmwareFleetSpec {
  url: string;
  factoryKey: string;
  networks: NetworkSpec[];
  seed: string;
  snPrefix: string;
  connectRatePerS: number;
  /** Seconds the stages take on the devices. */
  verifyS: number;
  flashS: number;
  rebootS: number;
}

export interface FirmwareSimStats {
  type: 'stats';
  at: number;
  online: number;
  /** Devices that received an `upgrade_firmware`. */
  commands: number;
  /** Devices whose download started (their first `downloading` report), and ended whole (`verifying`). */
  downloading: number;
  downloaded: number;
  /** Unix ms of the first download start and of the last download end (0: none yet). */
  firstDownloadAt: number;
  lastDownloadedAt: number;
  /** Bytes the devices received over HTTP (resumptions included). */
  bytes: number;
  /** Devices whose last report was `succeeded`, and failures by code. */
  succeeded: number;
  failed: Record<string, number>;
  errors: number;
  /** The fleet process's own peak RSS, bytes. */
  maxRss: number;
}

export type FirmwareSimToBench =
  | { type: 'started'; devices: number }
  /** Every device welcomed, `ms` after the start. */
  | { type: 'online'; ms: number }
  | FirmwareSimStats;
