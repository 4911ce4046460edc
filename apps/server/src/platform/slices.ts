/**
 * Long passes over memory (every client of the node, every dirty row of a batch) cut into slices, so
 * HTTP requests and device messages get the event loop between them. A pass that walks 100,000
 * clients in one go holds every request for ~100 ms; in slices of SLICE_MS the longest wait is a
 * slice. Between slices the pass may see its collections change: each caller says why that is safe.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** The longest a pass runs before letting the event loop serve others. */
export const SLICE_MS = 4;
/** Items taken between two looks at the clock. */
const STEP = 64;

/**
 * A pass's clock: call `due()` after each item; every STEP items it looks at the clock and, once
 * the slice is used up, resolves after the event loop's next turn (otherwise at once, with no
 * allocation on the common path: `false` for "go on").
 */
export class Slicer {
  private taken = 0;
  private until: number;

  constructor(private readonly ms = SLICE_MS) {
    this.until = performance.now() + ms;
  }

  /** `null` to go on at once, or a promise to await before the next item. */
  due(): Promise<void> | null {
    if (++this.taken % STEP !== 0 || performance.now() < this.until) return null;
    return nextTurn().then(() => {
      this.until = performance.now() + this.ms;
    });
  }
}
