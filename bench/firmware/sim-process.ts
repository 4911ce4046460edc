/** Starts and asks the fleet process of `npm run bench:firmware` (bench/firmware/sim.ts). */
import path from 'node:path';
import { ForkedChild, forkTsx } from '../support/child.ts';
import type { FirmwareFleetSpec, FirmwareSimStats, FirmwareSimToBench } from './protocol.ts';

export class FirmwareSim extends ForkedChild<FirmwareSimToBench, { type: 'stats' }> {
  static async start(spec: FirmwareFleetSpec): Promise<FirmwareSim> {
    const child = forkTsx(path.join(import.meta.dirname, 'sim.ts'), [JSON.stringify(spec)]);
    const sim = new FirmwareSim(child, 'the fleet');
    await sim.next('started', 120_000);
    return sim;
  }

  stats(): Promise<FirmwareSimStats> {
    return this.ask({ type: 'stats' }, 'stats');
  }
}
