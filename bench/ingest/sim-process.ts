/** Starts and drives the simulator process (bench/ingest/sim.ts) from the benchmark. */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
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

export class SimProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly started: number,
  ) {}

  static async start(spec: FleetSpec): Promise<SimProcess> {
    const child = fork(
      path.join(import.meta.dirname, 'sim.ts'),
      [
        spec.url,
        spec.factoryKey,
        String(spec.devices),
        String(spec.networks),
        spec.seed,
        spec.snPrefix,
        String(spec.intervalS),
        String(spec.connectRatePerS),
        String(spec.clientsPerAp),
      ],
      { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    const sim = new SimProcess(child, Date.now());
    await sim.next('started', 120_000);
    return sim;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** The next message of a type from the simulator; rejects after `timeoutMs` or if it ends. */
  next<T extends SimToBench['type']>(type: T, timeoutMs: number): Promise<Extract<SimToBench, { type: T }>> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
      };
      const onMessage = (m: SimToBench) => {
        if (m.type !== type) return;
        done();
        resolve(m as Extract<SimToBench, { type: T }>);
      };
      const onExit = (code: number | null) => {
        done();
        reject(new Error(`the simulator exited (${code}) waiting for '${type}'`));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no '${type}' from the simulator within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      timer.unref();
      this.child.on('message', onMessage);
      this.child.on('exit', onExit);
    });
  }

  send(m: BenchToSim): void {
    this.child.send(m);
  }

  stats(): Promise<SimStats> {
    const answer = this.next('stats', 30_000);
    this.send({ type: 'stats' });
    return answer;
  }

  /** Ends the fleet at once: every connection drops, the broker publishes the wills. */
  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGKILL');
    await exited;
  }
}
