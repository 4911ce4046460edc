/** Starts and asks the fleet process of `npm run bench:alarms` (bench/alarms/sim.ts). */
import path from 'node:path';
import type { SimStats } from '../ingest/protocol.ts';
import { ForkedChild, forkTsx } from '../support/child.ts';
import type { AlarmSimSpec, AlarmSimToBench, BenchToAlarmSim } from './protocol.ts';

export class AlarmSim extends ForkedChild<AlarmSimToBench, BenchToAlarmSim> {
  static async start(spec: AlarmSimSpec): Promise<AlarmSim> {
    const child = forkTsx(path.join(import.meta.dirname, 'sim.ts'), [JSON.stringify(spec)]);
    const sim = new AlarmSim(child, 'the fleet');
    await sim.next('started', 120_000);
    return sim;
  }

  stats(): Promise<SimStats> {
    return this.ask({ type: 'stats' }, 'stats');
  }

  /** Cuts the devices off at once; resolves with when (Unix ms) and how many. */
  crash(sns: string[], offMs: number): Promise<{ at: number; count: number }> {
    return this.ask({ type: 'crash', sns, offMs }, 'crashed');
  }
}
