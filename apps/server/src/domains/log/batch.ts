/**
 * The batched writing of the audit log and of device logs: entries wait in memory and are written
 * every `everyMs` while started, on demand (`flush`), and once more at stop, so a call or a device
 * report never waits for a store write.
 */
export abstract class BatchWriter {
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  protected constructor(private readonly everyMs: number) {}

  /** Writes what waits; a failed write is counted and logged here, never thrown (it would stop the chain). */
  protected abstract write(): Promise<void>;

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Writes what waits; one write at a time, so entries keep their order. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }
}
