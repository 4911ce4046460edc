/** Starts and drives the simulator process (bench/ingest/sim.ts) from the benchmark. */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ForkedChild, forkTsx } from '../support/child.ts';
import type { BenchToSim, SimStats, SimToBench } from './protocol.ts';

export interface FleetSpec {
  url: string;
  factoryKey: string;
  devices: number;
  networks: number;
  seed: string;
  snPrefix: string;
  intervalS: number;
  connectRatePerS: number;
  clientsPerAp: number;
}

export class SimProcess extends ForkedChild<SimToBench, BenchToSim> {
  private constructor(
    child: ChildProcess,
    readonly started: number,
  ) {
    super(child, 'the simulator');
  }

  static async start(spec: FleetSpec): Promise<SimProcess> {
    const child = forkTsx(path.join(import.meta.dirname, 'sim.ts'), [
      spec.url,
      spec.factoryKey,
      String(spec.devices),
      String(spec.networks),
      spec.seed,
      spec.snPrefix,
      String(spec.intervalS),
      String(spec.connectRatePerS),
      String(spec.clientsPerAp),
    ]);
    const sim = new SimProcess(child, Date.now());
    await sim.next('started', 120_000);
    return sim;
  }

  stats(): Promise<SimStats> {
    return this.ask({ type: 'stats' }, 'stats');
  }
}
