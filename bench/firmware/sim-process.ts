/** Starts and asks the fleet process of `npm run bench:firmware` (bench/firmware/sim.ts). */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { FirmwareFleetSpec, FirmwareSimStats, FirmwareSimToBench } from './protocol.ts';

export class FirmwareSim {
  private constructor(private readonly child: ChildProcess) {}

  static async start(spec: FirmwareFleetSpec): Promise<FirmwareSim> {
    const child = fork(path.join(import.meta.dirname, 'sim.ts'), [JSON.stringify(spec)], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const sim = new FirmwareSim(child);
    await sim.next('started', 120_000);
    return sim;
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** The next message of a type; rejects after `timeoutMs` or when the process ends. */
  next<T extends FirmwareSimToBench['type']>(
    type: T,
    timeoutMs: number,
  ): Promise<Extract<FirmwareSimToBench, { type: T }>> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
      };
      const onMessage = (m: FirmwareSimToBench) => {
        if (m.type !== type) return;
        done();
        resolve(m as Extract<FirmwareSimToBench, { type: T }>);
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

  stats(): Promise<FirmwareSimStats> {
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
