import { useEffect, useState } from 'react';
import {
  FLOW_REALTIME_HISTORY_MS,
  FLOW_TOPICS,
  LIVE_CLOSE,
  LIVE_PATH,
  LIVE_PROTOCOL,
  type FlowErrorData,
  type FlowRatePoint,
  type FlowRatesData,
  type FlowRealtimeInterval,
  type LiveMessage,
} from '@netconsole/contract';
import { backoffMs } from '#shared/live/live-client.ts';

export interface RatesTarget {
  Network?: string;
  Device?: string;
}

export interface LiveRates {
  points: FlowRatePoint[];
  /**
   * connecting until the socket is open; waiting (subscribed) until the first `flow.rates`; live
   * while they come; retrying after a drop; error after `flow.error`.
   */
  state: 'idle' | 'connecting' | 'waiting' | 'live' | 'retrying' | 'error';
  error: FlowErrorData | null;
}

/** Points kept on the chart: the history's span at the chosen beat (600 at 1 s, 20 at 30 s). */
export function keptPoints(intervalMs: number): number {
  return Math.max(20, Math.ceil(FLOW_REALTIME_HISTORY_MS / intervalMs));
}

/** Adds a message's points to those held: the first (history) replaces, later ones append. */
export function mergePoints(
  held: readonly FlowRatePoint[],
  incoming: readonly FlowRatePoint[],
  keep: number,
): FlowRatePoint[] {
  const last = held[held.length - 1]?.Time ?? -Infinity;
  const fresh = incoming.filter((p) => p.Time > last);
  return [...held, ...fresh].slice(-keep);
}

const SESSION_CLOSES: readonly number[] = [
  LIVE_CLOSE.NotSignedIn,
  LIVE_CLOSE.LoggedInElsewhere,
  LIVE_CLOSE.NoAccessRights,
];

/**
 * The live rates of a network or device (docs/analytics.md, "Live rates"): `flow.subscribe` on a
 * live socket of this screen's own, then `flow.rates` — the last minutes first, then a point each
 * interval. A socket of its own because the subscription belongs to the socket (a new subscribe
 * replaces it) and ends with it: leaving the screen closes it, and the tab's shared socket, which
 * only listens, stays as it is. Reconnects with the shared backoff and subscribes again; the
 * session's end (4010/4011/4012) stops it, as the HTTP calls tell the user.
 */
export function useLiveRates(target: RatesTarget | null, intervalMs: FlowRealtimeInterval): LiveRates {
  const network = target?.Network;
  const device = target?.Device;
  // A new target or beat starts from nothing: reset while rendering, not in the effect.
  const key = `${network ?? ''}|${device ?? ''}|${intervalMs}`;
  const [rates, setRates] = useState<LiveRates & { key: string }>(() => fresh(key, network ?? device));
  if (rates.key !== key) setRates(fresh(key, network ?? device));

  useEffect(() => {
    if (!network && !device) return undefined;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    const keep = keptPoints(intervalMs);

    const connect = () => {
      const { protocol, host } = window.location;
      const ws = new WebSocket(`${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${LIVE_PATH}`, [
        LIVE_PROTOCOL,
      ]);
      socket = ws;
      ws.onmessage = (event: MessageEvent) => {
        if (socket !== ws || stopped || typeof event.data !== 'string') return;
        let message: LiveMessage;
        try {
          message = JSON.parse(event.data) as LiveMessage;
        } catch {
          return;
        }
        if (message.topic === 'ready') {
          attempt = 0;
          const data = { ...(network ? { Network: network } : { Device: device }), IntervalMs: intervalMs };
          ws.send(JSON.stringify({ topic: FLOW_TOPICS.Subscribe, data }));
          setRates((r) => (r.state === 'live' ? r : { ...r, state: 'waiting' }));
        } else if (message.topic === FLOW_TOPICS.Rates) {
          const data = message.data as FlowRatesData;
          setRates((r) => ({
            ...r,
            points: mergePoints(r.points, data.Points, keep),
            state: 'live',
            error: null,
          }));
        } else if (message.topic === FLOW_TOPICS.Error) {
          stopped = true;
          ws.close(1000);
          setRates((r) => ({ ...r, state: 'error', error: message.data as FlowErrorData }));
        }
      };
      ws.onclose = (event: CloseEvent) => {
        if (socket !== ws || stopped) return;
        socket = null;
        if (SESSION_CLOSES.includes(event.code)) return setRates((r) => ({ ...r, state: 'idle' }));
        setRates((r) => ({ ...r, state: 'retrying' }));
        const wait = event.code === LIVE_CLOSE.TooManySockets ? 60_000 : backoffMs(attempt++);
        timer = setTimeout(connect, wait);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      const ws = socket;
      socket = null;
      if (ws && ws.readyState <= WebSocket.OPEN) ws.close(1000);
    };
  }, [network, device, intervalMs]);

  return rates;
}

function fresh(key: string, target: string | undefined): LiveRates & { key: string } {
  return { key, points: [], state: target ? 'connecting' : 'idle', error: null };
}
