import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  getLiveStatus,
  subscribeLive,
  subscribeLiveStatus,
  type LiveStatus,
  type LiveTopic,
  type LiveTopics,
} from './live-client.ts';

/**
 * Calls `handler` with the data of every live message of `topic` while the component is mounted
 * (and `enabled`). The latest handler is used, so it may close over state freely.
 */
export function useLive<T extends LiveTopic>(
  topic: T,
  handler: (data: LiveTopics[T]) => void,
  enabled = true,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!enabled) return undefined;
    return subscribeLive(topic, (data) => latest.current(data as LiveTopics[T]));
  }, [topic, enabled]);
}

/** The tab's socket: `open` while messages flow (e.g. to poll only when it is not). */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeLiveStatus, getLiveStatus);
}

export interface LiveInvalidateOptions<T extends LiveTopic> {
  /** Only the messages this accepts invalidate (default: all). */
  when?: (data: LiveTopics[T]) => boolean;
  /** A burst of messages makes one refetch after this pause (ms). */
  delayMs?: number;
  /** Listens only while true (default: true). */
  enabled?: boolean;
}

/**
 * Refetches the queries under `keys` (prefixes, as invalidateQueries takes them) when a message of
 * `topic` comes, at most once per `delayMs`, and on every (re)connection of the socket: what
 * happened while it was away is only in the lists.
 */
export function useLiveInvalidate<T extends LiveTopic>(
  topic: T,
  keys: readonly QueryKey[],
  options: LiveInvalidateOptions<T> = {},
): void {
  const queryClient = useQueryClient();
  const { when, delayMs = 300, enabled = true } = options;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ keys, when });
  useEffect(() => {
    latest.current = { keys, when };
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  const refetchSoon = () => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      for (const queryKey of latest.current.keys) void queryClient.invalidateQueries({ queryKey });
    }, delayMs);
  };
  useLive(
    topic,
    (data) => {
      if (!latest.current.when || latest.current.when(data)) refetchSoon();
    },
    enabled,
  );
  useLive('ready', refetchSoon, enabled);
}
