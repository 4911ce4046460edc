/**
 * One shared ticker for the whole fleet: a timer wheel of fixed-size slots. Every device timer
 * (report cadences, command stages, welcome time-outs, even the MQTT keep-alive of each connection)
 * is an entry in a slot, so 10,000 devices cost one `setInterval`, not tens of thousands of timers.
 * Resolution is `slotMs` (100 ms by default): plenty for cadences measured in seconds.
 */

export interface ScheduledTask {
  readonly due: number;
  cancelled: boolean;
}

interface Entry extends ScheduledTask {
  fn: () => void;
}

export class Scheduler {
  private readonly slots = new Map<number, Entry[]>();
  private cursor: number;
  private timer: ReturnType<typeof setInterval> | null = null;
  private intervals = new Map<number, Entry>();
  private nextIntervalId = 1;
  private running = false;
  /** Entries run so far (the CLI shows the fleet's pace). */
  fired = 0;

  constructor(
    readonly slotMs = 100,
    private readonly now: () => number = Date.now,
    private readonly onError: (error: unknown) => void = (error) => console.error(error),
  ) {
    this.cursor = Math.floor(this.now() / slotMs);
  }

  start(): void {
    if (this.timer) return;
    this.cursor = Math.floor(this.now() / this.slotMs);
    this.timer = setInterval(() => this.tick(), this.slotMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.slots.clear();
    this.intervals.clear();
  }

  /** Runs `fn` at `time` (Unix ms), in the first tick at or after it. */
  at(time: number, fn: () => void): ScheduledTask {
    const entry: Entry = { due: time, cancelled: false, fn };
    let slot = Math.ceil(time / this.slotMs);
    // A slot already processed (or being processed) would never run again: use the next one.
    if (slot <= this.cursor) slot = this.cursor + 1;
    const list = this.slots.get(slot);
    if (list) list.push(entry);
    else this.slots.set(slot, [entry]);
    return entry;
  }

  after(ms: number, fn: () => void): ScheduledTask {
    return this.at(this.now() + Math.max(0, ms), fn);
  }

  cancel(task: ScheduledTask | null | undefined): void {
    if (task) task.cancelled = true;
  }

  /** A promise resolved after `ms`. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => this.after(ms, resolve));
  }

  /**
   * `setInterval`/`clearInterval` look-alikes on the wheel, in the shape MQTT.js accepts as its
   * `timerVariant`, so each connection's keep-alive is a wheel entry too.
   */
  readonly intervalTimer = {
    set: (fn: () => void, ms: number): number => {
      const id = this.nextIntervalId++;
      const arm = () => {
        const entry = this.after(ms, () => {
          if (!this.intervals.has(id)) return;
          arm();
          fn();
        }) as Entry;
        this.intervals.set(id, entry);
      };
      arm();
      return id;
    },
    clear: (id: number): void => {
      const entry = this.intervals.get(id);
      if (entry) entry.cancelled = true;
      this.intervals.delete(id);
    },
  };

  /** Processes every slot up to now. Public for tests that drive the wheel by hand. */
  tick(): void {
    if (this.running) return;
    this.running = true;
    try {
      const last = Math.floor(this.now() / this.slotMs);
      while (this.cursor < last) {
        this.cursor++;
        const list = this.slots.get(this.cursor);
        if (!list) continue;
        this.slots.delete(this.cursor);
        for (const entry of list) {
          if (entry.cancelled) continue;
          entry.cancelled = true;
          this.fired++;
          try {
            entry.fn();
          } catch (error) {
            this.onError(error);
          }
        }
      }
    } finally {
      this.running = false;
    }
  }

  /** Entries waiting (including cancelled ones not yet swept). */
  get pending(): number {
    let n = 0;
    for (const list of this.slots.values()) n += list.length;
    return n;
  }
}
