/**
 * The console's live sockets (GET /v1/ws): each listens on the LiveHub with its session's rights
 * and writes what it hears as JSON. The sockets go when their session does — sign-out, a sign-in
 * elsewhere (4011), time-out, a blocked tenant or account — found by re-reading the sessions after
 * every changing call and on a timer; dead peers go by heartbeat; a peer that cannot keep up is
 * dropped rather than buffered without end.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import {
  ErrorCode,
  LIVE_CLOSE,
  errorText,
  liveMessage,
  type Lang,
  type LiveReadyData,
} from '@netconsole/contract';
import { scopeOf, type Principal } from '../../platform/auth/guard.ts';
import type { Clock } from '../../platform/ids.ts';
import type { LiveHub, LiveMessage } from '../../platform/realtime/hub.ts';
import type { Db } from '../../platform/store/db.ts';
import { sessionStandings, type SessionStanding } from './store.ts';

export interface LiveLimits {
  /** Sockets one session may hold at once (one a browser tab). */
  perSession: number;
  /** A socket whose unsent data grows past this is closed: the client reconnects and refetches. */
  maxBufferedBytes: number;
  /** Ping period; a socket that did not answer the previous ping by the next is ended. */
  pingEveryMs: number;
  /** Period of re-reading the sessions (time-outs); changing calls trigger a re-read at once. */
  checkEveryMs: number;
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  perSession: 10,
  maxBufferedBytes: 1 << 20,
  pingEveryMs: 30_000,
  checkEveryMs: 15_000,
};

/** Sessions re-read in one query. */
const CHECK_BATCH = 500;

interface Connection {
  socket: WebSocket;
  sessionId: string;
  lang: Lang;
  alive: boolean;
  stop: () => void;
}

/** The frame of a message, written once however many sockets send it. */
const frames = new WeakMap<LiveMessage, string>();
function frameOf(message: LiveMessage): string {
  let frame = frames.get(message);
  if (frame === undefined) frames.set(message, (frame = JSON.stringify(message)));
  return frame;
}

/** The close code and catalogue code of a session that no longer stands, or null while it does. */
function verdictOf(s: SessionStanding | undefined, now: number): number | null {
  if (!s) return LIVE_CLOSE.NotSignedIn;
  if (s.endedAt !== null) {
    if (s.endReason === 'elsewhere') return LIVE_CLOSE.LoggedInElsewhere;
    if (s.endReason === 'disabled') return LIVE_CLOSE.NoAccessRights;
    return LIVE_CLOSE.NotSignedIn;
  }
  if (!s.accountNormal) return LIVE_CLOSE.NoAccessRights;
  return s.expiresAt <= now ? LIVE_CLOSE.NotSignedIn : null;
}

/** A close reason fits in 123 bytes; the catalogue's texts do, in both languages. */
export function closeReason(code: number, lang: Lang): string {
  if (code === LIVE_CLOSE.TooManySockets) return 'too many live connections for this session';
  const text = errorText(code, lang);
  return Buffer.byteLength(text) <= 123 ? text : String(code);
}

export class LiveSockets {
  private readonly connections = new Set<Connection>();
  private readonly limits: LiveLimits;
  private timers: NodeJS.Timeout[] = [];
  private checking: Promise<void> | null = null;
  private recheck = false;

  constructor(
    private readonly deps: { db: Db; clock: Clock; hub: LiveHub; log: FastifyBaseLogger },
    limits: Partial<LiveLimits> = {},
  ) {
    this.limits = { ...DEFAULT_LIVE_LIMITS, ...limits };
  }

  get size(): number {
    return this.connections.size;
  }

  start(): void {
    if (this.timers.length > 0) return;
    const ping = setInterval(() => this.heartbeat(), this.limits.pingEveryMs);
    const check = setInterval(() => void this.check(), this.limits.checkEveryMs);
    ping.unref();
    check.unref();
    this.timers = [ping, check];
  }

  /** Server shutdown: every socket is told to come back later. */
  stop(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    for (const c of [...this.connections]) this.end(c, LIVE_CLOSE.GoingAway, 'server restarting');
  }

