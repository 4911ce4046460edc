/** What `npm run bench:config` and its fleet process (bench/config/sim.ts) say to each other. */
export interface ConfigSimStats {
  type: 'stats';
  at: number;
  online: number;
  published: number;
  /** Devices that received an `apply_config`. */
  commands: number;
  /** Devices whose last `apply_config` report was `succeeded`, or a failure. */
  succeeded: number;
  failed: number;
  /** When the last `succeeded` was reported (Unix ms; 0: none yet). */
  lastSucceededAt: number;
  errors: number;
}

export type ConfigSimToBench =
  | { type: 'started'; devices: number }
  /** Every device welcomed, `ms` after the start. */
  | { type: 'online'; ms: number }
  | ConfigSimStats;
