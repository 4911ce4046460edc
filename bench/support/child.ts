/** A bench's helper process (a simulated fleet): forked under tsx, spoken to over its IPC channel. */
import { fork, type ChildProcess } from 'node:child_process';

/** Forks `file` with `args`; its output goes to the bench's own. */
export function forkTsx(file: string, args: string[]): ChildProcess {
  return fork(file, args, { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

/** `In`: the messages the process sends (each with a `type`); `Out`: those it takes. */
export class ForkedChild<In extends { type: string }, Out = never> {
  constructor(
    protected readonly child: ChildProcess,
    /** How errors name it: 'the fleet', 'the simulator'. */
    private readonly what: string,
  ) {}

  get pid(): number {
    return this.child.pid!;
  }

  /** The next message of a type; rejects after `timeoutMs` or when the process ends. */
  next<T extends In['type']>(type: T, timeoutMs: number): Promise<Extract<In, { type: T }>> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.child.off('message', onMessage);
        this.child.off('exit', onExit);
      };
      const onMessage = (m: In) => {
        if (m.type !== type) return;
        done();
        resolve(m as Extract<In, { type: T }>);
      };
      const onExit = (code: number | null) => {
        done();
        reject(new Error(`${this.what} exited (${code}) waiting for '${type}'`));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no '${type}' from ${this.what} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      timer.unref();
      this.child.on('message', onMessage);
      this.child.on('exit', onExit);
    });
  }

  send(m: Out): void {
    this.child.send(m as object);
  }

  /** Sends `request` and waits for the answer of type `reply`. */
  ask<T extends In['type']>(request: Out, reply: T, timeoutMs = 30_000): Promise<Extract<In, { type: T }>> {
    const answer = this.next(reply, timeoutMs);
    this.send(request);
    return answer;
  }

  /** Ends it at once: every connection drops, the broker publishes the wills. */
  async kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGKILL');
    await exited;
  }
}
