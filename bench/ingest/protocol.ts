/** What the benchmark and its simulator process say to each other over the IPC channel. */
export type BenchToSim = { type: 'stats' } | { type: 'storm'; spreadMs: number };

export interface SimStats {
  type: 'stats';
  at: number;
  published: number;
  online: number;
  connected: number;
  devices: number;
  connects: number;
  errors: number;
  rssBytes: number;
}

export type SimToBench =
  | { type: 'started'; devices: number; networks: number }
  /** Every device welcomed, `ms` after the start. */
  | { type: 'online'; ms: number }
  /** Every device welcomed again, `ms` after the storm began. */
  | { type: 'recovered'; ms: number }
  | SimStats;
