import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfigAllReply,
  ConfigLogReply,
  ConfigRestoreInput,
  ConfigRestoreReply,
  ConfigVersionReply,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { CONFIG_KEY } from './get-configs.ts';

/** Under the profiles' key: a save or restore anywhere makes the history stale too. */
const HISTORY_KEY = [...CONFIG_KEY, 'history'] as const;

export interface HistoryParams {
  page: number;
  limit: number;
  /** One profile's versions; null: every profile's. */
  profile: string | null;
}

/** GET /v1/switch/getConfigLog: the versions of one profile or of all, newest first. */
export function useConfigLog({ page, limit, profile }: HistoryParams) {
  return useQuery(
    queryOptions({
      queryKey: [...HISTORY_KEY, 'log', { page, limit, profile }],
      queryFn: ({ signal }) =>
        api.get<ConfigLogReply>('/v1/switch/getConfigLog', {
          query: { page, limit, _id: profile ?? undefined },
          signal,
        }),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

/** How many devices have the profile assigned (what a restore with delivery sends to). */
export function useAssignedCount(profile: string | null) {
  return useQuery({
    queryKey: [...HISTORY_KEY, 'assigned', profile],
    queryFn: ({ signal }) =>
      api.get<ConfigLogReply>('/v1/switch/getConfigLog', { query: { _id: profile!, limit: 1 }, signal }),
    enabled: Boolean(profile),
    select: (r) => r.Assigned ?? 0,
    staleTime: 0,
  });
}

/** GET /v1/config/version: one version, whole (a version never changes: kept while the screen lives). */
export function useConfigVersion(profile: string | null, revision: number | null) {
  return useQuery({
    queryKey: [...HISTORY_KEY, 'version', profile, revision],
    queryFn: ({ signal }) =>
      api.get<ConfigVersionReply>('/v1/config/version', {
        query: { _id: profile!, Revision: revision! },
        signal,
      }),
    enabled: Boolean(profile) && revision !== null,
    staleTime: Infinity,
  });
}

/** Every profile for the profile filter (all device types). */
export function useAllProfiles() {
  return useQuery({
    queryKey: [...CONFIG_KEY, 'all', 'any'],
    queryFn: ({ signal }) => api.get<ConfigAllReply>('/v1/config/getAllConfig', { signal }),
    select: (r) => r.list,
    staleTime: 0,
  });
}

/** POST /v1/config/restore; the screen says what came of it (and of the delivery) itself. */
export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfigRestoreInput) => api.post<ConfigRestoreReply>('/v1/config/restore', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONFIG_KEY }),
  });
}
