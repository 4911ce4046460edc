import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConfigAllReply,
  ConfigDeviceItem,
  CurrentUser,
  DeliveryDeviceItem,
  DeliveryInput,
  DeliveryItem,
  DeliveryReply,
  DeliveryStatus,
  ListReply,
} from '@netconsole/contract';
import { api } from '#shared/api-client.ts';

/** Everything delivery-shaped: what a new delivery, a cancel or a reconnection refetches. */
export const DELIVERY_KEY = ['config-delivery'] as const;
export const DELIVERY_LIST_KEY = [...DELIVERY_KEY, 'list'] as const;
export const DELIVERY_DEVICES_KEY = [...DELIVERY_KEY, 'devices'] as const;

export interface DeliveryListParams {
  page: number;
  limit: number;
  /** Part of the profile name; empty means all. */
  search: string;
  status?: DeliveryStatus;
}

/** GET /v1/issued/config: configuration deliveries with their progress, newest first. */
export function useDeliveries(params: DeliveryListParams) {
  return useQuery(
    queryOptions({
      queryKey: [...DELIVERY_LIST_KEY, params],
      queryFn: ({ signal }) =>
        api.get<ListReply<DeliveryItem>>('/v1/issued/config', {
          query: {
            page: params.page,
            limit: params.limit,
            search: params.search || undefined,
            Status: params.status,
          },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  );
}

export interface DeliveryDevicesParams {
  page: number;
  limit: number;
}

/** GET /v1/issued/device: the devices of one delivery, each with what it reported. */
export function useDeliveryDevices(id: string, params: DeliveryDevicesParams) {
  return useQuery({
    queryKey: [...DELIVERY_DEVICES_KEY, id, params],
    queryFn: ({ signal }) =>
      api.get<ListReply<DeliveryDeviceItem>>('/v1/issued/device', {
        query: { _id: id, page: params.page, limit: params.limit, sort: 'Alias' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /v1/issued/cancel (docs/api-extensions.tsv): the delivery as it stands after the cancel. */
export function useCancelDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<DeliveryReply>('/v1/issued/cancel', { _id: id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: DELIVERY_KEY }),
  });
}

/**
 * POST /v1/config/newdispatch. The form shows a refusal itself (on its field, or above the
 * buttons), so the global toast stays quiet.
 */
export function useNewDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeliveryInput) => api.post<DeliveryReply>('/v1/config/newdispatch', body),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DELIVERY_KEY }),
  });
}

/** GET /v1/config/getAllConfig: every profile, for the profile choice. */
export function useAllProfiles() {
  return useQuery({
    queryKey: [...DELIVERY_KEY, 'profiles'],
    queryFn: ({ signal }) => api.get<ConfigAllReply>('/v1/config/getAllConfig', { signal }),
  });
}

export interface TargetFilter {
  /** The profile's _id: the devices of its type it can go to. */
  profile: string;
  network?: string;
  model?: string;
  search: string;
  /** Only devices whose running revision differs from what they should run. */
  drift: boolean;
}

function targetQuery(f: TargetFilter, page: number, limit: number) {
  return {
    _id: f.profile,
    Parent: f.network,
    Model: f.model || undefined,
    search: f.search || undefined,
    Drift: f.drift ? '1' : undefined,
    page,
    limit,
  };
}

/** GET /v1/config/apdevice: one page of the devices a profile can be delivered to (none before a profile). */
export function useTargetDevices(filter: TargetFilter | null, page: number, limit: number) {
  return useQuery({
    queryKey: [...DELIVERY_KEY, 'targets', filter, page, limit],
    queryFn: ({ signal }) =>
      api.get<ListReply<ConfigDeviceItem>>('/v1/config/apdevice', {
        query: targetQuery(filter!, page, limit),
        signal,
      }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });
}

/** The server's largest page (paging MAX_LIMIT). */
const ALL_PAGE = 500;

/**
 * "Select all N matching": the ids of every matching device, page after page, stopping once
 * `atMost` are known (a delivery takes at most DELIVERY_MAX_DEVICES; the caller says so).
 */
export async function matchingTargetIds(filter: TargetFilter, atMost: number): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const reply = await api.get<ListReply<ConfigDeviceItem>>('/v1/config/apdevice', {
      query: targetQuery(filter, page, ALL_PAGE),
    });
    ids.push(...reply.list.map((d) => d._id));
    if (ids.length >= atMost || reply.list.length < ALL_PAGE || ids.length >= reply.count) break;
  }
  return ids.slice(0, atMost);
}

/** GET /v1/user/getCurrentUser: whose deliveries are "by you" (the list carries the creator's id). */
export function useMyUserId() {
  return useQuery({
    queryKey: ['user', 'current'],
    queryFn: ({ signal }) => api.get<CurrentUser>('/v1/user/getCurrentUser', { signal }),
    select: (user) => user._id,
    staleTime: Infinity,
  });
}
