import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CurrentUser,
  DeliveryStatus,
  ListReply,
  DeliveryItem,
  DeliveryDeviceItem,
  FirmwareDispatchInput,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** Everything upgrade-shaped: what a new upgrade, a cancel or a reconnection refetches. */
export const UPGRADE_KEY = ['firmware-upgrade'] as const;
export const UPGRADE_LIST_KEY = [...UPGRADE_KEY, 'list'] as const;
export const UPGRADE_DEVICES_KEY = [...UPGRADE_KEY, 'devices'] as const;

export interface UpgradeListParams {
  page: number;
  limit: number;
  /** Part of the image's model or version; empty means all. */
  search: string;
  status?: DeliveryStatus;
}

/** GET /v1/issued/fw: firmware upgrades with their progress, newest first. */
export function useUpgrades(params: UpgradeListParams) {
  return useQuery({
    queryKey: [...UPGRADE_LIST_KEY, params],
    queryFn: ({ signal }) =>
      api.get<ListReply<DeliveryItem>>('/v1/issued/fw', {
        query: {
          page: params.page,
          limit: params.limit,
          search: params.search || undefined,
          Status: params.status,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export interface UpgradeDevicesParams {
  page: number;
  limit: number;
}

/** GET /v1/issued/device: the devices of one upgrade, each with what it reported. */
export function useUpgradeDevices(id: string, params: UpgradeDevicesParams) {
  return useQuery({
    queryKey: [...UPGRADE_DEVICES_KEY, id, params],
    queryFn: ({ signal }) =>
      api.get<ListReply<DeliveryDeviceItem>>('/v1/issued/device', {
        query: { _id: id, page: params.page, limit: params.limit, sort: 'Alias' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /v1/issued/cancel (docs/api-extensions.tsv): the upgrade as it stands after the cancel. */
export function useCancelUpgrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<{ list: DeliveryItem }>('/v1/issued/cancel', { _id: id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: UPGRADE_KEY }),
  });
}

/** POST /v1/config/fw/dispatch; the form shows a refusal on its field, so the toast stays quiet. */
export function useNewUpgrade() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: FirmwareDispatchInput) =>
      api.post<{ list: DeliveryItem }>('/v1/config/fw/dispatch', body),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: UPGRADE_KEY }),
  });
}

/** GET /v1/user/getCurrentUser: whose upgrades are "by you" (the list carries the creator's id). */
export function useMyUserId() {
  return useQuery({
    queryKey: ['user', 'current'],
    queryFn: ({ signal }) => api.get<CurrentUser>('/v1/user/getCurrentUser', { signal }),
    select: (user) => user._id,
    staleTime: Infinity,
  });
}
