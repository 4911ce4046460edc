/** What every bench's command line and report share: option checks, number formats, the machine. */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { StackOptions } from '../api/stack.ts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const f0 = (n: number) => n.toFixed(0);
export const f1 = (n: number) => n.toFixed(1);

/** The value at quantile `q` (0-1) of ascending values (nearest rank); `none` where there are none. */
export function quantile(sorted: readonly number[], q: number, none = NaN): number {
  if (sorted.length === 0) return none;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

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

/**
 * The help lines of STACK_OPTIONS, their texts from `column` on as the bench's own options' are;
 * `kept`: what --keep keeps.
 */
export function stackHelp(column: number, kept = 'server log, profile'): string {
  const option = (name: string, ...text: string[]) =>
    text.map((t, i) => (i ? '' : `  ${name}`).padEnd(column) + t).join('\n');
  return [
    option('--store <s>', 'sqlite (default) | postgres'),
    option(
      '--pg-url <url>',
      'PostgreSQL to create the bench database in (postgres only),',
      'default postgres://postgres@127.0.0.1:5432/test',
    ),
    option('--broker <b>', "mosquitto (default: a private one) | embedded (the server's Aedes)"),
    option('--cpu-prof', 'run the server under --cpu-prof (profile kept in the data directory)'),
    option('--keep', `keep the data directory (${kept})`),
    option('-h, --help', 'this text'),
  ].join('\n');
}

type BenchOptions = NonNullable<ParseArgsConfig['options']>;
/** What parseArgs makes of a bench's own options and STACK_OPTIONS. */
type BenchValues<T extends BenchOptions> = ReturnType<
  typeof parseArgs<{ options: T & typeof STACK_OPTIONS; strict: true }>
>['values'];

/**
 * The bench's own options and STACK_OPTIONS, parsed strictly from the command line; with --help,
 * prints `help` and ends the process.
 */
export function benchOptions<const T extends BenchOptions>(help: string, options: T): BenchValues<T> {
  const { values } = parseArgs({ options: { ...options, ...STACK_OPTIONS }, strict: true });
  if ((values as { help?: boolean }).help) {
    process.stdout.write(help);
    process.exit(0);
  }
  return values;
}

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
    /**
     * The options of STACK_OPTIONS (and --node-args where the bench takes it), checked: what
     * BenchRun.console takes, but for the devices.
     */
    stack(o: {
      store?: string;
      broker?: string;
      'pg-url'?: string;
      'cpu-prof'?: boolean;
      'node-args'?: string;
    }): Omit<StackOptions, 'sns'> {
      if (o.store !== 'sqlite' && o.store !== 'postgres') fail('--store must be sqlite or postgres');
      if (o.broker !== 'embedded' && o.broker !== 'mosquitto') fail('--broker must be embedded or mosquitto');
      return {
        store: o.store as 'sqlite' | 'postgres',
        broker: o.broker as 'embedded' | 'mosquitto',
        pgUrl: o['pg-url']!,
        cpuProf: o['cpu-prof']!,
        nodeArgs: (o['node-args'] ?? '').split(/\s+/).filter(Boolean),
      };
    },
  };
}
