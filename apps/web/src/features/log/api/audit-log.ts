import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditFilters, AuditList, LogCountReply } from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** Everything log-shaped: what marking device entries refetches. */
export const LOGS_KEY = ['log'] as const;

export interface AuditParams extends AuditFilters {
  page: number;
  limit: number;
}

/** GET /v1/log/getAll: the audit log, newest first, paged, by the screen's filters. */
export function useAuditLog(params: AuditParams) {
  return useQuery({
    queryKey: [...LOGS_KEY, 'audit', params],
    queryFn: ({ signal }) => api.get<AuditList>('/v1/log/getAll', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** GET /v1/log/getLogCount: how many entries per level and module the same filters select. */
export function useLogCount(kind: 'audit' | 'device', filters: Record<string, string | number | undefined>) {
  return useQuery({
    queryKey: [...LOGS_KEY, 'count', kind, filters],
    queryFn: ({ signal }) =>
      api.get<LogCountReply>('/v1/log/getLogCount', { query: { kind, ...filters }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // The summary is a help beside the list, which reports a failure already.
    meta: { silent: true },
  });
}
