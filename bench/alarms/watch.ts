/**
 * How `npm run bench:alarms` sees alarms arrive: in the store, by polling the alarm list as the
 * tenant (GET /v1/alarm/list, raised since the outage, every `pollMs`), and on the live socket (a
 * WebSocket on /v1/ws signed in as the tenant, topic `alarm`). Each keeps, per alarm, when it was
 * first seen (this machine's clock, as the server's own stamps) and the latest item with when its
 * `Behind` last changed (root-cause suppression may count the devices behind a switch after its
 * alarm was written).
 */
import WebSocket from 'ws';
import {
  LIVE_PATH,
  LIVE_PROTOCOL,
  LIVE_TOKEN_PROTOCOL_PREFIX,
  type AlarmItem,
  type LiveMessage,
} from '@netconsole/contract';
import type { Api } from '../ingest/api.ts';

export interface Sighting {
  item: AlarmItem;
  /** First seen, Unix ms. */
  firstAt: number;
  /** When `item.Behind` took its present value. */
  behindAt: number;
}

/** What one observer saw, by alarm id. */
export class Sightings {
  readonly byId = new Map<string, Sighting>();

  see(item: AlarmItem, at: number): void {
    const known = this.byId.get(item._id);
    if (!known) {
      this.byId.set(item._id, { item, firstAt: at, behindAt: at });
      return;
    }
    if (item.Behind !== known.item.Behind) known.behindAt = at;
    known.item = item;
  }

  list(pick: (a: AlarmItem) => boolean = () => true): Sighting[] {
    return [...this.byId.values()].filter((s) => pick(s.item));
  }
}

/** Polls the alarm list for alarms raised since `from` (Unix ms). */
export class StorePoller extends Sightings {
  private stopped = false;
  private readonly done: Promise<void>;
  polls = 0;
  /** Why the polling ended early (a refused read), thrown by `stop`. */
  failure: Error | null = null;

  constructor(
    private readonly api: Api,
    from: number,
    readonly pollMs: number,
  ) {
    super();
    this.done = this.loop(from).catch((err: unknown) => {
      this.failure = err instanceof Error ? err : new Error(String(err));
    });
  }

  private async loop(from: number): Promise<void> {
    while (!this.stopped) {
      const t = performance.now();
      for (let page = 1; ; page++) {
        const r = await this.api.call<{ list: AlarmItem[]; count: number }>(
          'GET',
          `/v1/alarm/list?From=${from}&limit=500&page=${page}`,
        );
        const at = Date.now();
        for (const item of r.list) this.see(item, at);
        if (r.list.length < 500) break;
      }
      this.polls++;
      const wait = this.pollMs - (performance.now() - t);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.done;
    if (this.failure) throw this.failure;
  }
}

/** The console's live socket as the tenant; `ready` resolves once the server subscribed it. */
export class LiveAlarms extends Sightings {
  private readonly ws: WebSocket;
  readonly ready: Promise<void>;
  messages = 0;
  closed: string | null = null;

  constructor(tenant: Api) {
    super();
    this.ws = new WebSocket(`${tenant.baseURL.replace(/^http/, 'ws')}${LIVE_PATH}`, [
      LIVE_PROTOCOL,
      `${LIVE_TOKEN_PROTOCOL_PREFIX}${tenant.sessionToken}`,
    ]);
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the live socket sent no ready within 30 s')), 30_000);
      this.ws.on('message', (data) => {
        const at = Date.now();
        this.messages++;
        const m = JSON.parse(String(data)) as LiveMessage;
        if (m.topic === 'ready') {
          clearTimeout(timer);
          resolve();
        } else if (m.topic === 'alarm') this.see(m.data as AlarmItem, at);
      });
      this.ws.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      this.ws.on('close', (code, reason) => {
        clearTimeout(timer);
        this.closed = `${code} ${reason.toString()}`;
        reject(new Error(`the live socket closed: ${this.closed}`));
      });
    });
  }

  close(): void {
    this.ws.close();
  }
}
