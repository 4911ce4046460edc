import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MapUrlReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** GET /v1/client/getMapUrl: the tile source of each map type, default views and zoom options. */
export function getMapUrl(signal?: AbortSignal): Promise<MapUrlReply> {
  return api.get<MapUrlReply>('/v1/client/getMapUrl', { signal });
}

export function mapUrlQueryOptions() {
  return queryOptions({
    queryKey: ['map', 'sources'],
    queryFn: ({ signal }) => getMapUrl(signal),
    // Server configuration: it does not change while the page is open.
    staleTime: Infinity,
    // The map says itself that it is unavailable.
    meta: { silent: true },
  });
}

export function useMapSources() {
  return useQuery(mapUrlQueryOptions());
}
