import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CONFIG_SORTS, ConfigItem, ConfigType, ListReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

export type ConfigSort = (typeof CONFIG_SORTS)[number];

export interface ConfigListParams {
  page: number;
  limit: number;
  sort: ConfigSort;
  /** Part of the name or the description; empty means all. */
  search: string;
  type: ConfigType;
}

/** Everything profile-shaped: what a change invalidates. */
export const CONFIG_KEY = ['config'] as const;

/** GET /v1/config/get: the tenant's own profiles of one device type, paged. */
export function getConfigs(
  { page, limit, sort, search, type }: ConfigListParams,
  signal?: AbortSignal,
): Promise<ListReply<ConfigItem>> {
  return api.get<ListReply<ConfigItem>>('/v1/config/get', {
    query: { page, limit, sort, search: search || undefined, Type: type },
    signal,
  });
}

export function configsQueryOptions(params: ConfigListParams) {
  return queryOptions({
    queryKey: [...CONFIG_KEY, 'list', params],
    queryFn: ({ signal }) => getConfigs(params, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useConfigs(params: ConfigListParams) {
  return useQuery(configsQueryOptions(params));
}
