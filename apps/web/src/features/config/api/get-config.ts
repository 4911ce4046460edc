import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConfigReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { CONFIG_KEY } from './get-configs.ts';

/** GET /v1/config/detail: one profile (passwords only as set or not). */
export function getConfig(id: string, signal?: AbortSignal): Promise<ConfigReply> {
  return api.get<ConfigReply>('/v1/config/detail', { query: { _id: id }, signal });
}

export function configQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...CONFIG_KEY, 'detail', id],
    queryFn: ({ signal }) => getConfig(id, signal),
    // A form opens on what the server holds now, not on a copy from an earlier visit.
    staleTime: 0,
    gcTime: 0,
  });
}

/** `id` null: nothing to load (a new profile). */
export function useConfig(id: string | null) {
  return useQuery({ ...configQueryOptions(id ?? ''), enabled: Boolean(id) });
}
