import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { TopologyOrient } from './topology-model.ts';

const ORIENT_KEY = 'topologyOrient';

function storedOrient(): TopologyOrient {
  try {
    return localStorage.getItem(ORIENT_KEY) === 'TB' ? 'TB' : 'LR';
  } catch {
    return 'LR';
  }
}

export interface TopologyParams {
  /** The network shown (query `_id`, as the dashboard links it). */
  network: string | null;
  orient: TopologyOrient;
  /** A history record's id, or null for the topology now. */
  record: string | null;
}

/**
 * The screen's choices live in the URL (`?_id=&orient=&record=`), so the dashboard can link a
 * network, the full-window view opens the same one, and back and reload keep the place. The
 * orientation chosen last is remembered for the next visit.
 */
export type UpdateTopologyParams = (next: Partial<TopologyParams>, opts?: { replace?: boolean }) => void;

export function useTopologyParams(): [TopologyParams, UpdateTopologyParams] {
  const [search, setSearch] = useSearchParams();
  const orientParam = search.get('orient');
  const params: TopologyParams = {
    network: search.get('_id') || null,
    orient: orientParam === 'LR' || orientParam === 'TB' ? orientParam : storedOrient(),
    record: search.get('record') || null,
  };
  const update = useCallback<UpdateTopologyParams>(
    (next, opts) => {
      if (next.orient) {
        try {
          localStorage.setItem(ORIENT_KEY, next.orient);
        } catch {
          // private mode: only this visit keeps it
        }
      }
      setSearch(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const [key, name] of [
            ['network', '_id'],
            ['orient', 'orient'],
            ['record', 'record'],
          ] as const) {
            if (!(key in next)) continue;
            const value = next[key];
            if (value) out.set(name, value);
            else out.delete(name);
          }
          return out;
        },
        // Choosing a network is a step Back returns from; other choices replace the entry.
        { replace: opts?.replace ?? !('network' in next) },
      );
    },
    [setSearch],
  );
  return [params, update];
}

export function topologyLink(path: string, params: Partial<TopologyParams>): string {
  const q = new URLSearchParams();
  if (params.network) q.set('_id', params.network);
  if (params.orient) q.set('orient', params.orient);
  if (params.record) q.set('record', params.record);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * Without a network in the URL (e.g. a bare /dashboard/topoView), the first one opens; the address
 * is replaced, so back does not return to the empty choice.
 */
export function useFirstNetworkByDefault(
  params: TopologyParams,
  update: UpdateTopologyParams,
  firstNetwork: string | undefined,
): void {
  useEffect(() => {
    if (!params.network && firstNetwork) update({ network: firstNetwork }, { replace: true });
  }, [params.network, firstNetwork, update]);
}
