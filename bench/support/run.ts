/**
 * The frame of a bench run: the stack started (store, broker, server: bench/api/stack.ts) with the
 * administrator signed in; what the run started ends on Ctrl-C and at the end, the last started
 * first; a failure prints why and the server log's last lines and keeps the data directory.
 */
import fs from 'node:fs';
import { stack, type Stack, type StackOptions } from '../api/stack.ts';
import { Api, registerDevices, tenantOwner } from '../ingest/api.ts';

export class BenchRun {
  private readonly ends: (() => Promise<unknown>)[] = [];
  private serverLog: string | null = null;

  /** `keep`: keep the data directory (server log, profile) also after a run that went well. */
  constructor(private keep: boolean) {
    process.on('SIGINT', () => {
      void this.end().finally(() => process.exit(130));
    });
  }

  /** Starts the stack; the administrator (`admin`) is signed in. */
  async console(o: StackOptions): Promise<Stack & { admin: Api }> {
    const processes = stack(o);
    this.atEnd(async () => {
      const kept = await processes.stop(this.keep);
      if (kept) console.log(kept);
    });
    const started = await processes.start();
    this.serverLog = started.server.logFile;
    const admin = await new Api(started.server.baseURL).login('admin', started.adminPassword);
    return { ...started, admin };
  }

  /**
   * The stack for a planned fleet (the private broker lets its devices in), a tenant `name` with its
   * owner signed in (`tenant`), and every device registered by it, which took `registeredS` seconds.
   */
  async tenantConsole(
    o: Omit<StackOptions, 'sns'>,
    name: string,
    devices: readonly { sn: string; mac: string }[],
  ): Promise<Stack & { admin: Api; tenant: Api; registeredS: number }> {
    const started = await this.console({ ...o, sns: devices.map((d) => d.sn) });
    const tenant = await tenantOwner(started.admin, name, 'bench-pass1');
    const t = performance.now();
    await registerDevices(tenant, devices, 8);
    return { ...started, tenant, registeredS: (performance.now() - t) / 1000 };
  }

  /** `end` runs when the run ends, before what was started earlier ends. */
  atEnd(end: () => Promise<unknown>): void {
    this.ends.push(end);
  }

  private async end(): Promise<void> {
    // One that fails (a database to drop that cannot be reached) does not keep the others running.
    for (const end of this.ends.splice(0).reverse()) {
      await end().catch((err: unknown) => {
        console.error(`ending: ${err instanceof Error ? err.message : String(err)}`);
        process.exitCode = 1;
      });
    }
  }

  /** Runs the bench and ends the process: exit code 1 when the run itself failed. */
  async main(body: () => Promise<void>): Promise<never> {
    try {
      await body();
    } catch (err) {
      // fetch() says 'fetch failed'; why is in the cause.
      const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
      console.error(err instanceof Error ? `${err.message}${cause}` : err);
      if (this.serverLog && fs.existsSync(this.serverLog)) {
        const tail = fs.readFileSync(this.serverLog, 'utf8').trim().split('\n').slice(-14);
        console.error(`server log ${this.serverLog} (kept), last lines:\n${tail.join('\n')}`);
      }
      this.keep = true;
      process.exitCode = 1;
    } finally {
      await this.end();
    }
    process.exit();
  }
}
