import {
  LIVE_CLOSE,
  LIVE_PATH,
  LIVE_PROTOCOL,
  type AlarmItem,
  type ClientLiveData,
  type CommandItem,
  type LiveDeviceData,
  type LiveMessage,
  type LiveReadyData,
} from '@netconsole/contract';
import { getSession, subscribeSession } from '../session.ts';

/**
 * The tab's one live socket (GET /v1/ws): opened when the first subscriber comes, closed a little
 * after the last one goes, reconnected with backoff, re-opened when the session's token changes and
 * paused while signed out. The Token cookie authenticates it. Messages are `{topic, data}`; `ready`
 * comes first on every (re)connection — what happened while the socket was away is in the REST
 * lists, so `ready` is the moment to refetch them.
 */

/** The topics and what their data is (packages/contract api/live.ts and its neighbours). */
export interface LiveTopics {
  ready: LiveReadyData;
  device: LiveDeviceData;
  command: CommandItem;
  client: ClientLiveData;
  /** An alarm raised, cleared or treated (the alarm domain). */
  alarm: AlarmItem;
}
export type LiveTopic = keyof LiveTopics;

/**
 * idle: no subscriber; connecting; open (after `ready`); retrying (waiting to reconnect); paused:
 * signed out, or the server ended the session (a new token resumes).
 */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'retrying' | 'paused';

/** The socket stays this long after its last subscriber left (moving between screens). */
export const LINGER_MS = 10_000;
/** After 4029 (every slot of the session taken by other tabs). */
export const CROWDED_RETRY_MS = 60_000;
const SESSION_CLOSES: readonly number[] = [
  LIVE_CLOSE.NotSignedIn,
  LIVE_CLOSE.LoggedInElsewhere,
  LIVE_CLOSE.NoAccessRights,
];

/** Reconnection delay: doubling from 1 s to 30 s, the second half random so tabs do not stampede. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 1000 * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

type Handler = (data: unknown) => void;

const handlers = new Map<string, Set<Handler>>();
const statusListeners = new Set<() => void>();
let subscribers = 0;
let socket: WebSocket | null = null;
let socketToken: string | null = null;
let status: LiveStatus = 'idle';
let attempt = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let lingerTimer: ReturnType<typeof setTimeout> | undefined;
let watchingSession: (() => void) | null = null;

function setStatus(next: LiveStatus): void {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

export function getLiveStatus(): LiveStatus {
  return status;
}

export function subscribeLiveStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

function liveUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${LIVE_PATH}`;
}

function dispatch(message: LiveMessage): void {
  for (const handler of [...(handlers.get(message.topic) ?? [])]) {
    try {
      handler(message.data);
    } catch (error) {
      // One screen's mistake must not silence the others.
      console.error(error);
    }
  }
}

function parse(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as Partial<LiveMessage>;
    return typeof message.topic === 'string' ? (message as LiveMessage) : null;
  } catch {
    return null;
  }
}

function drop(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  const old = socket;
  socket = null;
  socketToken = null;
  if (old && old.readyState <= WebSocket.OPEN) old.close(1000);
}

function retryIn(ms: number): void {
  setStatus('retrying');
  clearTimeout(retryTimer);
  retryTimer = setTimeout(connect, ms);
}

function connect(): void {
  drop();
  const token = getSession().token;
  if (subscribers === 0) return setStatus('idle');
  if (!token) return setStatus('paused');
  const ws = new WebSocket(liveUrl(), [LIVE_PROTOCOL]);
  socket = ws;
  socketToken = token;
  setStatus('connecting');
  ws.onmessage = (event: MessageEvent) => {
    if (socket !== ws) return;
    const message = parse(event.data);
    if (!message) return;
    if (message.topic === 'ready') {
      attempt = 0;
      setStatus('open');
    }
    dispatch(message);
  };
  ws.onclose = (event: CloseEvent) => {
    if (socket !== ws) return;
    socket = null;
    if (subscribers === 0) return setStatus('idle');
    // The session is over: the HTTP calls say so to the user; a new sign-in (new token) resumes.
    if (SESSION_CLOSES.includes(event.code)) return setStatus('paused');
    if (event.code === LIVE_CLOSE.TooManySockets) return retryIn(CROWDED_RETRY_MS);
    retryIn(backoffMs(attempt++));
  };
}

/** A new sign-in, a sign-out, another account: the socket follows the session's token. */
function onSession(): void {
  const token = getSession().token;
  if (token === socketToken && (socket || status === 'retrying')) return;
  if (!token) {
    drop();
    setStatus(subscribers > 0 ? 'paused' : 'idle');
    return;
  }
  attempt = 0;
  if (subscribers > 0) connect();
}

/** Listens to a topic; the socket opens with the first listener. Returns the way to stop. */
export function subscribeLive(topic: string, handler: Handler): () => void {
  let set = handlers.get(topic);
  if (!set) handlers.set(topic, (set = new Set()));
  set.add(handler);
  subscribers += 1;
  clearTimeout(lingerTimer);
  watchingSession ??= subscribeSession(onSession);
  if (!socket && status !== 'retrying' && status !== 'paused') connect();
  else if (status === 'paused' && getSession().token && !socket) connect();
  let active = true;
  return () => {
    if (!active) return;
    active = false;
    set.delete(handler);
    subscribers -= 1;
    if (subscribers > 0) return;
    clearTimeout(lingerTimer);
    lingerTimer = setTimeout(() => {
      if (subscribers > 0) return;
      drop();
      watchingSession?.();
      watchingSession = null;
      setStatus('idle');
    }, LINGER_MS);
  };
}
