import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#shared/api-client.ts';

export interface SystemVersion {
  name: string;
  version: string;
  mode: 'cloud' | 'controller';
}

export function getSystemVersion(signal?: AbortSignal): Promise<SystemVersion> {
  return api.get<SystemVersion>('/system/version', { signal });
}

export function systemVersionQueryOptions() {
  return queryOptions({
    queryKey: ['system', 'version'],
    queryFn: ({ signal }) => getSystemVersion(signal),
    staleTime: Infinity,
  });
}

export function useSystemVersion() {
  return useQuery(systemVersionQueryOptions());
}
