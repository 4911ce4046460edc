/** What `npm run bench:alarms` and its fleet process (bench/alarms/sim.ts) say to each other. */
import type { SimStats } from '../ingest/protocol.ts';
import type { AlarmFleetSpec } from './plan.ts';

export interface AlarmSimSpec extends AlarmFleetSpec {
  url: string;
  factoryKey: string;
  intervalS: number;
  connectRatePerS: number;
  clientsPerAp: number;
}

export type BenchToAlarmSim =
  | { type: 'stats' }
  /** These devices lose power at once (no goodbye: the broker publishes their wills) and stay off. */
  | { type: 'crash'; sns: string[]; offMs: number };

export type AlarmSimToBench =
  | { type: 'started'; devices: number }
  /** Every device welcomed, `ms` after the start. */
  | { type: 'online'; ms: number }
  /** The devices were cut off at `at` (Unix ms, this machine's clock). */
  | { type: 'crashed'; at: number; count: number }
  /** bench:ingest's figures, so its window arithmetic applies. */
  | SimStats;
