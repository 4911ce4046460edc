/** What every bench's command line and report share: option checks, number formats, the machine. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const f0 = (n: number) => n.toFixed(0);
export const f1 = (n: number) => n.toFixed(1);

/** The machine's load as `uptime` prints it (or Node's load average where there is no `uptime`). */
export function uptime(): string {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`;
  }
}

/** Cores, processor, memory and Node: the first line of every report. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.versions.node}`;
}

/** The options of the stack (bench/api/stack.ts) every bench takes, for `parseArgs`. */
export const STACK_OPTIONS = {
  store: { type: 'string', default: 'sqlite' },
  'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  broker: { type: 'string', default: 'mosquitto' },
  'cpu-prof': { type: 'boolean', default: false },
  keep: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** Checks of a bench's options: a bad value ends the run with its name and exit code 2. */
export function optionChecks(bench: string) {
  const fail = (message: string): never => {
    console.error(`${bench}: ${message}`);
    process.exit(2);
  };
  return {
    fail,
    /** A number from `min` to `max`. */
    count(name: string, v: string | undefined, min = 1, max = Infinity): number {
      const n = Number(v);
      if (!Number.isFinite(n) || n < min || n > max)
        fail(
          max === Infinity
            ? `--${name} must be a number ≥ ${min}`
            : `--${name} must be a number from ${min} to ${max}`,
        );
      return n;
    },
    /** The store and broker options of STACK_OPTIONS, checked. */
    stack(o: { store?: string; broker?: string }) {
      if (o.store !== 'sqlite' && o.store !== 'postgres') fail('--store must be sqlite or postgres');
      if (o.broker !== 'embedded' && o.broker !== 'mosquitto') fail('--broker must be embedded or mosquitto');
      return { store: o.store as 'sqlite' | 'postgres', broker: o.broker as 'embedded' | 'mosquitto' };
    },
  };
}
