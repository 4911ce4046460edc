/** Starts and asks the fleet process of `npm run bench:config` (bench/config/sim.ts). */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { NetworkSpec } from '@netconsole/device-sim';
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

export class ConfigSim {
  private constructor(private readonly child: ChildProcess) {}

  static async start(spec: ConfigFleetSpec): Promise<ConfigSim> {
    const plan = JSON.stringify({ networks: spec.networks, seed: spec.seed, snPrefix: spec.snPrefix });
    const child = fork(
      path.join(import.meta.dirname, 'sim.ts'),
      [
        spec.url,
        spec.factoryKey,
        plan,
        String(spec.intervalS),
        String(spec.connectRatePerS),
        String(spec.clientsPerAp),
      ],
      { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    const sim = new ConfigSim(child);
    await sim.next('started', 120_000);
    return sim;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** The next message of a type; rejects after `timeoutMs` or when the process ends. */
  next<T extends ConfigSimToBench['type']>(
    type: T,
    timeoutMs: number,
  ): Promise<Extract<ConfigSimToBench, { type: T }>> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
      };
      const onMessage = (m: ConfigSimToBench) => {
        if (m.type !== type) return;
        done();
        resolve(m as Extract<ConfigSimToBench, { type: T }>);
      };
      const onExit = (code: number | null) => {
        done();
        reject(new Error(`the fleet exited (${code}) waiting for '${type}'`));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no '${type}' from the fleet within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      timer.unref();
      this.child.on('message', onMessage);
      this.child.on('exit', onExit);
    });
  }

  stats(): Promise<ConfigSimStats> {
    const answer = this.next('stats', 30_000);
    this.child.send({ type: 'stats' });
    return answer;
  }

  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGKILL');
    await exited;
  }
}
