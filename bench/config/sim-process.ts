/** Starts and asks the fleet process of `npm run bench:config` (bench/config/sim.ts). */
import path from 'node:path';
import type { NetworkSpec } from '@netconsole/device-sim';
import { ForkedChild, forkTsx } from '../support/child.ts';
import type { ConfigSimStats, ConfigSimToBench } from './protocol.ts';

export interface ConfigFleetSpec {
  url: string;
  factoryKey: string;
  networks: NetworkSpec[];
  seed: string;
  snPrefix: string;
  intervalS: number;
  connectRatePerS: number;
  clientsPerAp: number;
}

export class ConfigSim extends ForkedChild<ConfigSimToBench, { type: 'stats' }> {
  static async start(spec: ConfigFleetSpec): Promise<ConfigSim> {
    const plan = JSON.stringify({ networks: spec.networks, seed: spec.seed, snPrefix: spec.snPrefix });
    const child = forkTsx(path.join(import.meta.dirname, 'sim.ts'), [
      spec.url,
      spec.factoryKey,
      plan,
      String(spec.intervalS),
      String(spec.connectRatePerS),
      String(spec.clientsPerAp),
    ]);
    const sim = new ConfigSim(child, 'the fleet');
    await sim.next('started', 120_000);
    return sim;
  }

  stats(): Promise<ConfigSimStats> {
    return this.ask({ type: 'stats' }, 'stats');
  }
}