  /** Takes over a socket whose session was just resolved: subscribes it with that session's rights. */
  open(socket: WebSocket, principal: Principal, lang: Lang): void {
    const held = [...this.connections].filter((c) => c.sessionId === principal.sessionId).length;
    if (held >= this.limits.perSession) {
      socket.close(LIVE_CLOSE.TooManySockets, closeReason(LIVE_CLOSE.TooManySockets, lang));
      return;
    }
    const scope = scopeOf(principal);
    const conn: Connection = {
      socket,
      sessionId: principal.sessionId,
      lang,
      alive: true,
      stop: () => undefined,
    };
    const closers: (() => void)[] = [];
    const unsubscribe = this.deps.hub.subscribe(scope, (message) => this.send(conn, message));
    conn.stop = () => {
      unsubscribe();
      for (const fn of closers.splice(0)) fn();
    };
    this.connections.add(conn);
    socket.on('pong', () => {
      conn.alive = true;
    });
    // What a client sends goes to the domain that took its topic (hub.onClientMessage); anything
    // else, binary frames and text that is not a {topic, data} message are ignored (the size limit
    // is the plugin's).
    const receive = this.deps.hub.inboundFor({
      scope,
      lang,
      send: (message) => this.send(conn, message),
      onClose: (fn) => closers.push(fn),
    });
    socket.on('message', (raw, isBinary) => {
      if (isBinary) return;
      const message = inboundMessage(String(raw));
      if (message) receive(message.topic, message.data);
    });
    socket.on('close', () => this.forget(conn));
    const ready: LiveReadyData = { Tenant: scope.admin ? null : scope.tenantId };
    this.send(conn, { topic: 'ready', data: ready });
  }

  private send(conn: Connection, message: LiveMessage): void {
    const { socket } = conn;
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.limits.maxBufferedBytes) {
      // A peer that does not read: dropping it costs a refetch, buffering costs the server's memory.
      this.deps.log.debug({ buffered: socket.bufferedAmount }, 'live socket too slow; dropped');
      this.forget(conn);
      socket.terminate();
      return;
    }
    socket.send(frameOf(message));
  }

  private forget(conn: Connection): void {
    if (!this.connections.delete(conn)) return;
    conn.stop();
  }

  private end(conn: Connection, code: number, reason: string): void {
    this.forget(conn);
    conn.socket.close(code, reason);
  }

  private heartbeat(): void {
    for (const conn of [...this.connections]) {
      if (!conn.alive) {
        this.forget(conn);
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }

  /**
   * Re-reads the sessions of the open sockets and closes those whose session ended (its code: 4010,
   * 4011, 4012). Calls arriving during a check make one more check after it, not one each.
   */
  check(): Promise<void> {
    if (this.checking) {
      this.recheck = true;
      return this.checking;
    }
    if (this.connections.size === 0) return Promise.resolve();
    this.checking = this.checkOnce()
      .catch((err: unknown) => this.deps.log.warn({ err }, 'checking live sessions failed'))
      .finally(() => {
        this.checking = null;
        if (this.recheck) {
          this.recheck = false;
          void this.check();
        }
      });
    return this.checking;
  }

  private async checkOnce(): Promise<void> {
    const ids = [...new Set([...this.connections].map((c) => c.sessionId))];
    const asked = new Set(ids);
    const standing = new Map<string, SessionStanding>();
    for (let i = 0; i < ids.length; i += CHECK_BATCH) {
      for (const s of await sessionStandings(this.deps.db, ids.slice(i, i + CHECK_BATCH))) {
        standing.set(s.id, s);
      }
    }
    const now = this.deps.clock();
    for (const conn of [...this.connections]) {
      if (!asked.has(conn.sessionId)) continue;
      const code = verdictOf(standing.get(conn.sessionId), now);
      if (code !== null) this.end(conn, code, closeReason(code, conn.lang));
    }
  }
}

/** The codes a refused or ended socket closes with, from the session check's error (AppError code). */
export function closeCodeOf(errorCode: number): number {
  if (errorCode === ErrorCode.LoggedInElsewhere) return LIVE_CLOSE.LoggedInElsewhere;
  if (errorCode === ErrorCode.NoAccessRights) return LIVE_CLOSE.NoAccessRights;
  return LIVE_CLOSE.NotSignedIn;
}

/** A client's text frame as a `{topic, data}` message, or null. */
function inboundMessage(text: string): { topic: string; data: unknown } | null {
  try {
    const parsed: unknown = JSON.parse(text);
    const m = liveMessage.safeParse(parsed);
    return m.success ? { topic: m.data.topic, data: m.data.data } : null;
  } catch {
    return null;
  }
}
