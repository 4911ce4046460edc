import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DeviceType,
  type ConfigAllReply,
  type ConfigGroupsReply,
  type ConfigReply,
  type WirelessGroupInput,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';
import { CONFIG_KEY } from './get-configs.ts';

/**
 * GET /v1/config/groups without a filter: every wireless group of the tenant's AP profiles. The call
 * is not paged (a profile holds 8 groups at most); the wireless screen filters and pages what it got,
 * and checks a new group's SSID against its profile's others with the same list.
 */
export function getWirelessGroups(signal?: AbortSignal): Promise<ConfigGroupsReply> {
  return api.get<ConfigGroupsReply>('/v1/config/groups', { signal });
}

export function useWirelessGroups() {
  return useQuery({
    queryKey: [...CONFIG_KEY, 'groups'],
    queryFn: ({ signal }) => getWirelessGroups(signal),
    staleTime: 0,
  });
}

/** GET /v1/config/getAllConfig?Type=2: the AP profiles a group can go to (those of settings, not of a file). */
export function useApProfiles() {
  return useQuery({
    queryKey: [...CONFIG_KEY, 'all', DeviceType.AP],
    queryFn: ({ signal }) =>
      api.get<ConfigAllReply>('/v1/config/getAllConfig', { query: { Type: DeviceType.AP }, signal }),
    select: (reply) => reply.list.filter((p) => p.Source === 'settings'),
    staleTime: 0,
  });
}

export interface SaveGroupBody {
  /** The profile's _id. */
  _id: string;
  Group: WirelessGroupInput;
  /** The stored name of the group this one replaces (an edit); absent: a new group. */
  Replace?: string;
}

/**
 * POST /v1/config/add/groups: a new group, or with `Replace` the edited one (the profile's next
 * revision either way). The editor shows a refusal itself, so the global toast stays quiet.
 */
export function useSaveWirelessGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveGroupBody) => api.post<ConfigReply>('/v1/config/add/groups', body),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONFIG_KEY }),
  });
}

/** DELETE /v1/config/del/groups: some groups of one profile by name, in one revision. */
export function useDeleteWirelessGroups() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { _id: string; Names: string[] }) =>
      api.delete<ConfigReply>('/v1/config/del/groups', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CONFIG_KEY }),
  });
}
