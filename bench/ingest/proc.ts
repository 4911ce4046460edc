/** CPU time and resident memory of another process, from /proc (Linux). */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

let ticksPerS: number | null = null;
function clockTicks(): number {
  if (ticksPerS === null) {
    try {
      ticksPerS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerS = 100;
    }
  }
  return ticksPerS;
}

/** utime + stime of a process, seconds. */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: the fields start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / clockTicks();
}

export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) * 1024 : 0;
}

/** Busy and total CPU time of the whole machine, seconds (all cores). */
export function machineCpu(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.reduce((s, n) => s + n, 0);
  // idle and iowait
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { busy: (total - idle) / clockTicks(), total: total / clockTicks() };
}

/** Watches processes over a window: CPU % of one core (from their CPU time) and the highest RSS. */
export class ProcWindow {
  private readonly cpu0: Map<number, number>;
  private readonly machine0 = machineCpu();
  private readonly self0 = process.cpuUsage();
  private readonly maxRss = new Map<number, number>();
  private readonly t0 = performance.now();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pids: number[]) {
    this.cpu0 = new Map(pids.map((p) => [p, cpuSeconds(p)]));
    this.sample();
    this.timer = setInterval(() => this.sample(), 500);
    this.timer.unref();
  }

  private sample(): void {
    for (const p of this.pids) {
      try {
        this.maxRss.set(p, Math.max(this.maxRss.get(p) ?? 0, rssBytes(p)));
      } catch {
        // the process ended
      }
    }
  }

  /**
   * Ends the window: per pid, CPU % of one core and max RSS bytes; `others`: CPU % of one core
   * that every other process of the machine used meanwhile (other work skews the figures).
   */
  end(): { procs: Map<number, { cpuPct: number; maxRss: number }>; othersPct: number } {
    clearInterval(this.timer);
    this.sample();
    const seconds = (performance.now() - this.t0) / 1000;
    const out = new Map<number, { cpuPct: number; maxRss: number }>();
    for (const p of this.pids) {
      let cpu = 0;
      try {
        cpu = cpuSeconds(p) - this.cpu0.get(p)!;
      } catch {
        // the process ended
      }
      out.set(p, { cpuPct: (cpu / seconds) * 100, maxRss: this.maxRss.get(p) ?? 0 });
    }
    const machine = machineCpu().busy - this.machine0.busy;
    const self = process.cpuUsage(this.self0);
    const ours = [...out.values()].reduce((s, r) => s + (r.cpuPct / 100) * seconds, 0);
    const others = machine - ours - (self.user + self.system) / 1e6;
    return { procs: out, othersPct: Math.max(0, (others / seconds) * 100) };
  }
}
